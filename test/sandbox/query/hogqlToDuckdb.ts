// Translates the HogQL subset the sandbox supports into DuckDB SQL, token by token, keeping a
// map from output offsets back to the HogQL text so engine errors can point at the right span.

export class HogQLSyntaxError extends Error {
    constructor(
        message: string,
        readonly start: number,
        readonly end: number,
    ) {
        super(message);
    }
}

type TokenType = "ws" | "comment" | "ident" | "qident" | "string" | "number" | "op" | "placeholder";

export interface Token {
    type: TokenType;
    text: string;
    /** unquoted value of strings and quoted identifiers */
    value: string;
    start: number;
    end: number;
}

const OPERATORS = ["==", "!=", "<>", "<=", ">=", "||", "??", "=~", "!~", "~*", "->", "::", "?."];

export function tokenize(sql: string): Token[] {
    const tokens: Token[] = [];
    let i = 0;
    const push = (type: TokenType, start: number, end: number, value?: string) =>
        tokens.push({
            type,
            text: sql.slice(start, end),
            value: value ?? sql.slice(start, end),
            start,
            end,
        });
    while (i < sql.length) {
        const c = sql[i];
        const start = i;
        if (/\s/.test(c)) {
            while (i < sql.length && /\s/.test(sql[i])) i++;
            push("ws", start, i);
        } else if (sql.startsWith("--", i) || sql.startsWith("//", i)) {
            while (i < sql.length && sql[i] !== "\n") i++;
            push("comment", start, i);
        } else if (sql.startsWith("/*", i)) {
            const close = sql.indexOf("*/", i + 2);
            if (close < 0) throw new HogQLSyntaxError("Unterminated comment", start, sql.length);
            i = close + 2;
            push("comment", start, i);
        } else if (c === "'" || ((c === "f" || c === "F") && sql[i + 1] === "'")) {
            i += c === "'" ? 1 : 2;
            let value = "";
            for (;;) {
                if (i >= sql.length)
                    throw new HogQLSyntaxError("Unterminated string", start, sql.length);
                const ch = sql[i];
                if (ch === "'" && sql[i + 1] === "'") {
                    value += "'";
                    i += 2;
                } else if (ch === "'") {
                    i++;
                    break;
                } else if (ch === "\\") {
                    const n = sql[i + 1];
                    const map: Record<string, string> = {
                        n: "\n",
                        t: "\t",
                        r: "\r",
                        "0": "\0",
                        "\\": "\\",
                        "'": "'",
                    };
                    if (n === "x") {
                        value += String.fromCharCode(parseInt(sql.slice(i + 2, i + 4), 16));
                        i += 4;
                    } else {
                        value += map[n] ?? n;
                        i += 2;
                    }
                } else {
                    value += ch;
                    i++;
                }
            }
            push("string", start, i, value);
        } else if (c === '"' || c === "`") {
            const close = sql.indexOf(c, i + 1);
            if (close < 0)
                throw new HogQLSyntaxError("Unterminated quoted identifier", start, sql.length);
            i = close + 1;
            push("qident", start, i, sql.slice(start + 1, close));
        } else if (
            /[0-9]/.test(c) ||
            (c === "." && /[0-9]/.test(sql[i + 1] ?? "") && !isChainDot(tokens))
        ) {
            const m = /^(0x[0-9a-f]+|0b[01]+|\d*\.?\d+(e[+-]?\d+)?|\d+\.?)/i.exec(sql.slice(i));
            i += m ? m[0].length : 1;
            push("number", start, i);
        } else if (/[A-Za-z_$]/.test(c)) {
            while (i < sql.length && /[A-Za-z0-9_$]/.test(sql[i])) i++;
            push("ident", start, i);
        } else if (c === "{") {
            let depth = 0;
            do {
                if (sql[i] === "{") depth++;
                if (sql[i] === "}") depth--;
                i++;
            } while (i < sql.length && depth > 0);
            if (depth > 0)
                throw new HogQLSyntaxError("Unterminated placeholder", start, sql.length);
            push("placeholder", start, i, sql.slice(start + 1, i - 1).trim());
        } else {
            const op = OPERATORS.find((o) => sql.startsWith(o, i));
            if (op) {
                i += op.length;
            } else if ("+-*/%<>=(),.[]?:;!".includes(c)) {
                i++;
            } else {
                throw new HogQLSyntaxError(`Syntax error: unexpected character '${c}'`, i, i + 1);
            }
            push("op", start, i);
        }
    }
    return tokens;
}

