/**
 * Decides what completion should offer at the cursor from the text alone, so the provider stays
 * a thin layer and this logic is unit-tested in plain Node (no `vscode` import).
 */
import { lexicalStateAt, statementAt } from "../hogql/statementSplitter";

export type CompletionContext =
    /** Inside a comment, a quoted identifier or a string that is not an event name. */
    | { kind: "none" }
    /** After `properties.`; `owner` says whose properties (`person.properties.` vs the event's). */
    | { kind: "property"; prefix: string; owner: "event" | "person"; quoted: boolean }
    /** After `event =`, `event !=`, `event IN (`...; `quoted` when the cursor is inside '...'. */
    | { kind: "event"; prefix: string; quoted: boolean }
    /** After `alias.`; `table` is the table the alias or name resolves to, if it does. */
    | { kind: "column"; qualifier: string; table: string; prefix: string }
    /** After `{variables.`: the project's saved variables by code name. */
    | { kind: "variable"; prefix: string }
    /** After FROM or JOIN. */
    | { kind: "table"; prefix: string }
    /** Anywhere else in code: keywords, functions, columns of `tables` (those the statement reads). */
    | { kind: "general"; prefix: string; tables: string[] };

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
/** `event`, `e.event` or `events.event` followed by a comparison or an IN list so far. */
const EVENT_TARGET = new RegExp(
    String.raw`(?:^|[^\w$.])(?:${IDENT}\.)?event\s*(?:(?:==?|!=|<>)\s*|(?:not\s+)?in\s*\(\s*(?:'(?:[^'\\]|\\.|'')*'\s*,\s*)*)$`,
    "i",
);
const PROPERTY_ACCESS = new RegExp(String.raw`(?:^|[^\w$.])((?:${IDENT}\.)*)properties\.([\w$]*)$`);
const PROPERTY_BRACKET = new RegExp(String.raw`(?:^|[^\w$.])((?:${IDENT}\.)*)properties\[\s*$`);
const QUALIFIED = new RegExp(String.raw`(?:^|[^\w$.])(${IDENT})\.([\w$]*)$`);
const AFTER_FROM = new RegExp(String.raw`\b(?:from|join)\s+([\w$]*)$`, "i");
const PREFIX = /[\w$]*$/;
/** `{variables.` and the code name typed so far (posthog/hogql placeholders). */
const VARIABLE_PLACEHOLDER = /\{\s*variables\.([A-Za-z0-9_]*)$/;

/**
 * Lazy joins PostHog adds to `events`: `person.`, `session.` and `pdi.` read these tables.
 * (posthog/hogql/database/schema/events.py)
 */
const VIRTUAL_TABLES: Record<string, string> = {
    person: "persons",
    session: "sessions",
    pdi: "person_distinct_ids",
    poe: "persons",
};

/**
 * What to complete at `offset` in `text` (the whole document, or just the text before the
 * cursor). `knownTables` are the table names the schema knows, used to resolve `alias.`.
 */
export function completionContextAt(
    text: string,
    offset: number = text.length,
    knownTables: readonly string[] = [],
): CompletionContext {
    const state = lexicalStateAt(text, offset);
    const before = text.slice(0, offset);

    if (state.kind === "string") {
        const codeBefore = before.slice(0, state.start);
        const prefix = before.slice(state.start + 1);
        if (EVENT_TARGET.test(codeBefore)) return { kind: "event", prefix, quoted: true };
        const bracket = PROPERTY_BRACKET.exec(codeBefore);
        if (bracket) {
            const owner = ownerOf(bracket[1], text, offset);
            return { kind: "property", prefix, owner, quoted: true };
        }
        return { kind: "none" };
    }
    if (state.kind !== "code") return { kind: "none" };

    const variable = VARIABLE_PLACEHOLDER.exec(before);
    if (variable) return { kind: "variable", prefix: variable[1] };

    const property = PROPERTY_ACCESS.exec(before);
    if (property) {
        const owner = ownerOf(property[1], text, offset);
        return { kind: "property", prefix: property[2], owner, quoted: false };
    }
    const qualified = QUALIFIED.exec(before);
    if (qualified) {
        const [, qualifier, prefix] = qualified;
        const table = resolveQualifier(statementText(text, offset), qualifier, knownTables);
        if (table) return { kind: "column", qualifier, table, prefix };
        // An unknown qualifier (a subquery alias, a tuple): fall back to plain completion.
        return { kind: "general", prefix, tables: [] };
    }
    const prefix = PREFIX.exec(before)?.[0] ?? "";
    const head = before.slice(0, before.length - prefix.length);
    if (EVENT_TARGET.test(head)) return { kind: "event", prefix, quoted: false };
    const from = AFTER_FROM.exec(before);
    if (from) return { kind: "table", prefix: from[1] };
    const tables = referencedTables(statementText(text, offset), knownTables).map((t) => t.table);
    return { kind: "general", prefix, tables: [...new Set(tables)] };
}

/** Whose properties `path.properties` reads: `person.properties`, or bare `properties` in a
 * query over `persons`, are person properties; everything else is read from events. */
function ownerOf(path: string, text: string, offset: number): "event" | "person" {
    if (/(?:^|\.)persons?\.$/i.test(path)) return "person";
    if (path !== "") return "event";
    const first = referencedTables(statementText(text, offset))[0];
    return first?.table.toLowerCase() === "persons" ? "person" : "event";
}

function statementText(text: string, offset: number): string {
    return statementAt(text, offset)?.text ?? text;
}

interface TableReference {
    table: string;
    alias?: string;
}

const NOT_ALIAS = new Set(
    "where prewhere group order limit offset having join inner left right full cross outer any all asof semi anti array on using as union window settings sample final select with".split(
        " ",
    ),
);

/** Tables after FROM / JOIN in `statement`, with their aliases (`events e`, `events AS e`). */
export function referencedTables(
    statement: string,
    knownTables: readonly string[] = [],
): TableReference[] {
    const known = new Set(knownTables.map((t) => t.toLowerCase()));
    const pattern = new RegExp(
        String.raw`\b(?:from|join)\s+(${IDENT}(?:\.${IDENT})*)(?:\s+(?:as\s+)?(${IDENT}))?`,
        "gi",
    );
    const references: TableReference[] = [];
    for (const match of statement.matchAll(pattern)) {
        const table = match[1];
        // When the schema is known, ignore FROM targets it does not list (CTE names, keywords).
        if (known.size > 0 && !known.has(table.toLowerCase())) continue;
        const alias = match[2] && !NOT_ALIAS.has(match[2].toLowerCase()) ? match[2] : undefined;
        references.push({ table, alias });
    }
    return references;
}

/** The table `qualifier` stands for: a known table name, an alias of one, or a lazy join. */
function resolveQualifier(
    statement: string,
    qualifier: string,
    knownTables: readonly string[],
): string | undefined {
    const lower = qualifier.toLowerCase();
    const direct = knownTables.find((t) => t.toLowerCase() === lower);
    if (direct) return direct;
    const aliased = referencedTables(statement, knownTables).find(
        (r) => r.alias?.toLowerCase() === lower,
    );
    if (aliased) return aliased.table;
    return VIRTUAL_TABLES[lower];
}
