// `npm run package`: builds posthog-workbench.vsix with vsce, which first runs package.json's
// `vscode:prepublish` (a clean production build), with the README's image links handled as
// scripts/vsceArgs.mjs explains.
// Usage: node scripts/package.mjs [more vsce flags, e.g. --baseImagesUrl <url>]
import { execFileSync } from "node:child_process";
import path from "node:path";
import { repositoryUrl, root, vsceArgs } from "./vsceArgs.mjs";

const extra = process.argv.slice(2);
if (!repositoryUrl() && !extra.some((a) => a.startsWith("--base")))
    console.log(
        'package.json names no "repository": the README\'s screenshots stay relative links and ' +
            "will not show on the Marketplace; add the repository (or pass --baseImagesUrl) to publish.",
    );
execFileSync(
    path.join(root, "node_modules", ".bin", "vsce"),
    vsceArgs("posthog-workbench.vsix", extra),
    { cwd: root, stdio: "inherit" },
);
