// Builds the .vsix as `npm run package` does (into .vscode-test/) and checks what ships: under
// 3 MB, the bundles present, and no sources, maps, tests or node_modules. Prints the summary
// line test/runAll.mjs reads; rebuilds the development bundles afterwards.
// It plants a stale dist/ first and builds nothing itself: vsce runs package.json's
// `vscode:prepublish` (a clean production build), and the package must not hold the stale files.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { localisable } from "../scripts/externalizePackageStrings.mjs";
import { repositoryUrl, vsceArgs } from "../scripts/vsceArgs.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, ".vscode-test", "posthog-workbench.vsix");
// A dist/ left from older work: a bundle that no build makes and an entry point out of date.
const STALE = "// stale: written by test/packageCheck.mjs\n";
fs.mkdirSync(path.join(root, "dist"), { recursive: true });
fs.writeFileSync(path.join(root, "dist", "stale.js"), STALE);
fs.writeFileSync(path.join(root, "dist", "extension.js"), STALE);
// A chunk of an older build (chunks carry a hash in their name, so no build overwrites it).
fs.writeFileSync(path.join(root, "dist", "extension.chunk.stale-0000.js"), STALE);
// A fresh clone has no .vscode-test/ until the harness is installed (`--only package` skips that).
fs.mkdirSync(path.dirname(out), { recursive: true });
execFileSync(
    path.join(root, "node_modules", ".bin", "vsce"),
    // The README's screenshots stay out of the package; the Marketplace page loads them from the
    // repository (the same arguments as `npm run package`, see scripts/vsceArgs.mjs).
    vsceArgs(out),
    {
        cwd: root,
        stdio: "ignore",
    },
);
/** Manifest texts that are not a `%key%` of package.nls.json (printed when there are any). */
function unlocalisedManifestTexts() {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const nls = JSON.parse(fs.readFileSync(path.join(root, "package.nls.json"), "utf8"));
    const bad = localisable(pkg)
        .filter(({ holder, field }) => {
            const key = /^%([^%]+)%$/.exec(String(holder[field]))?.[1];
            return !key || typeof nls[key] !== "string";
        })
        .map(({ path: p }) => p);
    if (bad.length) console.log(`  not in package.nls.json: ${bad.join(", ")}`);
    return bad;
}
/** The Markdown pages of the walkthrough's steps. */
function walkthroughMedia() {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    return (pkg.contributes.walkthroughs ?? []).flatMap((w) =>
        w.steps.map((step) => step.media?.markdown).filter(Boolean),
    );
}
/** The images of a README: `![alt](target)`. */
function readmeImages(text) {
    return [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}
/**
 * What is wrong with the README's images: in the repository each is a relative link to a
 * committed file; in the package each is that link still, or, when package.json names a
 * repository, an https URL into it (what the Marketplace page loads).
 */
function readmeImageProblems(packagedReadme) {
    const source = readmeImages(fs.readFileSync(path.join(root, "README.md"), "utf8"));
    const packaged = readmeImages(packagedReadme);
    const problems = [];
    if (source.length === 0) problems.push("no images");
    for (const link of source)
        if (/^[a-z]+:/i.test(link) || !fs.existsSync(path.join(root, link)))
            problems.push(`${link} is not a relative link to a committed file`);
    source.forEach((link, i) => {
        const shipped = packaged[i] ?? "";
        const ok = repositoryUrl()
            ? shipped.startsWith("https://") && shipped.endsWith(`/${link}`)
            : shipped === link;
        if (!ok) problems.push(`${link} ships as ${shipped}`);
    });
    if (problems.length) console.log(`  README images: ${problems.join("; ")}`);
    return problems;
}
/** The packaged entry point's text. */
const packagedEntry = execFileSync("unzip", ["-p", out, "extension/dist/extension.js"], {
    encoding: "utf8",
});
const listing = execFileSync("unzip", ["-Z1", out], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
/**
 * The chunks the packaged extension code requires (esbuild.mjs: features load theirs on first
 * use) that the package lacks: each such require would fail only when a user first reaches it.
 */
function missingExtensionChunks() {
    const shipped = listing.filter((f) =>
        /^extension\/dist\/extension(\.chunk\.[\w-]+)?\.js$/.test(f),
    );
    const wanted = new Set();
    for (const file of shipped) {
        const text = execFileSync("unzip", ["-p", out, file], { encoding: "utf8" });
        for (const m of text.matchAll(/extension\.chunk\.[\w-]+\.js/g)) wanted.add(m[0]);
    }
    const missing = [...wanted].filter((f) => !listing.includes(`extension/dist/${f}`));
    if (missing.length) console.log(`  chunks required but not packaged: ${missing.join(", ")}`);
    return missing;
}
// `npm ci` refuses a lock that lacks an optional dependency, even one for another platform, and
// `npm install` leaves out platform packages the registry does not hold (chdb's darwin and arm64
// builds): package-lock.json carries hand-written entries for those. This catches a lock that
// lost them, before a fresh clone's `npm ci` does.
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));
const unlockedOptionals = Object.entries(lock.packages).flatMap(([at, pkg]) =>
    Object.keys(pkg.optionalDependencies ?? {})
        .filter(
            (name) =>
                !lock.packages[`node_modules/${name}`] &&
                !lock.packages[`${at}/node_modules/${name}`],
        )
        .map((name) => `${name} (of ${at || "the project"})`),
);
if (unlockedOptionals.length)
    console.log(`  missing from the lock: ${unlockedOptionals.join(", ")}`);
