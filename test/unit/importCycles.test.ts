// No module imports itself through others at run time (type-only imports aside: they vanish when
// compiled). A cycle makes load order matter: a module may see another's exports still undefined.
// The dependency graph is read by dpdm with TypeScript's own transform.
import assert from "node:assert/strict";
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = path.resolve(__dirname, "../../..");

async function cyclesIn(patterns: string[], exclude: RegExp): Promise<string[][]> {
    const tree = await parseDependencyTree(patterns, {
        context: root,
        cwd: root,
        transform: true,
        exclude,
        tsconfig: path.join(root, "tsconfig.json"),
    });
    return parseCircular(tree);
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
