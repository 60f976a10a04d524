/**
 * What HogQL knows without asking the server: its keywords (PostHog's HogQLLexer.common.g4) and
 * its functions: every function of PostHog's catalogue (functionCatalogue.ts, generated from
 * posthog/hogql/functions/mapping.py) with its argument counts, and for the ones people use most
 * a hand-written call shape and one line of help. Pure: no `vscode` import.
 */
import * as l10n from "@vscode/l10n";
import { parameterGroups } from "./callContext";
import {
    catalogueFunctions,
    combinators,
    describeCount,
    lookupFunction,
    type CatalogueFunction,
} from "./functionCatalogue";

/** One HogQL function as shown in completion and hover. */
export interface HogQLFunction {
    /** The name as HogQL spells it (HogQL function names are case-sensitive). */
    name: string;
    /** Call shape, e.g. `countIf(cond)`. */
    signature: string;
    /** One sentence of help. */
    description: string;
    /** Grouping used for sorting and the completion detail. */
    category: FunctionCategory;
    /** PostHog's entry for it (argument counts, ClickHouse name); absent if mapping.py lacks it. */
    catalogue?: CatalogueFunction;
}

export type FunctionCategory =
    | "aggregate"
    | "date"
    | "string"
    | "json"
    | "array"
    | "conditional"
    | "type"
    | "math"
    | "posthog"
    | "clickhouse";

/** Every keyword of the lexer, upper case. */
export const HOGQL_KEYWORDS: readonly string[] = `ALL AND ANTI ANY ARRAY AS ASC ASCENDING ASOF
BETWEEN BOTH BY CASE CAST CATCH COHORT COLLATE COLUMNS CROSS CUBE CURRENT DATE DAY DESC DESCENDING
DISTINCT ELSE END EXCEPT EXCLUDE EXTRACT FINAL FILL FILTER FINALLY FIRST FN FOLLOWING FOR FROM FULL
FUN GROUP GROUPING HAVING HOUR ID IF ILIKE IGNORE INCLUDE IN INF INFINITY INNER INTERSECT
INTERPOLATE INTERVAL IS JOIN KEY LAMBDA LAST LEADING LEFT LET LIKE LIMIT MATERIALIZED MINUTE MONTH
NAME NATURAL NAN NOT NULL NULLS OFFSET ON OR ORDER OUTER OVER PARTITION PIVOT POSITIONAL PRECEDING
PREWHERE QUALIFY QUARTER RANGE RECURSIVE REPLACE RETURN RIGHT ROLLUP ROW ROWS SAMPLE SECOND SELECT
SEMI SETS SETTINGS STEP SUBSTRING THEN THROW TIES TIMESTAMP TIME LOCAL ZONE TO TOP TOTALS TRAILING
TRIM TRUNCATE TRY TRY_CAST UNBOUNDED UNION UNPIVOT USING VALUES WEEK WHEN WHERE WHILE WINDOW WITH
WITHIN YEAR YYYY`.split(/\s+/);

/** Literal constants, offered next to the keywords. */
export const HOGQL_CONSTANTS: readonly string[] = ["true", "false", "null"];

/** One-line help for the keywords people hover most; the rest get a generic line. */
const KEYWORD_HELP: Record<string, string> = {
    SELECT: "Starts a query: `SELECT expr [AS alias], ... FROM table`.",
    FROM: "Names the table, subquery or HogQLX tag to read from.",
    WHERE: "Filters rows before grouping.",
    PREWHERE: "Filters rows before other columns are read (ClickHouse optimisation).",
    GROUP: "`GROUP BY expr, ...` groups rows for aggregate functions.",
    HAVING: "Filters groups after `GROUP BY`.",
    ORDER: "`ORDER BY expr [ASC|DESC] [NULLS FIRST|LAST]` sorts the result.",
    LIMIT: "Caps the rows returned; PostHog applies 100 by default and at most 50,000.",
    OFFSET: "Skips rows before returning results, for paging.",
    JOIN: "Joins another table: `[INNER|LEFT|RIGHT|FULL|CROSS] JOIN t ON cond`.",
    ON: "The join condition.",
    USING: "Joins on columns with the same name in both tables.",
    WITH: "Common table expressions: `WITH name AS (SELECT ...)`.",
    AS: "Names a column, table or CTE.",
    UNION: "`UNION ALL` appends the rows of another query.",
    DISTINCT: "Removes duplicate rows, or inside an aggregate counts distinct values.",
    INTERVAL: "A time span: `INTERVAL 7 DAY`, used with date arithmetic.",
    CASE: "`CASE WHEN cond THEN a ELSE b END` conditional expression.",
    IN: "Membership test: `x IN (1, 2)` or `x IN (SELECT ...)`; `IN COHORT` tests cohorts.",
    LIKE: "Case-sensitive pattern match with `%` and `_`.",
    ILIKE: "Case-insensitive pattern match with `%` and `_`.",
    BETWEEN: "`x BETWEEN a AND b`, both ends included.",
    IS: "`IS NULL` / `IS NOT NULL` tests.",
    OVER: "Turns an aggregate into a window function: `OVER (PARTITION BY ... ORDER BY ...)`.",
    WINDOW: "Names a window definition for reuse in `OVER w`.",
    SAMPLE: "Reads a fraction of the data: `SAMPLE 1/10`.",
    ARRAY: "`ARRAY JOIN arr` unfolds an array into rows.",
    COHORT: "`person_id IN COHORT 'name'` tests cohort membership.",
};