const checks = [
    [
        "vsce rebuilt dist/ (vscode:prepublish): no stale file or bundle ships",
        !listing.includes("extension/dist/stale.js") &&
            packagedEntry !== STALE &&
            packagedEntry.length > 10_000,
    ],
    ["package-lock.json locks every optional dependency", unlockedOptionals.length === 0],
    // PostHog's HogQL parser (WebAssembly, about 1.15 MB before compression) is most of it.
    ["the package is under 3 MB", fs.statSync(out).size < 3 * 1024 * 1024],
    ["it has dist/extension.js", listing.includes("extension/dist/extension.js")],
    ["it has every chunk the extension's code requires", missingExtensionChunks().length === 0],
    ["it has dist/api.js", listing.includes("extension/dist/api.js")],
    ["it has dist/validator.js", listing.includes("extension/dist/validator.js")],
    ["it has the HogQL parser worker", listing.includes("extension/dist/hogqlParser.js")],
    ["it has the function catalogue", listing.includes("extension/dist/hogqlFunctions.json")],
    ["it has the table catalogue", listing.includes("extension/dist/hogqlTables.json")],
    ["it has the results webview", listing.includes("extension/dist/webview/results.js")],
    // Loaded after the page starts (src/webview/results/chart/lazyChart.ts).
    [
        "it has the results chart's chunk",
        listing.some((f) =>
            /^extension\/dist\/webview\/results\.chunk\.chartView-\w+\.js$/.test(f),
        ),
    ],
    ["it has the grammar", listing.includes("extension/syntaxes/hogql.tmLanguage.json")],
    [
        "package.nls.json holds every contributed title and description",
        unlocalisedManifestTexts().length === 0,
    ],
    ["it has package.nls.json", listing.includes("extension/package.nls.json")],
    ["it has the l10n bundle", listing.includes("extension/l10n/bundle.l10n.json")],
    ["it has the Marketplace icon", listing.includes("extension/media/icon.png")],
    [
        "it has every walkthrough page package.json names",
        walkthroughMedia().every((file) => listing.includes(`extension/${file}`)),
    ],
    [
        "package.json has no placeholder URL",
        !/example\.(invalid|com)\b/.test(fs.readFileSync(path.join(root, "package.json"), "utf8")),
    ],
    [
        "the README's images are relative links the repository holds (rewritten only to it)",
        readmeImageProblems(
            execFileSync("unzip", ["-p", out, "extension/readme.md"], { encoding: "utf8" }),
        ).length === 0,
    ],
    [
        "it leaves the README's screenshots out",
        !listing.some((f) => f.startsWith("extension/docs/screenshots/")),
    ],
    ["it has no node_modules", !listing.some((f) => f.includes("node_modules/"))],
    [
        "it has no sources, tests or maps",
        !listing.some((f) => /^extension\/(src|test|out)\/|\.map$|\.ts$/.test(f)),
    ],
];
let failed = 0;
for (const [what, ok] of checks) {
    console.log(`${ok ? "  ✔" : "  ✘"} ${what}`);
    if (!ok) failed++;
}
console.log(`  ${(fs.statSync(out).size / 1024).toFixed(0)} KB, ${listing.length} files`);
execSync("node esbuild.mjs", { cwd: root, stdio: "inherit" });
console.log(`package: ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
