/* global performance */
// Extension-side figures for the bench: bundle sizes and the cost of loading dist/extension.js
// with a stub `vscode`. HOOK for the lead: set `activate` below to time a real activate() call
// (it needs a fake ExtensionContext); until then only require time is reported.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Optional: (extensionModule, stubVscode) => Promise<void> that calls activate() with a fake context. */
export let activate = null;

function stubVscode() {
    // Any property is a callable, constructible stub returning another stub.
    const handler = {
        get: (_t, key) =>
            key === "__esModule" ? false : key === Symbol.toPrimitive ? () => "" : stub,
        apply: () => stub,
        construct: () => stub,
    };
    const stub = new Proxy(function () {}, handler);
    return stub;
}

export async function activateFigures(root) {
    const out = [];
    for (const name of ["extension.js", "api.js"]) {
        const file = path.join(root, "dist", name);
        if (fs.existsSync(file))
            out.push({
                figure: `bundle size dist/${name}`,
                unit: "KB",
                ours: fs.statSync(file).size / 1024,
            });
    }
    const ext = path.join(root, "dist", "extension.js");
    if (!fs.existsSync(ext)) return out;
    const require = createRequire(import.meta.url);
    const Module = require("node:module");
    const vscode = stubVscode();
    const originalLoad = Module._load;
    Module._load = function (request, ...rest) {
        return request === "vscode" ? vscode : originalLoad.call(this, request, ...rest);
    };
    try {
        const t0 = performance.now();
        const mod = require(ext);
        out.push({
            figure: "require dist/extension.js (stub vscode)",
            unit: "ms",
            ours: performance.now() - t0,
        });
        if (activate) {
            const t1 = performance.now();
            await activate(mod, vscode);
            out.push({ figure: "activate()", unit: "ms", ours: performance.now() - t1 });
        }
    } catch (err) {
        console.error(`activate figures: ${err.message}`);
    } finally {
        Module._load = originalLoad;
    }
    return out;
}