/** One-line help for a keyword, if it is one. */
export function keywordDescription(word: string): string | undefined {
    const upper = word.toUpperCase();
    if (!HOGQL_KEYWORDS.includes(upper)) return undefined;
    return KEYWORD_HELP[upper] ?? `HogQL keyword \`${upper}\`.`;
}

// [name, signature, description]
type Row = [string, string, string];

const AGGREGATE: Row[] = [
    ["count", "count([DISTINCT] [expr])", "Number of rows, or of non-null values of expr."],
    ["countIf", "countIf(cond)", "Number of rows where cond is true."],
    ["countDistinct", "countDistinct(expr)", "Number of distinct values of expr."],
    ["sum", "sum(expr)", "Sum of expr."],
    ["sumIf", "sumIf(expr, cond)", "Sum of expr over rows where cond is true."],
    ["avg", "avg(expr)", "Arithmetic mean of expr."],
    ["avgIf", "avgIf(expr, cond)", "Mean of expr over rows where cond is true."],
    ["min", "min(expr)", "Smallest value of expr."],
    ["minIf", "minIf(expr, cond)", "Smallest value of expr where cond is true."],
    ["max", "max(expr)", "Largest value of expr."],
    ["maxIf", "maxIf(expr, cond)", "Largest value of expr where cond is true."],
    ["uniq", "uniq(expr, ...)", "Approximate number of distinct values (fast)."],
    ["uniqIf", "uniqIf(expr, cond)", "Approximate distinct count where cond is true."],
    ["uniqExact", "uniqExact(expr, ...)", "Exact number of distinct values."],
    ["any", "any(expr)", "Some value of expr from the group."],
    ["anyLast", "anyLast(expr)", "The last value of expr met in the group."],
    ["argMax", "argMax(arg, val)", "Value of arg in the row where val is largest."],
    ["argMin", "argMin(arg, val)", "Value of arg in the row where val is smallest."],
    ["quantile", "quantile(level)(expr)", "Approximate quantile of expr, level in 0..1."],
    ["quantiles", "quantiles(l1, l2, ...)(expr)", "Several approximate quantiles at once."],
    ["median", "median(expr)", "Approximate median of expr."],
    ["groupArray", "groupArray(expr)", "Collects the values of expr into an array."],
    [
        "groupUniqArray",
        "groupUniqArray(expr)",
        "Collects the distinct values of expr into an array.",
    ],
    ["topK", "topK(n)(expr)", "The n most frequent values of expr (approximate)."],
    ["stddevPop", "stddevPop(expr)", "Population standard deviation of expr."],
    ["varPop", "varPop(expr)", "Population variance of expr."],
    ["sumMap", "sumMap(keys, values)", "Sums values grouped by key across rows."],
];

