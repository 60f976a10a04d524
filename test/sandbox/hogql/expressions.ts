// Expressions as posthog/hogql/printer.py prints them for ClickHouse: operators as functions
// (equals, plus, and, ...), NULL-safe comparisons, lambdas, tuples and arrays, HogQLX tags as
// tuples, calls checked against HogQL's allow-list (functions.ts), window functions.
import { cohortSubquery } from "./cohorts";
import { HogQLError, queryError } from "./errors";
import { checkAlias, escapeIdentifier as id, escapeString } from "./escape";
import { printConvertCurrency } from "./exchangeRates";
import { FieldPrinter } from "./fields";
import {
    FIRST_ARG_DATETIME,
    findFunction,
    notRunHere,
    POSTHOG_UDFS,
    printCall,
    unsupportedFunction,
    validateArgs,
    validateParams,
    validateWithinGroup,
} from "./functions";
import { convertTag } from "./hogqlx";
import type { AstNode } from "./parser";
import type { Printed, Scope } from "./scope";

/** A printed subquery and its output columns. */
export interface SelectResult {
    sql: string;
    columns: SelectColumn[];
}

/** One output column of a SELECT. */
export interface SelectColumn {
    /** the name HogQL shows (query.py print_columns) */
    name: string;
    nullable: boolean;
    /** the name an outer query reads it by, when it differs from `name` */
    ref?: string;
    /** not a column of the query for an outer query (resolver.py visit_select_query) */
    hidden?: boolean;
}

const COMPARE: Record<string, string> = {
    "==": "equals",
    "!=": "notEquals",
    "<": "less",
    "<=": "lessOrEquals",
    ">": "greater",
    ">=": "greaterOrEquals",
    like: "like",
    ilike: "ilike",
    "not like": "notLike",
    "not ilike": "notILike",
    in: "in",
    "not in": "notIn",
    "global in": "globalIn",
    "global not in": "globalNotIn",
};

const ARITHMETIC: Record<string, string> = {
    "+": "plus",
    "-": "minus",
    "*": "multiply",
    "/": "divide",
    "%": "modulo",
};

/** HogQL's `x::type` / CAST (ast.TypeCast) as the conversion function PostHog maps it to. */
const TYPE_CASTS: Record<string, string> = {
    string: "toString",
    int: "toInt",
    integer: "toInt",
    float: "toFloat",
    date: "toDate",
    datetime: "toDateTime",
    bool: "toBool",
    boolean: "toBool",
    uuid: "toUUID",
};

const isNullConstant = (n: AstNode) => n.node === "Constant" && n.value === null;

export abstract class ExprPrinter extends FieldPrinter {
    /** printing a JOIN ON constraint: ClickHouse needs plain equals() there to find join keys */
    protected inJoinConstraint = false;

    /** The aggregations whose arguments are being printed, innermost last, in this SELECT. */
    private aggregations: string[] = [];

    protected abstract printSubquery(node: AstNode, parent: Scope): SelectResult;

