// No module imports itself through others at run time (type-only imports aside: they vanish when
// compiled). A cycle makes load order matter: a module may see another's exports still undefined.
// And no import runs up the layers of src/ (test/unit/layers.ts): features take what they need
// from below, and only activation knows the whole. The dependency graph is read by dpdm, with
// TypeScript's own transform for the run-time graph (type-only imports gone) and without it for
// the whole one.
import assert from "node:assert/strict";
import path from "node:path";
import { parseCircular, parseDependencyTree, type DependencyTree } from "dpdm";
import { arrowsInto, LAYERS, layerOf, upwardArrows, type ImportGraph, type Layer } from "./layers";

const root = path.resolve(__dirname, "../../..");

function treeOf(patterns: string[], exclude: RegExp, transform: boolean): Promise<DependencyTree> {
    return parseDependencyTree(patterns, {
        context: root,
        cwd: root,
        transform,
        exclude,
        tsconfig: path.join(root, "tsconfig.json"),
    });
}

async function cyclesIn(patterns: string[], exclude: RegExp): Promise<string[][]> {
    return parseCircular(await treeOf(patterns, exclude, true));
}

/** The tree as file -> files it imports, packages and unresolved imports left out. */
function graphOf(tree: DependencyTree): ImportGraph {
    const graph: ImportGraph = {};
    for (const [file, deps] of Object.entries(tree))
        graph[file] = (deps ?? []).flatMap((d) =>
            d.id && !d.id.includes("node_modules") ? [d.id] : [],
        );
    return graph;
}

describe("import cycles", function () {
    this.timeout(60_000);

    it("there are none in src, test or bench (type-only imports aside)", async () => {
        const cycles = await cyclesIn(
            ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
            /node_modules|test\/fixtures\//,
        );
        assert.deepEqual(
            cycles.map((cycle) => cycle.join(" -> ")),
            [],
            "import cycles found",
        );
    });

    it("the check finds a runtime cycle and allows a type-only one", async () => {
        const cycles = await cyclesIn(["test/fixtures/importCycle/*.ts"], /node_modules/);
        assert.deepEqual(
            cycles.map((cycle) => [...cycle].sort()),
            [["test/fixtures/importCycle/runtimeA.ts", "test/fixtures/importCycle/runtimeB.ts"]],
        );
    });
});

describe("layers", function () {
    this.timeout(60_000);
    let runtime: ImportGraph;
    let all: ImportGraph;

    before(async () => {
        runtime = graphOf(await treeOf(["src/**/*.ts"], /node_modules/, true));
        all = graphOf(await treeOf(["src/**/*.ts"], /node_modules/, false));
    });

    it("every file of src has a layer (a new folder is placed in test/unit/layers.ts)", () => {
        const files = Object.keys(all).filter((f) => f.startsWith("src/") && f.endsWith(".ts"));
        assert.ok(files.length > 100, `src read: ${files.length} files`);
        assert.deepEqual(
            files.filter((f) => !layerOf(f, LAYERS)),
            [],
        );
    });

    it("no import runs up the layers at run time", () => {
        assert.deepEqual(upwardArrows(runtime, LAYERS), []);
    });

    it("only activation knows activation (Ctx), not even for a type", () => {
        assert.deepEqual(arrowsInto(all, "activation", LAYERS), []);
    });

    it("only the pages import the pages, not even for a type", () => {
        assert.deepEqual(arrowsInto(all, "pages", LAYERS), []);
    });

    it("the check finds a run-time import up and one into a side, and allows a type-only one up", async () => {
        const dir = "test/fixtures/layers";
        const layers: Layer[] = [
            { name: "low", paths: [`${dir}/low/`] },
            { name: "side", paths: [`${dir}/side/`], imports: ["low"] },
            { name: "high", paths: [`${dir}/high/`] },
        ];
        const fixture = (transform: boolean) =>
            treeOf([`${dir}/**/*.ts`], /node_modules/, transform).then(graphOf);
        assert.deepEqual(upwardArrows(await fixture(true), layers), [
            `${dir}/low/upRuntime.ts -> ${dir}/high/feature.ts (low -> high)`,
        ]);
        assert.deepEqual(arrowsInto(await fixture(false), "side", layers), [
            `${dir}/high/usesSide.ts -> ${dir}/side/page.ts`,
        ]);
    });
});
