// What activation loads: dist/extension.js and the chunks it requires at once (a feature's chunk
// is required inside `import()`, on first use), which the build bundles into extension.js
// (scripts/activationBundle.mjs). The development build's source maps name the sources in each
// file, so the test can say which features activation would load.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const dist = path.join(root, "dist");

/** The files activation loads: extension.js and, transitively, its top-level chunk requires. */
function activationFiles(): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const text = fs.readFileSync(path.join(dist, file), "utf8");
        // A top-level `var x = require(...)`; `import()` becomes `.then(() => require(...))`.
        for (const m of text.matchAll(/^var \w+ = require\("\.\/(extension\.chunk\.[^"]+)"\)/gm))
            visit(m[1]);
    };
    visit("extension.js");
    return [...seen];
}

/** The sources bundled into the files activation loads, from their source maps. */
function activationSources(): string[] {
    return activationFiles().flatMap((file) => {
        const map = JSON.parse(fs.readFileSync(path.join(dist, `${file}.map`), "utf8")) as {
            sources: string[];
        };
        return map.sources.map((s) => path.relative(root, path.resolve(dist, s)));
    });
}

describe("activation's code (dist/extension.js and the chunks it requires at once)", () => {
    // Each is loaded when its feature is first used (docs/performance.md, "Activation").
    const onFirstUse = [
        // The results panels: the manager, its pages and the result store.
        "src/resultsPanel/manager.ts",
        "src/resultsPanel/page.ts",
        "src/resultsPanel/store.ts",
        // A result set and the response reader under it.
        "src/resultsPanel/resultSet.ts",
        "src/shared/json/responseScan.ts",
        "src/shared/json/lossless.ts",
        // The notebooks' file format, controller and renderer channel.
        "src/notebook/serializer.ts",
        "src/notebook/fileFormat.ts",
        "src/notebook/controller.ts",
        "src/notebook/rendererMessages.ts",
        // The HogQL language's providers, diagnostics and live validation: with the first
        // HogQL document (src/language/registration.ts).
        "src/language/registration.ts",
        "src/language/liveValidation.ts",
        "src/language/syntaxDiagnostics.ts",
        "src/language/structureProviders.ts",
        "src/language/outline.ts",
        // The query runner and its status item: with the first run (src/query/lazyRunner.ts).
        "src/query/queryRunner.ts",
        "src/query/runStatusItem.ts",
        // The sidebar's trees, their nodes and what those import: with the view's first fetch
        // or the first command (src/lazyViews.ts).
        "src/experiments/experimentsTree.ts",
        "src/experiments/nodes.ts",
        "src/experiments/lifecycle.ts",
        "src/api/operationScopes.ts",
        "src/events/eventDefinitionsTree.ts",
        "src/events/nodes.ts",
        "src/events/format.ts",
        "src/events/detailsDocument.ts",
        // Sign In, Sign Out, Switch Project and Host, and the browser sign-in: with the first of
        // them or the first browser callback (src/auth/auth.ts).
        "src/auth/signInFlows.ts",
        "src/auth/browserSignIn.ts",
        "src/auth/browserAccount.ts",
        "src/auth/oauth/callbacks.ts",
        "src/auth/keyMessages.ts",
        // The run and saved-query lenses: with the first HogQL or JSON document.
        "src/query/codeLens.ts",
        "src/savedQueries/codeLens.ts",
        // PostHog's parser's client and the statement splitting: with the first parse.
        "src/hogql/parser/parserClient.ts",
        "src/hogql/parser/documentParse.ts",
        "src/hogql/statementSplitter.ts",
        // The language model tools: with the first preparation or run (src/lm/lazyTools.ts).
        "src/lm/tools.ts",
        // The completion data's cache: with the first HogQL document or the refresh command
        // (src/language/index.ts).
        "src/language/dataSource.ts",
        // The OAuth token source: with the first OAuth client (src/auth/session.ts).
        "src/auth/oauth/tokenSource.ts",
    ];

    it("holds none of the features loaded on first use", () => {
        const sources = activationSources();
        assert.ok(sources.includes("src/extension.ts"), `no source map names: ${sources.join()}`);
        const loaded = onFirstUse.filter((s) => sources.includes(s));
        assert.deepEqual(loaded, [], `activation loads ${loaded.join(", ")}`);
    });

    it("is one file: the chunks activation needs are bundled into extension.js", () => {
        assert.deepEqual(activationFiles(), ["extension.js"]);
        const text = fs.readFileSync(path.join(dist, "extension.js"), "utf8");
        // Every chunk extension.js still requires is inside an `import()`'s `.then(() => ...)`.
        const atLoad = text
            .split("\n")
            .filter((line) => /require\("\.\/extension\.chunk\./.test(line))
            .filter((line) => !/\.then\(\(\) => /.test(line));
        assert.deepEqual(atLoad, []);
    });

    it("holds those chunks' modules in one scope, not each chunk in a module wrapper of its own", () => {
        // A chunk bundled as CommonJS kept its wrapper, which copied every export onto getters,
        // and each importer copied them again: half of what requiring extension.js cost.
        const text = fs.readFileSync(path.join(dist, "extension.js"), "utf8");
        assert.deepEqual(text.match(/\brequire_extension_chunk_\w+/g) ?? [], []);
    });

    it("takes Node's built-ins by name: a namespace import copies each of their exports", () => {
        // `import * as fs from "node:fs"` becomes `__toESM(require("node:fs"))` in the bundle,
        // a getter for every export of node:fs at load; `import { readFileSync }` reads one.
        const text = fs.readFileSync(path.join(dist, "extension.js"), "utf8");
        assert.deepEqual(text.match(/__toESM\(require\("node:[\w/]+"\)\)/g) ?? [], []);
    });

    it("requires no Node built-in but node:fs and node:path at load", () => {
        // Another built-in is loaded (compiled) by the require itself: @vscode/l10n's Node build
        // required fs/promises, 2 ms of the bench's activation; its browser build is bundled.
        // A `var x = require(...)` runs at load, at the top level or in a CommonJS module's
        // wrapper; those inside an `import()` or a `??=` run on first use.
        const text = fs.readFileSync(path.join(dist, "extension.js"), "utf8");
        const atLoad = new Set(
            [...text.matchAll(/^\s*var \w+ = (?:__)?require\("([^"]+)"\)/gm)]
                .map((m) => m[1])
                .filter((name) => name !== "vscode"),
        );
        assert.deepEqual([...atLoad].sort(), ["node:fs", "node:path"]);
    });

    it("registers the results panels, notebooks, HogQL language, runner and trees through their stubs", () => {
        const sources = activationSources();
        for (const stub of [
            "src/resultsPanel/lazyPanels.ts",
            "src/notebook/index.ts",
            "src/language/index.ts",
            "src/activationOnFirstDocument.ts",
            "src/query/lazyRunner.ts",
            "src/lazyViews.ts",
            "src/lazyTree.ts",
        ])
            assert.ok(sources.includes(stub), `activation does not load ${stub}`);
    });
});