    expr(node: AstNode, scope: Scope): Printed {
        switch (node.node) {
            case "Constant":
                return this.constant(node);
            case "Field":
                return this.field(node, scope);
            case "Alias": {
                checkAlias(String(node.alias), node);
                const p = this.expr(node.expr, scope);
                scope.aliases.set(String(node.alias), {
                    sql: id(node.alias),
                    nullable: p.nullable,
                    json: p.json,
                });
                return { sql: `(${p.sql} AS ${id(node.alias)})`, nullable: p.nullable };
            }
            case "ArithmeticOperation": {
                const l = this.expr(node.left, scope);
                const r = this.expr(node.right, scope);
                const fn = own(ARITHMETIC, String(node.op));
                if (!fn) throw queryError(`Unknown arithmetic operator ${String(node.op)}`, node);
                return { sql: `${fn}(${l.sql}, ${r.sql})`, nullable: l.nullable || r.nullable };
            }
            case "CompareOperation":
                return this.compare(node, scope);
            case "And":
            case "Or": {
                const parts = (node.exprs as AstNode[]).map((e) => this.expr(e, scope));
                if (parts.length === 1) return parts[0];
                return {
                    sql: `${node.node === "And" ? "and" : "or"}(${parts.map((p) => p.sql).join(", ")})`,
                    nullable: parts.some((p) => p.nullable),
                };
            }
            case "Not": {
                const p = this.expr(node.expr, scope);
                return { sql: `not(${p.sql})`, nullable: p.nullable };
            }
            case "BetweenExpr": {
                const e = this.expr(node.expr, scope);
                const lo = this.expr(node.low, scope);
                const hi = this.expr(node.high, scope);
                const sql = `(${e.sql} ${node.negated ? "NOT BETWEEN" : "BETWEEN"} ${lo.sql} AND ${hi.sql})`;
                // printer/clickhouse.py visit_between_expr (code index id 2758558931): with a
                // nullable side the answer is ifNull(..., 0), never NULL.
                if (!(e.nullable || lo.nullable || hi.nullable)) return { sql, nullable: false };
                return { sql: `ifNull(${sql}, 0)`, nullable: false };
            }
            case "Tuple": {
                const parts = (node.exprs as AstNode[]).map((e) => this.expr(e, scope).sql);
                return { sql: `tuple(${parts.join(", ")})`, nullable: false };
            }
            case "Array": {
                const parts = (node.exprs as AstNode[]).map((e) => this.expr(e, scope).sql);
                return { sql: `[${parts.join(", ")}]`, nullable: false };
            }
            case "Dict": {
                const parts: string[] = [];
                for (const [k, v] of node.items as [AstNode, AstNode][])
                    parts.push(this.expr(k, scope).sql, this.expr(v, scope).sql);
                return { sql: `map(${parts.join(", ")})`, nullable: false };
            }
            case "TupleAccess": {
                if (Number(node.index) === 0)
                    throw queryError(
                        "SQL indexes start from one, not from zero. E.g: array.1",
                        node,
                    );
                const t = this.expr(node.tuple, scope);
                return { sql: `tupleElement(${t.sql}, ${Number(node.index)})`, nullable: true };
            }
            case "ArrayAccess":
                return this.arrayAccess(node, scope);
            case "Lambda": {
                const args = (node.args as string[]).map(String);
                const body = this.withLambda(scope, args, () => this.expr(node.expr, scope));
                const head = args.length === 1 ? id(args[0]) : `(${args.map(id).join(", ")})`;
                return { sql: `${head} -> ${body.sql}`, nullable: body.nullable };
            }
            case "Call":
                return this.call(node, scope);
            case "WindowFunction":
                return this.windowFunction(node, scope);
            case "TypeCast": {
                const type = String(node.type_name).toLowerCase();
                const sized = /^(u?)(int|float)(\d+)$/.exec(type);
                if (sized) {
                    // `x::Int64`: ClickHouse's cast to that numeric type, NULL when it does not fit.
                    const kind = sized[2] === "int" ? "Int" : "Float";
                    const ch = `${sized[1] ? "U" : ""}${kind}${sized[3]}`;
                    const p = this.expr(node.expr, scope);
                    return { sql: `accurateCastOrNull(${p.sql}, '${ch}')`, nullable: true };
                }
                const fn = own(TYPE_CASTS, type);
                if (!fn)
                    throw queryError(`Unsupported type cast to ${String(node.type_name)}`, node);
                return this.call(
                    { node: "Call", name: fn, args: [node.expr], start: node.start, end: node.end },
                    scope,
                );
            }
            case "SelectQuery":
            case "SelectSetQuery": {
                // A subquery is a new SELECT: aggregations around it do not nest with its own.
                const outer = this.aggregations;
                this.aggregations = [];
                try {
                    const r = this.printSubquery(node, scope);
                    return { sql: r.sql, nullable: true };
                } finally {
                    this.aggregations = outer;
                }
            }
            case "ExprCall":
                // printer base.py: only names can be called (`b.a(x)` is not a function).
                throw queryError(
                    "You can only call simple functions in HogQL, not expressions",
                    node,
                );
            case "TryCast":
                throw queryError("TRY_CAST is not allowed in clickhouse dialect", node);
            case "ArraySlice": {
                // test_printer.py @002b82da: arr[a:b] is arraySlice(arr, a, b - a + 1).
                if (!node.start_expr || !node.end_expr)
                    throw queryError(`Unsupported node: ${node.node}`, node);
                const arr = this.expr(node.array, scope);
                const a = this.expr(node.start_expr, scope).sql;
                const b = this.expr(node.end_expr, scope).sql;
                return {
                    sql: `arraySlice(${arr.sql}, ${a}, plus(minus(${b}, ${a}), 1))`,
                    nullable: arr.nullable,
                };
            }
            case "HogQLXTag":
                return this.expr(convertTag(node), scope);
            case "Placeholder":
                throw new HogQLError(
                    "invalid",
                    `Global variable not found: ${String(node.expr?.chain?.[0] ?? "")}`,
                );
            default:
                throw queryError(`Unsupported node: ${node.node}`, node);
        }
    }