function isChainDot(tokens: Token[]): boolean {
    const last = tokens[tokens.length - 1];
    return !!last && (last.type === "ident" || last.type === "qident");
}

/** One piece of output with the HogQL span it came from. */
interface Piece {
    text: string;
    start: number;
    end: number;
}

export interface Translation {
    sql: string;
    pieces: { outStart: number; outEnd: number; start: number; end: number }[];
    /** the top-level LIMIT as written (before clamping), or null */
    limit: number | null;
    hasTopLevelLimit: boolean;
    hasTopLevelOffset: boolean;
    /** the token span of the top-level OFFSET keyword, for errors */
    offsetSpan: [number, number] | null;
    tokens: Token[];
}

export const MAX_LIMIT = 50_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteString = (value: string) => `'${value.replace(/'/g, "''")}'`;
const isSig = (t: Token) => t.type !== "ws" && t.type !== "comment";
const upper = (t: Token | undefined) => (t && t.type === "ident" ? t.text.toUpperCase() : "");

/** JSON path for DuckDB's json_extract_string: $."a"."b" */
function jsonPath(keys: string[]): string {
    return "$" + keys.map((k) => `."${k.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join("");
}

class Translator {
    readonly out: Piece[] = [];

    constructor(
        readonly tokens: Token[],
        readonly replacements: Map<number, string>,
        readonly variables: Record<string, unknown>,
        /** token index -> alias text appended after it (HogQL column names for unaliased items) */
        readonly aliases: Map<number, string> = new Map(),
    ) {}

    emit(text: string, start: number, end: number): void {
        this.out.push({ text, start, end });
    }

    nextSig(i: number, to = this.tokens.length): number {
        while (i < to && !isSig(this.tokens[i])) i++;
        return i;
    }

    /** index of the ")" or "]" matching the opener at i */
    matching(i: number): number {
        const open = this.tokens[i].text;
        const close = open === "(" ? ")" : "]";
        let depth = 0;
        for (let k = i; k < this.tokens.length; k++) {
            const t = this.tokens[k];
            if (t.type !== "op") continue;
            if (t.text === open) depth++;
            else if (t.text === close && --depth === 0) return k;
        }
        throw new HogQLSyntaxError(`Unmatched '${open}'`, this.tokens[i].start, this.tokens[i].end);
    }

    /** top-level argument ranges inside (from, to) */
    args(from: number, to: number): [number, number][] {
        const result: [number, number][] = [];
        let depth = 0;
        let startArg = from;
        for (let k = from; k < to; k++) {
            const t = this.tokens[k];
            if (t.type !== "op") continue;
            if (t.text === "(" || t.text === "[") depth++;
            else if (t.text === ")" || t.text === "]") depth--;
            else if (t.text === "," && depth === 0) {
                result.push([startArg, k]);
                startArg = k + 1;
            }
        }
        if (this.nextSig(startArg, to) < to || result.length) result.push([startArg, to]);
        return result;
    }

    run(from: number, to: number): void {
        let i = from;
        while (i < to) {
            const next = this.step(i, to);
            for (let k = i; k < next; k++) {
                const alias = this.aliases.get(k);
                if (alias !== undefined)
                    this.emit(` AS ${quoteIdent(alias)}`, this.tokens[k].end, this.tokens[k].end);
            }
            i = next;
        }
    }

    /** translates a range into a separate piece list and returns its text (for re-ordering) */
    sub(from: number, to: number): Piece[] {
        const saved = this.out.length;
        this.run(from, to);
        return this.out.splice(saved);
    }

    step(i: number, to: number): number {
        const t = this.tokens[i];
        const replacement = this.replacements.get(i);
        if (replacement !== undefined) {
            this.emit(replacement, t.start, t.end);
            return i + 1;
        }
        switch (t.type) {
            case "ws":
                this.emit(t.text, t.start, t.end);
                return i + 1;
            case "comment":
                // Keep line breaks so DuckDB's LINE n: positions still line up.
                this.emit(t.text.replace(/[^\n]/g, " "), t.start, t.end);
                return i + 1;
            case "string":
                this.emit(quoteString(t.value), t.start, t.end);
                return i + 1;
            case "number":
                this.emit(t.text, t.start, t.end);
                return i + 1;
            case "placeholder":
                this.emit(this.placeholder(t), t.start, t.end);
                return i + 1;
            case "op":
                if (t.text === "==") this.emit("=", t.start, t.end);
                else if (t.text === "?.") this.emit(".", t.start, t.end);
                else if (t.text === ";") {
                    if (this.nextSig(i + 1) < this.tokens.length) {
                        throw new HogQLSyntaxError(
                            "Multiple statements are not supported",
                            t.start,
                            t.end,
                        );
                    }
                    this.emit(" ", t.start, t.end);
                } else if (
                    t.text === "#" ||
                    t.text === "??" ||
                    t.text === "=~" ||
                    t.text === "!~" ||
                    t.text === "~*"
                ) {
                    throw new HogQLSyntaxError(
                        `Operator '${t.text}' is not supported by the sandbox`,
                        t.start,
                        t.end,
                    );
                } else this.emit(t.text, t.start, t.end);
                return i + 1;
            default:
                return this.identifier(i, to);
        }
    }

    placeholder(t: Token): string {
        if (t.value === "filters") return "true";
        const m = /^variables\.(\w+)$/.exec(t.value);
        if (m && m[1] in this.variables) {
            const v = this.variables[m[1]];
            return typeof v === "number" ? String(v) : quoteString(String(v));
        }
        throw new HogQLSyntaxError(`Unresolved placeholder {${t.value}}`, t.start, t.end);
    }

    identifier(i: number, to: number): number {
        const t = this.tokens[i];
        const next = this.nextSig(i + 1, to);
        if (t.type === "ident" && next < to && this.tokens[next].text === "(") {
            const handled = this.functionCall(i, next, to);
            if (handled >= 0) return handled;
            this.emit(t.text, t.start, t.end);
            return i + 1;
        }
        // An identifier chain: a.b.c, properties.$x, properties['$x'].
        const segs: Token[] = [t];
        let k = i + 1;
        for (;;) {
            const dot = this.tokens[k];
            const seg = this.tokens[k + 1];
            if (
                dot?.type === "op" &&
                (dot.text === "." || dot.text === "?.") &&
                seg &&
                (seg.type === "ident" || seg.type === "qident" || seg.type === "number")
            ) {
                segs.push(seg);
                k += 2;
                continue;
            }
            if (
                dot?.type === "op" &&
                dot.text === "[" &&
                segs.some((s) => s.value === "properties")
            ) {
                const str = this.tokens[k + 1];
                const close = this.tokens[k + 2];
                if (str?.type === "string" && close?.text === "]") {
                    segs.push(str);
                    k += 3;
                    continue;
                }
            }
            break;
        }
        const start = t.start;
        const end = this.tokens[k - 1].end;
        this.emit(this.chain(segs.map((s) => s.value)), start, end);
        return k;
    }

    chain(names: string[]): string {
        const propsAt = names.indexOf("properties");
        if (propsAt >= 0) {
            let base = names.slice(0, propsAt);
            let column = "properties";
            if (base[base.length - 1] === "person") {
                base = base.slice(0, -1);
                column = "person_properties";
            }
            const col = [...base.map(quoteIdent), quoteIdent(column)].join(".");
            const path = names.slice(propsAt + 1);
            return path.length
                ? `json_extract_string(${col}, '${jsonPath(path).replace(/'/g, "''")}')`
                : col;
        }
        if (
            names.length >= 2 &&
            names[names.length - 2] === "person" &&
            names[names.length - 1] === "id"
        ) {
            return [...names.slice(0, -2).map(quoteIdent), "person_id"].join(".");
        }
        return names.map((n) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(n) ? n : quoteIdent(n))).join(".");
    }

    /** Rewrites ClickHouse-only functions; returns the next index, or -1 to leave the call as is. */
    functionCall(nameAt: number, openAt: number, to: number): number {
        const name = this.tokens[nameAt];
        const lower = name.text.toLowerCase();
        const closeAt = this.matching(openAt);
        if (closeAt >= to)
            throw new HogQLSyntaxError(
                `Unmatched '('`,
                this.tokens[openAt].start,
                this.tokens[openAt].end,
            );
        const args = this.args(openAt + 1, closeAt);
        const span = (text: string) => this.emit(text, name.start, this.tokens[closeAt].end);
        const inner = (from: number, upto: number) => this.run(from, upto);
        const closeTok = this.tokens[closeAt];
        const wrap = (prefix: string, suffix: string, from = openAt + 1, upto = closeAt) => {
            this.emit(prefix, name.start, this.tokens[closeAt].end);
            inner(from, upto);
            this.emit(suffix, closeTok.start, closeTok.end);
            return closeAt + 1;
        };
        const filtered = (fn: string) => {
            if (args.length !== 2)
                throw new HogQLSyntaxError(
                    `Function '${name.text}' expects 2 arguments`,
                    name.start,
                    closeTok.end,
                );
            span(`${fn}(`);
            inner(args[0][0], args[0][1]);
            this.emit(") FILTER (WHERE ", closeTok.start, closeTok.end);
            inner(args[1][0], args[1][1]);
            this.emit(")", closeTok.start, closeTok.end);
            return closeAt + 1;
        };
        // ClickHouse counts are UInt64; DuckDB's are BIGINT/HUGEINT, hence the casts.
        switch (lower) {
            case "count":
                if (!args.length) {
                    span("CAST(count(*) AS UBIGINT)");
                    return closeAt + 1;
                }
                return wrap("CAST(count(", ") AS UBIGINT)");
            case "countif":
                return wrap("CAST(count_if(", ") AS UBIGINT)");
            case "uniq":
            case "uniqexact":
                return wrap("CAST(count(DISTINCT ", ") AS UBIGINT)");
            case "sumif":
                return filtered("sum");
            case "avgif":
                return filtered("avg");
            case "minif":
                return filtered("min");
            case "maxif":
                return filtered("max");
            case "isnull":
                return wrap("((", ") IS NULL)");
            case "isnotnull":
                return wrap("((", ") IS NOT NULL)");
            case "any":
                return wrap("any_value(", ")");
            case "argmax":
                return wrap("arg_max(", ")");
            case "argmin":
                return wrap("arg_min(", ")");
            case "grouparray":
                return wrap("list(", ")");
            case "groupuniqarray":
                return wrap("list(DISTINCT ", ")");
            case "if": {
                if (args.length !== 3)
                    throw new HogQLSyntaxError(
                        "Function 'if' expects 3 arguments",
                        name.start,
                        closeTok.end,
                    );
                span("(CASE WHEN ");
                inner(...args[0]);
                this.emit(" THEN ", closeTok.start, closeTok.end);
                inner(...args[1]);
                this.emit(" ELSE ", closeTok.start, closeTok.end);
                inner(...args[2]);
                this.emit(" END)", closeTok.start, closeTok.end);
                return closeAt + 1;
            }
            case "multiif": {
                span("(CASE");
                for (let a = 0; a + 1 < args.length; a += 2) {
                    this.emit(" WHEN ", closeTok.start, closeTok.end);
                    inner(...args[a]);
                    this.emit(" THEN ", closeTok.start, closeTok.end);
                    inner(...args[a + 1]);
                }
                if (args.length % 2 === 1) {
                    this.emit(" ELSE ", closeTok.start, closeTok.end);
                    inner(...args[args.length - 1]);
                }
                this.emit(" END)", closeTok.start, closeTok.end);
                return closeAt + 1;
            }
            case "quantile": {
                // quantile(p)(x) -> quantile_cont(x, p)
                const open2 = this.nextSig(closeAt + 1);
                if (this.tokens[open2]?.text !== "(") return -1;
                const close2 = this.matching(open2);
                span("quantile_cont(");
                inner(open2 + 1, close2);
                this.emit(", ", closeTok.start, closeTok.end);
                inner(openAt + 1, closeAt);
                this.emit(")", this.tokens[close2].start, this.tokens[close2].end);
                return close2 + 1;
            }
            default:
                return -1;
        }
    }
}

