// Looking up a HogQL function call in the allow-list of functionList.ts the way PostHog's printer
// does (posthog/hogql/printer/base.py @8722f436 visit_call: find_hogql_aggregation, then
// find_hogql_function, then find_hogql_posthog_function; core.py validate_function_args).
import fs from "node:fs";
import path from "node:path";
import { closeMatch } from "./closeMatches";
import { queryError } from "./errors";
import {
    CASE_INSENSITIVE,
    EXPOSED_NAMES,
    type FunctionMeta,
    HOGQL_AGGREGATIONS,
    HOGQL_FUNCTIONS,
    HOGQL_POSTHOG_FUNCTIONS,
} from "./functionList";
import type { AstNode } from "./parser";

/** config.py FIRST_ARG_DATETIME_FUNCTIONS: their first argument must be DateTime, not DateTime64. */
export const FIRST_ARG_DATETIME = new Set([
    "tumble",
    "tumbleStart",
    "tumbleEnd",
    "hop",
    "hopStart",
    "hopEnd",
]);

/**
 * udfs.py UDFS (@13aa1208): PostHog's funnel functions, executable UDFs installed on its own
 * ClickHouse. HogQL accepts them; chDB has none of them.
 */
export const POSTHOG_UDFS = new Set([
    "aggregate_funnel",
    "aggregate_funnel_array",
    "aggregate_funnel_cohort",
    "aggregate_funnel_trends",
    "aggregate_funnel_array_trends",
    "aggregate_funnel_cohort_trends",
    "aggregate_funnel_json",
    "aggregate_funnel_array_json",
    "aggregate_funnel_cohort_json",
    "aggregate_funnel_trends_json",
    "aggregate_funnel_array_trends_json",
    "aggregate_funnel_cohort_trends_json",
    "aggregate_funnel_test",
    "aggregate_funnel_array_trends_test",
]);

/**
 * A function PostHog runs that the sandbox cannot (its own dictionaries, tables or UDFs): the
 * query is fine, the sandbox is the limit, so the message says where it runs.
 */
export function notRunHere(name: string, node: AstNode): Error {
    return queryError(
        `The sandbox does not run PostHog's function '${name}(...)': run this query on a PostHog instance.`,
        node,
    );
}

export interface FoundFunction {
    /** the name as the allow-list spells it */
    name: string;
    meta: FunctionMeta;
    aggregate: boolean;
    /** One of PostHog's own functions (posthog.py), which its printer expands itself. */
    posthog: boolean;
}

function lookup(table: Record<string, FunctionMeta>, name: string): string | null {
    if (Object.hasOwn(table, name)) return name;
    // mapping.py _find_function: else the lower-cased name, when that function is not
    // case-sensitive.
    const lower = name.toLowerCase();
    return Object.hasOwn(table, lower) && CASE_INSENSITIVE.has(lower) ? lower : null;
}

export function findFunction(name: string): FoundFunction | null {
    const a = lookup(HOGQL_AGGREGATIONS, name);
    if (a) return { name: a, meta: HOGQL_AGGREGATIONS[a], aggregate: true, posthog: false };
    const f = lookup(HOGQL_FUNCTIONS, name);
    if (f) return { name: f, meta: HOGQL_FUNCTIONS[f], aggregate: false, posthog: false };
    const p = lookup(HOGQL_POSTHOG_FUNCTIONS, name);
    if (p) return { name: p, meta: HOGQL_POSTHOG_FUNCTIONS[p], aggregate: false, posthog: true };
    return null;
}

/**
 * base.py's answer to a name no table has: PostHog's message, with the closest exposed name
 * (difflib.get_close_matches) when there is one. Old names PostHog renamed get it too.
 */
export function unsupportedFunction(name: string, node: AstNode): Error {
    const close = closeMatch(name, EXPOSED_NAMES);
    return queryError(
        close
            ? `Unsupported function call '${name}(...)'. Perhaps you meant '${close}(...)'?`
            : `Unsupported function call '${name}(...)'`,
        node,
    );
}

/**
 * core.py validate_function_args, with its wording: `name` as written in the query, and
 * "Aggregation" for an aggregation (base.py passes function_term="aggregation").
 */
export function validateArgs(
    name: string,
    count: number,
    found: FoundFunction,
    node: AstNode,
): void {
    const [, min, max] = found.meta;
    countCheck(
        found.aggregate ? "Aggregation" : "Function",
        name,
        count,
        min,
        max,
        "argument",
        node,
    );
}

interface ReadAggregation {
    name: string;
    minParams: number;
    maxParams: number | null;
}

let aggregationParams: Map<string, [min: number, max: number]> | null = null;

/**
 * The parameter counts of aggregations that take parameters (`quantile(0.5)(x)`), from the reading
 * of aggregations.py the catalogue is generated from (test/fixtures/posthog-hogql/reading.json);
 * read once, on the first aggregation that needs it.
 */
function paramsOf(name: string): [number, number] | undefined {
    if (!aggregationParams) {
        const file = path.join(__dirname, "../../../../test/fixtures/posthog-hogql/reading.json");
        const reading = JSON.parse(fs.readFileSync(file, "utf8")) as {
            functions: { aggregations: ReadAggregation[] };
        };
        aggregationParams = new Map(
            reading.functions.aggregations
                .filter((a) => a.minParams > 0)
                .map((a) => [a.name, [a.minParams, a.maxParams ?? -1]]),
        );
    }
    return aggregationParams.get(name);
}

/**
 * printer base.py visit_call (code index id 9929352407): an aggregation with min_params needs
 * parameters, counted with core.py validate_function_args' words ("parameter").
 */
export function validateParams(
    name: string,
    params: unknown[] | null | undefined,
    found: FoundFunction,
    node: AstNode,
): void {
    if (!found.aggregate) return;
    const counts = paramsOf(found.name);
    if (!counts) return;
    if (params === null || params === undefined)
        throw queryError(
            `Aggregation '${name}' requires parameters in addition to arguments`,
            node,
        );
    countCheck("Aggregation", name, params.length, counts[0], counts[1], "parameter", node);
}

/** core.py validate_function_args' messages for `count` arguments (or parameters). */
function countCheck(
    term: string,
    name: string,
    count: number,
    min: number,
    max: number,
    noun: string,
    node: AstNode,
): void {
    const s = (n: number) => (n === 1 ? "" : "s");
    const tooFew = count < min;
    const tooMany = max >= 0 && count > max;
    if (min === max && (tooFew || tooMany))
        throw queryError(`${term} '${name}' expects ${min} ${noun}${s(min)}, found ${count}`, node);
    if (tooFew)
        throw queryError(
            `${term} '${name}' expects at least ${min} ${noun}${s(min)}, found ${count}`,
            node,
        );
    if (tooMany)
        throw queryError(
            `${term} '${name}' expects at most ${max} ${noun}${s(max)}, found ${count}`,
            node,
        );
}

/** The ClickHouse call: the function's ClickHouse name, or its template filled in. */
export function printCall(
    found: FoundFunction,
    args: string[],
    params: string[] | null,
    distinct: boolean,
): string {
    const ch = found.meta[0] || found.name;
    if (ch.includes("(")) {
        let next = 0;
        return ch.replace(
            /\{(\d*)\}/g,
            (_m, i: string) => args[i === "" ? next++ : Number(i)] ?? "NULL",
        );
    }
    const argSql = `${distinct ? "DISTINCT " : ""}${args.join(", ")}`;
    return params ? `${ch}(${params.join(", ")})(${argSql})` : `${ch}(${argSql})`;
}