const DATE: Row[] = [
    ["now", "now([timezone])", "The current date and time."],
    ["today", "today()", "The current date."],
    ["yesterday", "yesterday()", "Yesterday's date."],
    ["toDate", "toDate(expr)", "Converts a string or DateTime to a Date."],
    ["toDateTime", "toDateTime(expr[, timezone])", "Converts a string or number to a DateTime."],
    ["toStartOfHour", "toStartOfHour(ts)", "Rounds a DateTime down to the hour."],
    ["toStartOfDay", "toStartOfDay(ts)", "Rounds a DateTime down to the day."],
    ["toStartOfWeek", "toStartOfWeek(ts[, mode])", "Rounds down to the week (mode 0: Sunday)."],
    ["toStartOfMonth", "toStartOfMonth(ts)", "Rounds down to the first day of the month."],
    ["toStartOfQuarter", "toStartOfQuarter(ts)", "Rounds down to the first day of the quarter."],
    ["toStartOfYear", "toStartOfYear(ts)", "Rounds down to the first day of the year."],
    ["toStartOfMinute", "toStartOfMinute(ts)", "Rounds a DateTime down to the minute."],
    ["toStartOfInterval", "toStartOfInterval(ts, INTERVAL n unit)", "Rounds down to an interval."],
    ["toYear", "toYear(ts)", "The year of a date."],
    ["toMonth", "toMonth(ts)", "The month of a date (1-12)."],
    ["toDayOfWeek", "toDayOfWeek(ts)", "Day of the week (1 = Monday ... 7 = Sunday)."],
    ["toDayOfMonth", "toDayOfMonth(ts)", "Day of the month (1-31)."],
    ["toHour", "toHour(ts)", "Hour of the day (0-23)."],
    ["toMinute", "toMinute(ts)", "Minute of the hour (0-59)."],
    ["toSecond", "toSecond(ts)", "Second of the minute (0-59)."],
    ["toUnixTimestamp", "toUnixTimestamp(ts)", "Seconds since the Unix epoch."],
    ["toTimeZone", "toTimeZone(ts, timezone)", "Shows a DateTime in another time zone."],
    [
        "dateDiff",
        "dateDiff('unit', start, end)",
        "Whole units between two dates ('day', 'hour', ...).",
    ],
    ["dateAdd", "dateAdd('unit', n, date)", "Adds n units to a date."],
    ["dateSub", "dateSub('unit', n, date)", "Subtracts n units from a date."],
    ["dateTrunc", "dateTrunc('unit', date)", "Truncates a date to the given unit."],
    [
        "formatDateTime",
        "formatDateTime(ts, format[, timezone])",
        "Formats a DateTime with a %-pattern.",
    ],
    [
        "parseDateTimeBestEffort",
        "parseDateTimeBestEffort(str)",
        "Parses most date and time formats.",
    ],
    ["toIntervalDay", "toIntervalDay(n)", "An interval of n days."],
];

const STRING: Row[] = [
    ["length", "length(s)", "Length of a string (bytes) or an array."],
    ["lower", "lower(s)", "Converts a string to lower case."],
    ["upper", "upper(s)", "Converts a string to upper case."],
    ["concat", "concat(s1, s2, ...)", "Joins strings together."],
    ["substring", "substring(s, offset[, length])", "Part of a string, offset from 1."],
    ["trim", "trim(s)", "Removes leading and trailing whitespace."],
    ["replaceAll", "replaceAll(s, from, to)", "Replaces every occurrence of a substring."],
    ["replaceOne", "replaceOne(s, from, to)", "Replaces the first occurrence of a substring."],
    ["replaceRegexpAll", "replaceRegexpAll(s, regex, to)", "Replaces every regex match."],
    ["replaceRegexpOne", "replaceRegexpOne(s, regex, to)", "Replaces the first regex match."],
    ["splitByChar", "splitByChar(sep, s)", "Splits a string on a single character into an array."],
    ["splitByString", "splitByString(sep, s)", "Splits a string on a separator into an array."],
    ["position", "position(haystack, needle)", "1-based position of needle, or 0."],
    ["startsWith", "startsWith(s, prefix)", "True if s starts with prefix."],
    ["endsWith", "endsWith(s, suffix)", "True if s ends with suffix."],
    ["match", "match(s, regex)", "True if the regex matches s."],
    ["extract", "extract(s, regex)", "The first regex capture group (or whole match) in s."],
    ["like", "like(s, pattern)", "Pattern match with % and _, the function form of LIKE."],
    ["domain", "domain(url)", "The host part of a URL."],
    ["path", "path(url)", "The path part of a URL, without the query string."],
    ["extractURLParameter", "extractURLParameter(url, name)", "Value of a query-string parameter."],
    ["toString", "toString(expr)", "Converts a value to a string."],
    ["base64Encode", "base64Encode(s)", "Base64-encodes a string."],
];