/**
 * Finds the top-level LIMIT/OFFSET and prepares the clamp. ClickHouse forms: LIMIT n,
 * LIMIT n OFFSET m, LIMIT m, n.
 */
function scanLimit(tokens: Token[]) {
    let depth = 0;
    let limit: number | null = null;
    let hasLimit = false;
    let offsetSpan: [number, number] | null = null;
    const replacements = new Map<number, string>();
    const sig = tokens.map((t, i) => [t, i] as const).filter(([t]) => isSig(t));
    for (let s = 0; s < sig.length; s++) {
        const [t] = sig[s];
        if (t.type === "op" && t.text === "(") depth++;
        if (t.type === "op" && t.text === ")") depth--;
        if (depth !== 0 || t.type !== "ident") continue;
        const word = t.text.toUpperCase();
        if (word === "LIMIT") {
            // LIMIT n BY x is ClickHouse's per-group limit, not the row limit.
            const [n1, i1] = sig[s + 1] ?? [];
            const [comma] = sig[s + 2] ?? [];
            const [n2, i2] = sig[s + 3] ?? [];
            if (upper(sig[s + 2]?.[0]) === "BY") continue;
            hasLimit = true;
            let countTok = n1;
            let countIdx = i1;
            if (comma?.text === "," && n2?.type === "number") {
                offsetSpan = [n1.start, n2.end];
                countTok = n2;
                countIdx = i2;
            }
            if (countTok?.type === "number" && countIdx !== undefined) {
                limit = Number(countTok.text);
                if (limit > MAX_LIMIT) replacements.set(countIdx, String(MAX_LIMIT));
            }
        } else if (word === "OFFSET") {
            offsetSpan = [t.start, sig[s + 1]?.[0].end ?? t.end];
        }
    }
    return { limit, hasLimit, offsetSpan, replacements };
}

