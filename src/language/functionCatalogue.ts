/**
 * PostHog's HogQL function catalogue: every function HogQL accepts, with its argument counts,
 * the aggregate combinators and the names PostHog renamed. scripts/hogql/read.py reads
 * posthog/hogql/functions/ into test/fixtures/posthog-hogql/reading.json and
 * scripts/hogql/write.mjs writes hogqlFunctions.json from it. Read on first use, not bundled:
 * inlined, it would double extension.js and the time to load it at activation.
 * Pure: no `vscode` import.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface CatalogueFunction {
    name: string;
    /** `function` (HOGQL_CLICKHOUSE_FUNCTIONS), `aggregate` (HOGQL_AGGREGATIONS) or `posthog`. */
    kind: "function" | "aggregate" | "posthog";
    /** What HogQL prints for ClickHouse: a function name or, for a few, a template. */
    clickhouseName: string;
    minArgs: number;
    /** `null`: any number. */
    maxArgs: number | null;
    /** Parameters of a parametric aggregate, `quantile(0.5)(x)`: the first parentheses. */
    minParams: number;
    maxParams: number | null;
    aggregate: boolean;
    /** When false, PostHog also accepts the name in any case (`COUNT`, `Count`). */
    caseSensitive: boolean;
    /** PostHog appends the project's time zone as a last argument. */
    tzAware: boolean;
    /** `percentile_cont(0.5) WITHIN GROUP (ORDER BY x)`: the aggregation needs WITHIN GROUP. */
    withinGroup?: boolean;
    /**
     * A name aggregations.py generates from a base aggregate and combinator suffixes
     * (`sumIf` is `sum` + `If`).
     */
    combinator?: { base: string; suffixes: string[] };
}

/** One combinator suffix (aggregations.py COMBINATORS). */
export interface CombinatorRule {
    /** Suffixes that may follow this one. */
    allowedSuffixes: string[];
    /** What the suffix adds to the base's argument counts, `[min, max]` (`If`: one, the condition). */
    argShift: [number, number];
}

interface CatalogueFile {
    posthogCommit: string;
    combinators: { suffixes: Record<string, CombinatorRule>; bases: string[] };
    /** Names PostHog renamed: it refuses the old one. */
    renames: { old: string; new: string }[];
    functions: CatalogueFunction[];
}

interface Loaded extends CatalogueFile {
    exact: Map<string, CatalogueFunction>;
    lower: Map<string, CatalogueFunction>;
    renamed: Map<string, string>;
}

let loaded: Loaded | undefined;

/**
 * The extension reads dist/hogqlFunctions.json (copied there by esbuild.mjs); the compiled tests
 * (out/src/language) read the source file.
 */
function catalogueFile(): string {
    const beside = join(__dirname, "hogqlFunctions.json");
    return existsSync(beside)
        ? beside
        : resolve(__dirname, "..", "..", "..", "src", "language", "hogqlFunctions.json");
}

function catalogue(): Loaded {
    if (loaded) return loaded;
    const file = JSON.parse(readFileSync(catalogueFile(), "utf8")) as CatalogueFile;
    loaded = {
        ...file,
        exact: new Map(file.functions.map((f) => [f.name, f])),
        lower: new Map(file.functions.map((f) => [f.name.toLowerCase(), f])),
        renamed: new Map(file.renames.map((r) => [r.old, r.new])),
    };
    return loaded;
}

/** Whether the catalogue has been read (activation must not read it: the activation test). */
export function catalogueLoaded(): boolean {
    return loaded !== undefined;
}

/** The PostHog commit the catalogue was generated from. */
export function catalogueCommit(): string {
    return catalogue().posthogCommit;
}

/** Every function of the catalogue, sorted by name. */
export function catalogueFunctions(): readonly CatalogueFunction[] {
    return catalogue().functions;
}

/**
 * The function HogQL calls for `name`, by PostHog's rule (mapping.py `_find_function`): the exact
 * name, else the lower-cased name when that function is not case-sensitive.
 */
export function lookupFunction(name: string): CatalogueFunction | undefined {
    const { exact, lower } = catalogue();
    const found = exact.get(name);
    if (found) return found;
    const folded = lower.get(name.toLowerCase());
    return folded && !folded.caseSensitive && folded.name === name.toLowerCase()
        ? folded
        : undefined;
}

/** The name PostHog now uses for `name`, when PostHog renamed it (and refuses the old one). */
export function renamedFunction(name: string): string | undefined {
    return catalogue().renamed.get(name);
}

/** The aggregate combinators: the base aggregates and the rule of each suffix. */
export function combinators(): CatalogueFile["combinators"] {
    return catalogue().combinators;
}

/** "no arguments", "1 argument", "2 to 3 arguments", "at least 2 arguments". */
export function describeCount(min: number, max: number | null, noun = "argument"): string {
    const plural = (n: number) => `${n} ${noun}${n === 1 ? "" : "s"}`;
    if (max === null) return `at least ${plural(min)}`;
    if (min === max) return min === 0 ? `no ${noun}s` : plural(min);
    return `${min} to ${plural(max)}`;
}