const JSON_FUNCTIONS: Row[] = [
    ["JSONExtractString", "JSONExtractString(json, key, ...)", "A string at a path in JSON text."],
    ["JSONExtractInt", "JSONExtractInt(json, key, ...)", "An integer at a path in JSON text."],
    ["JSONExtractFloat", "JSONExtractFloat(json, key, ...)", "A float at a path in JSON text."],
    ["JSONExtractBool", "JSONExtractBool(json, key, ...)", "A boolean at a path in JSON text."],
    ["JSONExtractRaw", "JSONExtractRaw(json, key, ...)", "The raw JSON at a path."],
    ["JSONExtractArrayRaw", "JSONExtractArrayRaw(json, key, ...)", "A JSON array as raw items."],
    ["JSONExtractKeys", "JSONExtractKeys(json, key, ...)", "The keys of a JSON object."],
    ["JSONHas", "JSONHas(json, key, ...)", "True if the path exists in the JSON text."],
    ["JSONLength", "JSONLength(json, key, ...)", "Length of a JSON array or object."],
];

const ARRAY: Row[] = [
    ["arrayMap", "arrayMap(x -> expr, arr)", "Applies a lambda to every element."],
    ["arrayFilter", "arrayFilter(x -> cond, arr)", "Keeps the elements where the lambda is true."],
    ["arrayExists", "arrayExists(x -> cond, arr)", "True if any element satisfies the lambda."],
    ["arrayAll", "arrayAll(x -> cond, arr)", "True if every element satisfies the lambda."],
    ["arraySort", "arraySort([x -> key,] arr)", "Sorts an array ascending."],
    ["arrayJoin", "arrayJoin(arr)", "Unfolds an array into one row per element."],
    ["arrayStringConcat", "arrayStringConcat(arr[, sep])", "Joins array elements into a string."],
    ["arrayDistinct", "arrayDistinct(arr)", "The distinct elements of an array."],
    ["arrayZip", "arrayZip(arr1, arr2, ...)", "Combines arrays into an array of tuples."],
    ["has", "has(arr, x)", "True if the array contains x."],
    ["hasAny", "hasAny(arr1, arr2)", "True if the arrays share any element."],
    ["hasAll", "hasAll(arr, subset)", "True if arr contains every element of subset."],
    ["indexOf", "indexOf(arr, x)", "1-based index of x in the array, or 0."],
    ["countEqual", "countEqual(arr, x)", "How many elements equal x."],
    ["empty", "empty(arr_or_string)", "True if the array or string is empty."],
    ["notEmpty", "notEmpty(arr_or_string)", "True if the array or string is not empty."],
    ["range", "range([start,] end[, step])", "Array of integers from start up to end (excluded)."],
    ["array", "array(x, ...)", "Builds an array, the same as [x, ...]."],
    ["tuple", "tuple(x, ...)", "Builds a tuple, the same as (x, ...)."],
];

const CONDITIONAL: Row[] = [
    ["if", "if(cond, then, else)", "then when cond is true, otherwise else."],
    ["multiIf", "multiIf(c1, v1, c2, v2, ..., else)", "The value of the first true condition."],
    ["coalesce", "coalesce(x, y, ...)", "The first non-null argument."],
    ["ifNull", "ifNull(x, alt)", "alt when x is null, otherwise x."],
    ["nullIf", "nullIf(x, y)", "Null when x equals y, otherwise x."],
    ["isNull", "isNull(x)", "True if x is null."],
    ["isNotNull", "isNotNull(x)", "True if x is not null."],
    ["assumeNotNull", "assumeNotNull(x)", "Drops Nullable from the type of x."],
    ["equals", "equals(a, b)", "a = b, the function form."],
    ["and", "and(a, b, ...)", "True if every argument is true."],
    ["or", "or(a, b, ...)", "True if any argument is true."],
    ["not", "not(a)", "Logical negation."],
];

const TYPE: Row[] = [
    ["toInt", "toInt(expr)", "Converts to a 64-bit integer (null if it cannot)."],
    ["toFloat", "toFloat(expr)", "Converts to a 64-bit float (null if it cannot)."],
    ["toDecimal", "toDecimal(expr, scale)", "Converts to a decimal with the given scale."],
    ["toBool", "toBool(expr)", "Converts to a boolean."],
    ["toUUID", "toUUID(expr)", "Converts a string to a UUID."],
    ["toTypeName", "toTypeName(expr)", "The ClickHouse type name of the expression."],
];

