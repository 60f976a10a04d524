// The layers of src/, bottom first. A file imports, at run time, only its own layer and the layers
// below it; an import back up may only be type-only (it vanishes when compiled). A side layer is
// apart from the rest: it names the only layers it imports, and no file outside it imports it,
// not even a type. test/unit/importCycles.test.ts checks all of this on the import graph.
//
//   shared      what the host and the pages both use: the protocols, lossless JSON, plain text.
//   pages       (side) src/webview/, browser code; eslint.config.mjs holds the same rule.
//   core        the HTTP client (no vscode), HogQL's lexer, splitter and parser client, and the
//               finder of PostHog calls in application code (src/codeCalls/, no vscode).
//   base        the files at the top of src/: config, log, prompts, the pieces features take.
//   services    what features share: sign-in and the session, the results panels, the
//               walkthrough's progress.
//   features    what a user reaches: experiments, events, the HogQL language, queries, the AI
//               features, notebooks, saved queries. They may use one another.
//   activation  builds the context (src/ctx.ts) and wires every feature; the only code that knows
//               Ctx. Features take the few pieces they use (src/deps.ts and their own `...Deps`).

/** One layer: the folders (ending in `/`) and files of src/ it holds. */
export interface Layer {
    name: string;
    paths: readonly string[];
    /** A side layer: the only layers it imports at run time; nothing outside it imports it. */
    imports?: readonly string[];
}

export const LAYERS: readonly Layer[] = [
    { name: "shared", paths: ["src/shared/"] },
    { name: "pages", paths: ["src/webview/"], imports: ["shared"] },
    { name: "core", paths: ["src/api/", "src/hogql/", "src/codeCalls/"] },
    // Every file at the top of src/ that activation does not claim (the longest path wins).
    { name: "base", paths: ["src/"] },
    { name: "services", paths: ["src/auth/", "src/resultsPanel/", "src/walkthrough/"] },
    {
        name: "features",
        paths: [
            "src/codeInsight/",
            "src/events/",
            "src/experiments/",
            "src/language/",
            "src/lm/",
            "src/notebook/",
            "src/query/",
            "src/savedQueries/",
        ],
    },
    {
        name: "activation",
        paths: [
            "src/activation.ts",
            "src/commandTable.ts",
            "src/ctx.ts",
            "src/extension.ts",
            // Wires the sidebar's trees, loaded on first use, into views registered at activation.
            "src/lazyViews.ts",
            "src/testHook.ts",
        ],
    },
];

/**
 * The layer of a file (a path relative to the repository, `/`-separated): the layer of the
 * longest path that holds it. A file in a folder of src/ no layer names has none: "src/" holds
 * only the files at its top.
 */
export function layerOf(file: string, layers: readonly Layer[]): Layer | undefined {
    let found: { layer: Layer; length: number } | undefined;
    for (const layer of layers)
        for (const path of layer.paths) {
            const holds = path.endsWith("/")
                ? file.startsWith(path) && (path !== "src/" || !file.slice(4).includes("/"))
                : file === path;
            if (holds && (!found || path.length > found.length))
                found = { layer, length: path.length };
        }
    return found?.layer;
}

/** The layers a layer may import at run time: a side's own list, else every non-side below. */
function importable(layer: Layer, layers: readonly Layer[]): Set<string> {
    if (layer.imports) return new Set([layer.name, ...layer.imports]);
    const below = layers.slice(0, layers.indexOf(layer)).filter((l) => !l.imports);
    return new Set([layer.name, ...below.map((l) => l.name)]);
}

/** An import graph: each file and the files it imports (dpdm's tree, reduced to ids). */
export type ImportGraph = Record<string, readonly string[]>;

/**
 * The arrows of a run-time graph that go up the layers or into a side from outside it, as
 * "from -> to (from layer -> to layer)".
 */
export function upwardArrows(runtime: ImportGraph, layers: readonly Layer[]): string[] {
    const found: string[] = [];
    for (const [from, targets] of Object.entries(runtime)) {
        const source = layerOf(from, layers);
        if (!source) continue;
        const allowed = importable(source, layers);
        for (const to of targets) {
            const target = layerOf(to, layers);
            if (target && !allowed.has(target.name))
                found.push(`${from} -> ${to} (${source.name} -> ${target.name})`);
        }
    }
    return found.sort();
}

/**
 * The arrows of a whole graph, type-only imports included, into the given layer from outside
 * it: for activation, which no feature may know, and the sides, which no one else may import.
 */
export function arrowsInto(all: ImportGraph, name: string, layers: readonly Layer[]): string[] {
    const found: string[] = [];
    for (const [from, targets] of Object.entries(all)) {
        if (layerOf(from, layers)?.name === name) continue;
        for (const to of targets)
            if (layerOf(to, layers)?.name === name) found.push(`${from} -> ${to}`);
    }
    return found.sort();
}