const NOT_ALIASES = new Set(["END", "NULL", "TRUE", "FALSE", "DESC", "ASC", "DISTINCT", "SELECT"]);

/**
 * HogQL names an unaliased column by its expression text (`count()`) or, for a field chain, by
 * its last part (`$browser`). DuckDB would name them after the translated SQL, so the first
 * top-level SELECT list gets explicit aliases.
 */
function selectAliases(hogql: string, tokens: Token[]): Map<number, string> {
    const aliases = new Map<number, string>();
    const sig = tokens.map((t, i) => [t, i] as const).filter(([t]) => isSig(t));
    const selectAt = sig.findIndex(([t]) => upper(t) === "SELECT");
    if (selectAt < 0) return aliases;
    let depth = 0;
    let item: (readonly [Token, number])[] = [];
    const finish = () => {
        while (item.length && ["DISTINCT", "ALL"].includes(upper(item[0][0]))) item = item.slice(1);
        if (!item.length) return;
        const last = item[item.length - 1][0];
        const prev = item.length > 1 ? item[item.length - 2][0] : undefined;
        if (prev && upper(prev) === "AS") return;
        const explicitAlias =
            (last.type === "ident" || last.type === "qident") &&
            prev !== undefined &&
            prev.type !== "op" &&
            upper(prev) !== "DISTINCT" &&
            !NOT_ALIASES.has(upper(last));
        if (explicitAlias) return;
        if (item.length === 1 && last.text === "*") return;
        const isChain = item.every(
            ([t]) =>
                t.type === "ident" ||
                t.type === "qident" ||
                t.type === "number" ||
                t.text === "." ||
                t.text === "?." ||
                t.text === "[" ||
                t.text === "]" ||
                t.type === "string",
        );
        let name: string;
        if (isChain) {
            // Plain columns keep DuckDB's name (the last part), which matches HogQL's.
            if (!item.some(([t]) => t.value === "properties")) return;
            const parts = item.filter(
                ([t]) => t.type === "ident" || t.type === "qident" || t.type === "string",
            );
            name = parts[parts.length - 1][0].value;
        } else {
            name = hogql.slice(item[0][0].start, last.end);
        }
        aliases.set(item[item.length - 1][1], name);
    };
    for (let s = selectAt + 1; s < sig.length; s++) {
        const [t] = sig[s];
        if (t.type === "op" && (t.text === "(" || t.text === "[")) depth++;
        if (t.type === "op" && (t.text === ")" || t.text === "]")) depth--;
        if (depth < 0) break;
        if (
            depth === 0 &&
            t.type === "ident" &&
            [
                "FROM",
                "WHERE",
                "GROUP",
                "ORDER",
                "LIMIT",
                "HAVING",
                "UNION",
                "SETTINGS",
                "OFFSET",
            ].includes(upper(t))
        )
            break;
        if (depth === 0 && t.text === ",") {
            finish();
            item = [];
            continue;
        }
        item.push(sig[s]);
    }
    finish();
    return aliases;
}