const MATH: Row[] = [
    ["round", "round(x[, digits])", "Rounds to the given number of decimal places."],
    ["floor", "floor(x)", "Rounds down."],
    ["ceil", "ceil(x)", "Rounds up."],
    ["abs", "abs(x)", "Absolute value."],
    ["intDiv", "intDiv(a, b)", "Integer division."],
    ["greatest", "greatest(a, b, ...)", "The largest argument."],
    ["least", "least(a, b, ...)", "The smallest argument."],
];

const POSTHOG: Row[] = [
    ["matchesAction", "matchesAction('action name' | id)", "True if the event matches the action."],
    ["sparkline", "sparkline(arr)", "Draws the array as a small chart in the results."],
    [
        "recordingButton",
        "recordingButton(session_id)",
        "A button that opens the session recording.",
    ],
    [
        "lookupDomainType",
        "lookupDomainType(domain)",
        "Classifies a referring domain (search, social...).",
    ],
    ["lookupPaidSourceType", "lookupPaidSourceType(source)", "Paid channel type of a utm_source."],
    ["lookupOrganicSourceType", "lookupOrganicSourceType(source)", "Organic type of a utm_source."],
    [
        "convertCurrency",
        "convertCurrency(from, to, amount[, date])",
        "Converts money between currencies.",
    ],
    [
        "getSurveyResponse",
        "getSurveyResponse(index[, id[, multi]])",
        "A survey answer from a survey sent event.",
    ],
    ["isLikelyBot", "isLikelyBot(user_agent)", "True if the user agent looks like a bot."],
    [
        "getTrafficType",
        "getTrafficType(user_agent)",
        "Classifies traffic as regular, bot or AI agent.",
    ],
    ["sortableSemVer", "sortableSemVer(version)", "Turns a semver string into a sortable array."],
];

function rows(category: FunctionCategory, list: Row[]): HogQLFunction[] {
    return list.map(([name, signature, description]) => ({
        name,
        signature,
        description,
        category,
    }));
}

const CURATED: readonly HogQLFunction[] = [
    ...rows("aggregate", AGGREGATE),
    ...rows("date", DATE),
    ...rows("string", STRING),
    ...rows("json", JSON_FUNCTIONS),
    ...rows("array", ARRAY),
    ...rows("conditional", CONDITIONAL),
    ...rows("type", TYPE),
    ...rows("math", MATH),
    ...rows("posthog", POSTHOG),
];
const curatedNames = new Set(CURATED.map((f) => f.name));

/** `name(arg1, arg2[, arg3])`, `name(arg1, ...)`, `name(param)(arg1)` from the argument counts. */
export function generatedSignature(fn: CatalogueFunction): string {
    const params =
        fn.maxParams === 0 && fn.minParams === 0
            ? ""
            : `(${placeholders("param", fn.minParams, fn.maxParams)})`;
    return `${fn.name}${params}(${placeholders("arg", fn.minArgs, fn.maxArgs)})`;
}

function placeholders(noun: string, min: number, max: number | null): string {
    let text = "";
    for (let i = 1; i <= min; i++) text += `${i > 1 ? ", " : ""}${noun}${i}`;
    if (max === null) return `${text}${min > 0 ? ", " : ""}...`;
    for (let i = min + 1; i <= max; i++) text += `[${i > 1 ? ", " : ""}${noun}${i}]`;
    return text;
}

function fromCatalogue(fn: CatalogueFunction): HogQLFunction {
    const category: FunctionCategory =
        fn.kind === "aggregate" ? "aggregate" : fn.kind === "posthog" ? "posthog" : "clickhouse";
    const what = fn.aggregate ? "Aggregate function" : "Function";
    return {
        name: fn.name,
        signature: generatedSignature(fn),
        description: l10n.t("{0} taking {1}.", what, describeCount(fn.minArgs, fn.maxArgs)),
        category,
        catalogue: fn,
    };
}

let all:
    | {
          list: HogQLFunction[];
          byName: Map<string, HogQLFunction>;
          byLower: Map<string, HogQLFunction>;
      }
    | undefined;

/**
 * The functions offered by completion, in display order: the curated ones (with PostHog's entry
 * when mapping.py has them), then the rest of PostHog's catalogue. Built on first use.
 */
