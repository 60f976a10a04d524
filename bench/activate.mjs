/* global performance */
// Extension-side figures for the bench: bundle sizes, and the time of `activate()` against the
// cost it avoids by loading the HTTP stack (dist/api.js) only on first use. VS Code is not here,
// so `vscode` is a stub that accepts every call: the figure is the extension's own work.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const RUNS = Number(process.env.BENCH_ACT_RUNS ?? 7);

/** A value that is callable, constructible and has every property, all returning itself. */
function anything() {
    const handler = {
        get: (_target, key) => {
            if (key === Symbol.toPrimitive) return () => "";
            if (key === Symbol.iterator) return function* () {};
            if (key === "then") return undefined; // awaiting it resolves at once
            return stub;
        },
        set: () => true, // assignments (e.g. statusBarItem.name) are accepted and dropped
        apply: () => stub,
        construct: () => stub,
    };
    const stub = new Proxy(function () {}, handler);
    return stub;
}

/**
 * The `vscode` module as the bundle uses it: a real class for each capitalised name (so classes
 * can extend them and `instanceof` works) whose unknown members fall back to the stub, and the
 * stub for namespaces such as `window` and `workspace`.
 */
function stubVscode(typings) {
    const stub = anything();
    // Every class, enum and namespace the API declares (the minified bundle hides which it uses).
    const names = new Set(
        [...typings.matchAll(/^\s*export (?:class|enum|namespace) (\w+)/gm)].map((m) => m[1]),
    );
    const module = {};
    for (const name of names) {
        if (/^[A-Z]/.test(name)) {
            const cls = class {};
            Object.setPrototypeOf(cls.prototype, stub);
            Object.setPrototypeOf(cls, stub);
            module[name] = cls;
        } else module[name] = stub;
    }
    return module;
}

function fakeContext(root) {
    const memento = {
        get: (_key, fallback) => fallback,
        update: async () => undefined,
        keys: () => [],
    };
    return {
        subscriptions: [],
        extensionUri: { fsPath: root, path: root, scheme: "file" },
        extensionPath: root,
        extension: {
            packageJSON: JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")),
        },
        globalState: memento,
        workspaceState: memento,
        secrets: {
            get: async () => undefined,
            store: async () => undefined,
            delete: async () => undefined,
            onDidChange: () => ({ dispose() {} }),
        },
        storageUri: undefined,
        globalStorageUri: { fsPath: "/tmp", path: "/tmp", scheme: "file" },
        logUri: { fsPath: "/tmp", path: "/tmp", scheme: "file" },
    };
}

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

/** The extension's own files under dist/ in the require cache (extension.js and its chunks). */
function loadedExtensionFiles(require, dist) {
    return Object.keys(require.cache).filter(
        (f) => path.dirname(f) === dist && /^extension(\.chunk\..*)?\.js$/.test(path.basename(f)),
    );
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
    const dist = path.join(root, "dist");
    const ext = path.join(dist, "extension.js");
    const api = path.join(dist, "api.js");
    if (!fs.existsSync(ext) || !fs.existsSync(api)) return out;
    const require = createRequire(import.meta.url);
    const Module = require("node:module");
    const vscode = stubVscode(
        fs.readFileSync(path.join(root, "node_modules", "@types", "vscode", "index.d.ts"), "utf8"),
    );
    const originalLoad = Module._load;
    Module._load = function (request, ...rest) {
        return request === "vscode" ? vscode : originalLoad.call(this, request, ...rest);
    };
    const activations = [];
    const apiLoads = [];
    let loadedBytes = 0;
    let loadedFiles = 0;
    try {
        for (let run = 0; run < RUNS; run++) {
            for (const f of loadedExtensionFiles(require, dist)) delete require.cache[f];
            delete require.cache[api];
            const t0 = performance.now();
            const extension = require(ext);
            const ctx = extension.activate(fakeContext(root));
            activations.push(performance.now() - t0);
            // What activation loaded: extension.js and the chunks it requires at once (a feature's
            // chunk loads on first use, after activation).
            const loaded = loadedExtensionFiles(require, dist);
            loadedFiles = loaded.length;
            loadedBytes = loaded.reduce((sum, f) => sum + fs.statSync(f).size, 0);
            extension.deactivate?.();
            void ctx;
            const t1 = performance.now();
            require(api);
            apiLoads.push(performance.now() - t1);
        }
        out.push({
            figure: `code loaded by activation (dist/extension.js and ${loadedFiles - 1} chunks)`,
            unit: "KB",
            ours: loadedBytes / 1024,
            baseline: 150,
            baseline_name: "issue-46-target",
            target: { max: 150 },
        });
        out.push({
            figure: "load + activate() (stub vscode, median)",
            unit: "ms",
            ours: median(activations),
            baseline: median(apiLoads),
            baseline_name: "load of dist/api.js, deferred",
            target: { max: 15 },
        });
    } catch (err) {
        console.error(`activate figures: ${err.stack ?? err.message}`);
    } finally {
        Module._load = originalLoad;
    }
    return out;
}