    protected withLambda<T>(scope: Scope, args: string[], fn: () => T): T {
        const added = args.filter((a) => !scope.lambdaArgs.has(a));
        for (const a of added) scope.lambdaArgs.add(a);
        try {
            return fn();
        } finally {
            for (const a of added) scope.lambdaArgs.delete(a);
        }
    }

    protected constant(node: AstNode): Printed {
        const v = node.value as unknown;
        if (v === null || v === undefined) return { sql: "NULL", nullable: true };
        if (v === true) return { sql: "1", nullable: false };
        if (v === false) return { sql: "0", nullable: false };
        if (typeof v === "number") {
            if (!Number.isFinite(v))
                return { sql: Number.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf", nullable: false };
            return { sql: String(v), nullable: false };
        }
        // Numbers a double cannot hold arrive as strings with value_type "number" (parser.ts).
        if (node.value_type === "number" && typeof v === "string")
            return { sql: v, nullable: false };
        if (typeof v === "string") return { sql: escapeString(v), nullable: false };
        if (Array.isArray(v)) {
            const parts = v.map((x) => this.constant({ node: "Constant", value: x }).sql);
            return { sql: `[${parts.join(", ")}]`, nullable: false };
        }
        return { sql: escapeString(JSON.stringify(v)), nullable: false };
    }

    protected compare(node: AstNode, scope: Scope): Printed {
        const op = String(node.op);
        const left = node.left as AstNode;
        const right = node.right as AstNode;
        // resolver.py: IN COHORT compares with the cohort's people (functions/cohort.py).
        if (op === "in cohort" || op === "not in cohort")
            return this.compare(
                { ...node, op: op === "in cohort" ? "in" : "not in", right: cohortSubquery(right) },
                scope,
            );
        // printer.py visit_compare_operation: comparisons with NULL become isNull/isNotNull.
        if ((op === "==" || op === "!=") && (isNullConstant(right) || isNullConstant(left))) {
            const other = this.expr(isNullConstant(right) ? left : right, scope);
            return {
                sql: `${op === "==" ? "isNull" : "isNotNull"}(${other.sql})`,
                nullable: false,
            };
        }
        const l = this.expr(left, scope);
        const r =
            (op === "in" || op === "not in") && right.node === "Constant"
                ? { sql: `tuple(${this.expr(right, scope).sql})`, nullable: false }
                : this.expr(right, scope);
        if (op === "=~" || op === "!~" || op === "=~*" || op === "!~*") {
            const pattern = op.endsWith("*") ? `concat('(?i)', ${r.sql})` : r.sql;
            const m = `match(${l.sql}, ${pattern})`;
            const sql = op.startsWith("!") ? `not(${m})` : m;
            return { sql: l.nullable || r.nullable ? `ifNull(${sql}, 0)` : sql, nullable: false };
        }
        const fn = own(COMPARE, op);
        if (!fn) throw queryError(`Unknown compare operator ${op}`, node);
        const base = `${fn}(${l.sql}, ${r.sql})`;
        // printer.py leaves join constraints unwrapped: ClickHouse needs equals() to find keys.
        if (!(l.nullable || r.nullable) || fn === "in" || fn === "notIn" || this.inJoinConstraint)
            return { sql: base, nullable: false };
        // Nullable operands: HogQL compares NULLs as values (printer.py __get_optimized_compare...).
        // With one side never NULL, a NULL result means "not equal" (printer.py prints the
        // short form); with both nullable, two NULLs are equal.
        const both = l.nullable && r.nullable;
        if (fn === "equals")
            return {
                sql: `ifNull(${base}, ${both ? nullBoth(l, r, "and", "isNull") : "0"})`,
                nullable: false,
            };
        if (fn === "notEquals")
            return {
                sql: `ifNull(${base}, ${both ? nullBoth(l, r, "or", "isNotNull") : "1"})`,
                nullable: false,
            };
        if (fn === "notLike" || fn === "notILike")
            return { sql: `ifNull(${base}, 1)`, nullable: false };
        return { sql: `ifNull(${base}, 0)`, nullable: false };
    }

    protected arrayAccess(node: AstNode, scope: Scope): Printed {
        const prop = node.property as AstNode;
        // resolver.py visit_array_access
        if (prop.node === "Constant" && prop.value === 0)
            throw queryError("SQL indexes start from one, not from zero. E.g: array[1]", node);
        const arr = node.array as AstNode;
        // properties['$key'] and properties.a['b'] are property access on the JSON field.
        if (prop.node === "Constant" && typeof prop.value === "string" && arr.node === "Field") {
            return this.field({ ...arr, chain: [...(arr.chain as string[]), prop.value] }, scope);
        }
        const a = this.expr(arr, scope);
        if (a.json && prop.node === "Constant" && typeof prop.value === "string")
            return this.jsonAccess(a.json.base, [...a.json.keys, prop.value], a.json.numeric);
        const p = this.expr(prop, scope);
        return { sql: `arrayElement(${a.sql}, ${p.sql})`, nullable: true };
    }

    // ---- calls ----

    protected args(nodes: AstNode[] | null | undefined, scope: Scope): Printed[] {
        return ((nodes ?? []) as AstNode[]).map((a) => this.expr(a, scope));
    }

    protected call(node: AstNode, scope: Scope): Printed {
        const name = String(node.name);
        const argNodes = (node.args ?? []) as AstNode[];
        // `agg(x) FILTER (WHERE cond)` is aggIf(x, cond) (printer.py visit_call).
        if (node.filter_expr) {
            return this.call(
                {
                    ...node,
                    name: `${name}If`,
                    args: [...argNodes.filter((a) => !isStar(a)), node.filter_expr],
                    filter_expr: null,
                },
                scope,
            );
        }
        const found = findFunction(name);
        if (!found) throw unsupportedFunction(name, node);
        // PostHog's funnel UDFs live in its ClickHouse only: chDB would fail on them.
        if (POSTHOG_UDFS.has(found.name)) {
            validateArgs(name, argNodes.length, found, node);
            throw notRunHere(found.name, node);
        }
        if (found.posthog) {
            validateArgs(name, argNodes.length, found, node);
            return this.special(found.name, node, argNodes, scope);
        }
        // count(*) is count()
        const realArgs = argNodes.length === 1 && isStar(argNodes[0]) ? [] : argNodes;
        validateWithinGroup(name, node, found);
        validateArgs(name, realArgs.length, found, node);
        validateParams(name, node.params as unknown[] | null, found, node);
        // printer base.py visit_call (code index id 9929352407): no aggregation inside another
        // one of the same SELECT.
        const around = this.aggregations[this.aggregations.length - 1];
        if (found.aggregate && around !== undefined)
            throw queryError(
                `Aggregation '${name}' cannot be nested inside another aggregation '${around}'.`,
                node,
            );
        if (found.aggregate) this.aggregations.push(name);
        let args: Printed[];
        let params: string[] | null;
        try {
            args = this.args(realArgs, scope);
            params = node.params ? this.args(node.params, scope).map((p) => p.sql) : null;
        } finally {
            if (found.aggregate) this.aggregations.pop();
        }
        let argSql = args.map((a) => a.sql);
        if (found.name === "now" && !argSql.length) argSql = ["'UTC'"];
        if (found.name === "toDateTime") {
            // conversions.py: strings parse best-effort (parseDateTime64BestEffortOrNull), other
            // values convert with toDateTime, both in the team's time zone (UTC).
            const text = realArgs[0]?.node === "Constant" && typeof realArgs[0].value === "string";
            const tz = argSql[1] ?? "'UTC'";
            return {
                sql: text
                    ? `parseDateTime64BestEffortOrNull(${argSql[0]}, 6, ${tz})`
                    : `toDateTime(${argSql[0]}, ${tz})`,
                nullable: text || args[0].nullable,
            };
        }
        // config.py FIRST_ARG_DATETIME_FUNCTIONS: DateTime64 first arguments become DateTime.
        if (FIRST_ARG_DATETIME.has(found.name) && argSql.length)
            argSql = [`toDateTime(${argSql[0]})`, ...argSql.slice(1)];
        const sql = printCall(found, argSql, params, !!node.distinct);
        const ch = found.meta[0] || found.name;
        const nullable =
            ch.startsWith("accurateCastOrNull") || ch.endsWith("OrNull")
                ? true
                : ["ifNull", "coalesce", "assumeNotNull", "count", "countIf"].includes(ch)
                  ? false
                  : args.some((a) => a.nullable);
        return { sql, nullable };
    }

    /**
     * PostHog's own functions (posthog.py) that print as other ClickHouse expressions
     * (functions/sparkline.py, recording_button.py, explain_csp_report.py) or read a dictionary
     * the sandbox has (convertCurrency, exchangeRates.ts); the argument counts are checked
     * before. The others (matchesAction, lookup*, ...) read PostHog's own tables and
     * dictionaries, which the sandbox does not have.
     */
    protected special(name: string, node: AstNode, argNodes: AstNode[], scope: Scope): Printed {
        const printed = this.args(argNodes, scope);
        const a = printed.map((x) => x.sql);
        switch (name) {
            case "convertCurrency":
                return {
                    sql: printConvertCurrency(a),
                    nullable: printed.some((x) => x.nullable),
                };
            case "sparkline":
                return { sql: `tuple('__hx_tag', 'Sparkline', 'data', ${a[0]})`, nullable: false };
            case "recordingButton":
                // test_recording_button.py @0ea24b5b: the optional status follows the session.
                return {
                    sql: `tuple('__hx_tag', 'RecordingButton', 'sessionId', ${a[0]}${a.length > 1 ? `, 'recordingStatus', ${a[1]}` : ""})`,
                    nullable: false,
                };
            case "explainCSPReport":
                return {
                    sql: `tuple('__hx_tag', 'ExplainCSPReport', 'properties', ${a[0]})`,
                    nullable: false,
                };
            case "sortablesemver":
                // The version's numbers as an array of integers.
                return {
                    sql: `arrayMap(x -> toInt64OrZero(x), splitByChar('.', extract(assumeNotNull(${a[0]}), '(\\\\d+(\\\\.\\\\d+)*)')))`,
                    nullable: false,
                };
        }
        // PostHog runs these against its own dictionaries and tables; say that the sandbox is
        // the limit, not the query.
        throw notRunHere(name, node);
    }

    protected windowFunction(node: AstNode, scope: Scope): Printed {
        const name = String(node.name);
        const found = findFunction(name);
        if (!found) throw unsupportedFunction(name, node);
        const ch = found.meta[0] || found.name;
        // ast.WindowFunction: `exprs` are the arguments, `args` the parameters' arguments.
        const exprs = this.args(node.exprs, scope).map((p) => p.sql);
        const args = this.args(node.args, scope).map((p) => p.sql);
        const head = args.length
            ? `${ch}(${exprs.join(", ")})(${args.join(", ")})`
            : `${ch}(${exprs.join(", ")})`;
        const over = node.over_identifier
            ? id(node.over_identifier)
            : `(${this.windowExpr(node.over_expr ?? {}, scope)})`;
        return { sql: `${head} OVER ${over}`, nullable: true };
    }

    protected windowExpr(node: AstNode, scope: Scope): string {
        const parts: string[] = [];
        if (node.partition_by?.length)
            parts.push(
                `PARTITION BY ${(node.partition_by as AstNode[]).map((e) => this.expr(e, scope).sql).join(", ")}`,
            );
        if (node.order_by?.length)
            parts.push(
                `ORDER BY ${(node.order_by as AstNode[]).map((o) => this.orderExpr(o, scope)).join(", ")}`,
            );
        if (node.frame_method) {
            const frame = (f: AstNode | null) => {
                if (!f) return "CURRENT ROW";
                if (f.frame_type === "CURRENT ROW") return "CURRENT ROW";
                return `${f.frame_value === null || f.frame_value === undefined ? "UNBOUNDED" : String(f.frame_value)} ${String(f.frame_type)}`;
            };
            parts.push(
                node.frame_end
                    ? `${String(node.frame_method)} BETWEEN ${frame(node.frame_start)} AND ${frame(node.frame_end)}`
                    : `${String(node.frame_method)} ${frame(node.frame_start)}`,
            );
        }
        return parts.join(" ");
    }

    protected orderExpr(node: AstNode, scope: Scope): string {
        return `${this.expr(node.expr, scope).sql} ${String(node.order ?? "ASC")}`;
    }
}

export function isStar(n: AstNode): boolean {
    return n.node === "Field" && n.chain.length === 1 && n.chain[0] === "*";
}

function nullBoth(l: Printed, r: Printed, join: "and" | "or", fn: string): string {
    return `${join}(${fn}(${l.sql}), ${fn}(${r.sql}))`;
}

/** A table entry by name, never an Object.prototype member ("toString", "constructor"). */
function own(table: Record<string, string>, key: string): string | undefined {
    return Object.hasOwn(table, key) ? table[key] : undefined;
}