export function hogqlFunctions(): readonly HogQLFunction[] {
    return functionIndex().list;
}

function functionIndex(): NonNullable<typeof all> {
    if (all) return all;
    const list = [
        ...CURATED.map((f) => ({ ...f, catalogue: lookupFunction(f.name) })),
        ...catalogueFunctions()
            .filter((f) => !curatedNames.has(f.name))
            .map(fromCatalogue),
    ];
    all = {
        list,
        byName: new Map(list.map((f) => [f.name, f])),
        byLower: new Map(list.map((f) => [f.name.toLowerCase(), f])),
    };
    return all;
}

/**
 * The functions completion offers while `word` is typed. aggregations.py generates 329 combinator
 * forms of seven aggregates (`sumIf`, `avgArrayOrNull`, `countDistinctMerge`...): they are
 * offered once the word runs past their base (`sumI` offers `sumIf`, `sumIfOrNull`...), so the
 * list shows each base once instead of hundreds of near-duplicates. The hand-written ones
 * (`countIf`, `sumIf`...) are always offered.
 */
export function completionFunctions(word: string): HogQLFunction[] {
    return hogqlFunctions().filter((fn) => {
        const combinator = fn.catalogue?.combinator;
        return !combinator || curatedNames.has(fn.name) || extendsBase(word, combinator.base);
    });
}

function extendsBase(word: string, base: string): boolean {
    return word.length > base.length && word.startsWith(base);
}

/**
 * Whether typing on from `word` can change which combinator forms completion offers (the word is
 * a combinator base, or on its way to one), so the editor must ask again at the next keystroke.
 */
export function combinatorsPending(word: string): boolean {
    return combinators().bases.some((base) => base.startsWith(word) || word.startsWith(base));
}

/** What hover and signature help say about combinators: the suffixes, or the base and suffixes. */
function combinatorFacts(entry: CatalogueFunction): string | undefined {
    if (entry.combinator) {
        const { base, suffixes } = entry.combinator;
        return l10n.t("`{0}` with the {1} combinator.", base, suffixes.join(" + "));
    }
    const { suffixes, bases } = combinators();
    if (!bases.includes(entry.name)) return undefined;
    return l10n.t(
        "Combinators: {0} (for example `{1}If`).",
        Object.keys(suffixes).join(", "),
        entry.name,
    );
}

/** A function by name: exact spelling first, then case-insensitively. */
export function findFunction(name: string): HogQLFunction | undefined {
    const { byName, byLower } = functionIndex();
    return byName.get(name) ?? byLower.get(name.toLowerCase());
}

/**
 * The call shape to show: the hand-written one when it has as many arguments as PostHog allows,
 * else one generated from PostHog's counts (`toDayOfWeek(ts)` becomes
 * `toDayOfWeek(arg1[, arg2][, arg3])`, since PostHog accepts three).
 */
export function signatureFor(fn: HogQLFunction): string {
    const entry = fn.catalogue;
    if (!entry) return fn.signature;
    const groups = parameterGroups(fn.signature);
    const args = groups[groups.length - 1];
    const fits = fn.signature.includes("...")
        ? entry.maxArgs === null
        : args.length === entry.maxArgs;
    return fits ? fn.signature : generatedSignature(entry);
}

/** The catalogue facts shown in hover and signature help, as Markdown lines. */
export function catalogueFacts(fn: HogQLFunction): string {
    const entry = fn.catalogue;
    if (!entry) return "Not in PostHog's function catalogue (mapping.py).";
    const facts = [`Takes ${describeCount(entry.minArgs, entry.maxArgs)}`];
    if (entry.maxParams !== 0 || entry.minParams !== 0)
        facts.push(`and ${describeCount(entry.minParams, entry.maxParams, "parameter")} first`);
    const lines = [`${facts.join(" ")}.`];
    lines.push(entry.aggregate ? "Aggregate function." : "Not an aggregate.");
    if (/^[\w$]+$/.test(entry.clickhouseName))
        lines.push(`ClickHouse function: \`${entry.clickhouseName}\`.`);
    else lines.push(`Rewritten for ClickHouse as \`${entry.clickhouseName}\`.`);
    if (entry.tzAware) lines.push("Uses the project's time zone.");
    if (!entry.caseSensitive) lines.push("Any letter case.");
    const combinator = combinatorFacts(entry);
    if (combinator) lines.push(combinator);
    return lines.join(" ");
}