export function translate(hogql: string, variables: Record<string, unknown> = {}): Translation {
    const tokens = tokenize(hogql);
    if (!tokens.some(isSig)) throw new HogQLSyntaxError("Empty query", 0, hogql.length);
    const first = tokens.find(isSig)!;
    const firstWord = upper(first);
    if (firstWord !== "SELECT" && firstWord !== "WITH" && first.text !== "(") {
        throw new HogQLSyntaxError(
            `mismatched input '${first.text}' expecting {SELECT, WITH, '('}`,
            first.start,
            first.end,
        );
    }
    const scan = scanLimit(tokens);
    const tr = new Translator(tokens, scan.replacements, variables, selectAliases(hogql, tokens));
    tr.run(0, tokens.length);
    let sql = "";
    const pieces: Translation["pieces"] = [];
    for (const p of tr.out) {
        pieces.push({
            outStart: sql.length,
            outEnd: sql.length + p.text.length,
            start: p.start,
            end: p.end,
        });
        sql += p.text;
    }
    return {
        sql: sql.replace(/\s+$/, ""),
        pieces,
        limit: scan.limit,
        hasTopLevelLimit: scan.hasLimit,
        hasTopLevelOffset: scan.offsetSpan !== null,
        offsetSpan: scan.offsetSpan,
        tokens,
    };
}

/** Maps an offset in the DuckDB SQL back to the HogQL span it came from. */
export function originalSpan(t: Translation, outOffset: number): [number, number] | null {
    for (const p of t.pieces) {
        if (outOffset >= p.outStart && outOffset < p.outEnd) return [p.start, p.end];
    }
    return null;
}

/** The span of the first identifier token named `name` (case-insensitive), for errors. */
export function findIdentifier(t: Translation, name: string): [number, number] | null {
    const lower = name.toLowerCase();
    const tok = t.tokens.find(
        (k) => (k.type === "ident" || k.type === "qident") && k.value.toLowerCase() === lower,
    );
    return tok ? [tok.start, tok.end] : null;
}
