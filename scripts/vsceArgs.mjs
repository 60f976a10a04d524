// vsce's arguments for packaging, shared by `npm run package` (scripts/package.mjs) and
// test/packageCheck.mjs. The README's screenshots (docs/screenshots/, not shipped) are relative
// links: vsce rewrites them to the repository that package.json's `repository` names (GitHub and
// GitLab are detected), and that is where the Marketplace page loads them from. Without a
// `repository` there is nothing true to point them at: they stay relative (they show on the
// repository's own page, not on the Marketplace) and `npm run package` says so. A base URL given
// on the command line (`npm run package -- --baseImagesUrl <url>`) wins.
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** The repository's URL from package.json, or undefined. */
export function repositoryUrl() {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const repository = pkg.repository;
    return typeof repository === "string" ? repository : repository?.url;
}

/** `vsce package` arguments: the output file and `extra` flags, plus what the README needs. */
export function vsceArgs(out, extra = []) {
    const args = ["package", "--no-dependencies", "--out", out, ...extra];
    const hasBase = extra.some((a) => /^--base(Content|Images)Url$/.test(a));
    if (!repositoryUrl() && !hasBase)
        args.push("--allow-missing-repository", "--no-rewrite-relative-links");
    return args;
}
