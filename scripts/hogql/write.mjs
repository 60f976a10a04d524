#!/usr/bin/env node
// Write stage: test/fixtures/posthog-hogql/reading.json (what scripts/hogql/read.py read from
// PostHog's source) -> the things built from it:
//   src/language/hogqlFunctions.json       the extension's function catalogue
//   src/language/hogqlTables.json          the extension's table catalogue (offline completion)
//   test/sandbox/hogql/functionTable.json  the sandbox's function table
//   test/sandbox/hogql/schemaTable.json    the sandbox's database schema
// Runs offline on the committed reading; a unit test runs it with --check and fails when an
// output differs from what is committed.
//
//   node scripts/hogql/write.mjs [--reading FILE] [--out-dir DIR] [--check]
//
// --out-dir writes the files under DIR (same relative paths) instead of the repository.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OUTPUTS = {
    catalogue: "src/language/hogqlFunctions.json",
    tables: "src/language/hogqlTables.json",
    sandbox: "test/sandbox/hogql/functionTable.json",
    schema: "test/sandbox/hogql/schemaTable.json",
};

const compact = (value) => JSON.stringify(value);

/**
 * Whether a file read feeds the schema outputs: the database modules, and the product modules
 * they build tables from (indexed_embedding.py's embedding models, for document_embeddings.py).
 */
const isDatabaseSource = (file) =>
    file.startsWith("posthog/hogql/database/") || file.startsWith("products/");
/** The files the function tables were read from (the database files feed the schema outputs). */
const functionSources = (reading) => reading.sources.filter((s) => !isDatabaseSource(s.path));
const databaseSources = (reading) =>
    reading.sources
        .filter((s) => isDatabaseSource(s.path))
        .map((s) => ({
            path: s.path,
            commit: s.commit,
            ...(s.excerpt ? { excerpt: s.excerpt } : {}),
        }));

/**
 * The type DatabaseSchemaQuery gives a field of each class: database.py serialize_fields
 * @8351d962 (its isinstance chain; team_id of PostHog's tables and classes outside the chain,
 * such as a plain DatabaseField holding an aggregate state, are not listed); UUIDDatabaseField
 * (a string) and StructDatabaseField (json) as the newest database.py the code index holds
 * (id 54574309229) lists them.
 */
const SERIALIZED_TYPES = {
    IntegerDatabaseField: "integer",
    FloatDatabaseField: "float",
    DecimalDatabaseField: "decimal",
    StringDatabaseField: "string",
    UUIDDatabaseField: "string",
    StructDatabaseField: "json",
    DateTimeDatabaseField: "datetime",
    DateDatabaseField: "date",
    BooleanDatabaseField: "boolean",
    StringJSONDatabaseField: "json",
    StringArrayDatabaseField: "array",
    UnknownDatabaseField: "unknown",
    ExpressionField: "expression",
    LazyJoin: "lazy_table",
    VirtualTable: "virtual_table",
    FieldTraverser: "field_traverser",
};

/** Table classes read, by class name. */
const classesOf = (reading) => new Map(reading.database.classes.map((c) => [c.class, c]));

/**
 * The root tables Database.create_for puts in place of the registered ones for every team on the
 * default modifiers: _build_from_sources (the newest database.py the code index holds, id
 * 54574309229, after the excerpt the reading takes, so cited, not evaluated) replaces `sessions`
 * and `raw_sessions` by sessions_v2.py's tables when sessionTableVersion is V2 or AUTO, and AUTO
 * is the default (create_default_modifiers_for_team). It also points the joins to sessions
 * (events.session, session_replay_events.session) at the new table, so a join to the class it
 * replaced lands on the same name.
 */
const CREATE_FOR_TABLES = { sessions: "SessionsTableV2", raw_sessions: "RawSessionsTableV2" };

/**
 * database.py's registered tables as a team sees them: the reading's table tree with
 * CREATE_FOR_TABLES applied at the root (the `posthog.` copies keep the registered classes).
 * `replaced` maps each class create_for replaces to the table name it had.
 */
function teamTables(reading) {
    const classes = classesOf(reading);
    const replaced = new Map();
    const tables = reading.database.tables.map((t) => {
        const now = CREATE_FOR_TABLES[t.name];
        if (!now) return t;
        if (!classes.has(now))
            throw new Error(`write.mjs: create_for's ${now} for ${t.name} is not in the reading`);
        replaced.set(t.class, t.name);
        return { name: t.name, class: now, read: true };
    });
    return { tables, replaced };
}

/** Table name by class: the registered root tables, and the classes create_for replaced. */
function registeredNames(reading) {
    const { tables, replaced } = teamTables(reading);
    const registeredAs = new Map();
    for (const t of tables)
        if (t.class && !t.name.includes(".") && !registeredAs.has(t.class))
            registeredAs.set(t.class, t.name);
    for (const [cls, name] of replaced) registeredAs.set(cls, name);
    return registeredAs;
}

/**
 * The sandbox's schema: every table database.py registers; for the classes read, their
 * ClickHouse table, whether PostHog adds the team guard (not for DANGEROUS_NoTeamIdCheckTable),
 * table-function argument counts, the fields SELECT * leaves out and each field (its ClickHouse
 * column and DatabaseSchemaQuery type; joins name their target table as registered, or its
 * class when it is not).
 */
export function schemaTable(reading) {
    const classes = classesOf(reading);
    const registeredAs = registeredNames(reading);
    const field = (f) => {
        const out = { kind: f.kind };
        if (f.column !== undefined) out.column = f.column;
        const type = SERIALIZED_TYPES[f.kind];
        out.type = type ?? null;
        if (f.nullable !== undefined) out.nullable = f.nullable;
        if (f.hidden) out.hidden = true;
        if (f.kind === "LazyJoin") {
            out.from = f.from;
            out.table = registeredAs.get(f.table) ?? f.table;
            if (f.params) out.params = f.params;
        }
        if (f.chain) out.chain = f.chain;
        if (f.fields) out.fields = Object.fromEntries(f.fields.map((g) => [g.name, field(g)]));
        return out;
    };
    const tables = {};
    const unread = [];
    for (const t of teamTables(reading).tables) {
        const c = t.class && classes.get(t.class);
        if (!c) {
            unread.push(t.name);
            continue;
        }
        tables[t.name] = {
            class: c.class,
            hogql: c.hogql,
            clickhouse: c.clickhouse,
            lazy: c.bases.includes("LazyTable"),
            teamCheck: !c.bases.includes("DANGEROUS_NoTeamIdCheckTable"),
            ...(c.args ? { args: c.args } : {}),
            avoidAsterisk: c.avoidAsterisk ?? [],
            fields: Object.fromEntries(c.fields.map((f) => [f.name, field(f)])),
        };
    }
    // Classes read that database.py does not register under their own name (sessions_v3's
    // SessionsTableV3 replaces `sessions` by the team's modifiers).
    const unregistered = {};
    for (const c of reading.database.classes) {
        if (registeredAs.has(c.class)) continue;
        unregistered[c.class] = {
            hogql: c.hogql,
            clickhouse: c.clickhouse,
            avoidAsterisk: c.avoidAsterisk ?? [],
            fields: Object.fromEntries(c.fields.map((f) => [f.name, field(f)])),
        };
    }
    const body = {
        $comment:
            "Generated by scripts/hogql/write.mjs from test/fixtures/posthog-hogql/reading.json (read from PostHog's posthog/hogql/database/, MIT). Do not edit: regenerate.",
        sources: databaseSources(reading),
        tables,
        unregistered,
        databaseSchema: databaseSchema(reading),
        unread,
    };
    const lines = ["{"];
    lines.push(` "$comment": ${compact(body.$comment)},`);
    lines.push(` "sources": [\n${body.sources.map((v) => "  " + compact(v)).join(",\n")}\n ],`);
    for (const key of ["tables", "unregistered", "databaseSchema"]) {
        const inner = Object.entries(body[key]).map(([k, v]) => `  ${compact(k)}: ${compact(v)}`);
        lines.push(` "${key}": {\n${inner.join(",\n")}\n },`);
    }
    lines.push(` "unread": ${compact(unread)}`);
    lines.push("}");
    return lines.join("\n") + "\n";
}

/** database.py serialize_fields: names holding one of these are written in backticks. */
const HOGQL_CHARACTERS_TO_BE_WRAPPED = ["@", "-", "!", "$", "+"];

/**
 * What DatabaseSchemaQuery answers for the PostHog tables, as the newest database.py the code
 * index holds (id 54574309229) builds it: Database.serialize(include_hidden_posthog_tables=True),
 * which posthog/api/services/query.py asks for, lists get_posthog_table_names(include_hidden=True)
 * (the keys of ROOT_TABLES__DO_NOT_ADD_ANY_MORE and the `posthog.` tables outside them, sorted)
 * as "posthog" tables, then get_system_table_names() (query_log, and the visible system.* tables
 * of schema/system.py) as "system" tables. Each table's fields go
 * through serialize_fields: hidden fields and team_id left out, database fields by class (a plain
 * DatabaseField is in none of its branches: left out), lazy joins with the joined table's HogQL
 * name and field names, virtual tables with theirs, traversers with their chain. Tables whose
 * class was not read are listed without fields. What the team's modifiers change
 * (Database.create_for: virtual fields, persons-on-events) is the sandbox's to add.
 */
function databaseSchema(reading) {
    const classes = classesOf(reading);
    const { tables } = teamTables(reading);
    const registered = new Map(tables.map((t) => [t.name, t]));
    const root = new Set(reading.database.rootTables);
    const posthogOnly = tables
        .map((t) => t.name)
        .filter((n) => n.startsWith("posthog.") && !root.has(n.slice("posthog.".length)));
    const names = [...new Set([...root, ...posthogOnly])].sort();
    /** A join's table: a registered name (LazyJoin(join_table="persons")) or a class. */
    const registeredAs = registeredNames(reading);
    const joined = (target) => {
        const entry = registered.get(target) ?? registered.get(registeredAs.get(target));
        const c = classes.get(entry ? entry.class : target);
        if (c) return { table: c.hogql, fields: c.fields.map((f) => f.name) };
        // A class not read: its HogQL name and fields are not known here.
        return { fields: [] };
    };
    const serialize = (fields) => {
        const out = {};
        for (const f of fields) {
            if (f.hidden || f.name === "team_id") continue;
            const base = {
                name: f.name,
                hogql_value: HOGQL_CHARACTERS_TO_BE_WRAPPED.some((c) => f.name.includes(c))
                    ? `\`${f.name}\``
                    : f.name,
            };
            if (f.kind === "LazyJoin") {
                const j = joined(f.table);
                out[f.name] = {
                    ...base,
                    type: "lazy_table",
                    schema_valid: true,
                    ...(j.table ? { table: j.table } : {}),
                    fields: j.fields,
                    id: f.name,
                };
            } else if (f.kind === "VirtualTable")
                out[f.name] = {
                    ...base,
                    type: "virtual_table",
                    schema_valid: true,
                    table: f.hogql,
                    fields: f.fields.map((g) => g.name),
                };
            else if (f.kind === "FieldTraverser")
                out[f.name] = {
                    ...base,
                    type: "field_traverser",
                    schema_valid: true,
                    chain: f.chain,
                };
            else if (SERIALIZED_TYPES[f.kind])
                out[f.name] = { ...base, type: SERIALIZED_TYPES[f.kind], schema_valid: true };
        }
        return out;
    };
    const schema = {};
    for (const name of names) {
        const c = classes.get(registered.get(name)?.class);
        schema[name] = { type: "posthog", fields: c ? serialize(c.fields) : {} };
    }
    // get_system_table_names(): query_log first; serialize() writes it again as a system table.
    schema.query_log = { ...schema.query_log, type: "system" };
    // ... then SystemTables' resolve_visible_table_names() (models.py TableNode, code index id
    // 54647781084): its children in order, hidden ones left out, as `system.x`. Their
    // PostgresTable definitions were not taken (the reading has system.py in parts), so no
    // fields; information_schema_node() is a node of a module not read, its tables unknown.
    for (const t of tables)
        if (t.name.startsWith("system.") && t.class && !t.hidden)
            schema[t.name] = { type: "system", fields: {} };
    return schema;
}

/**
 * The extension's table catalogue, for completion when no schema is cached: every table
 * database.py registers at the root (the `posthog.` copies and the `system` node aside), with the
 * fields DatabaseSchemaQuery would list for the classes read (hidden fields, team_id and
 * untyped fields left out, as serialize_fields does); tables whose class was not read have none.
 */
export function tableCatalogue(reading) {
    const classes = classesOf(reading);
    const tables = [];
    for (const t of teamTables(reading).tables) {
        if (!t.class || t.name.includes(".")) continue;
        const c = classes.get(t.class);
        const fields = (c?.fields ?? [])
            .filter((f) => !f.hidden && f.name !== "team_id" && SERIALIZED_TYPES[f.kind])
            .map((f) => ({ name: f.name, type: SERIALIZED_TYPES[f.kind] }));
        tables.push({ name: t.name, ...(c?.args ? { tableFunction: c.args } : {}), fields });
    }
    tables.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const head = {
        $comment:
            "Generated by scripts/hogql/write.mjs from test/fixtures/posthog-hogql/reading.json (read from PostHog's posthog/hogql/database/, MIT). Do not edit: regenerate.",
        sources: databaseSources(reading).map((s) => ({ path: s.path, commit: s.commit })),
    };
    return (
        [
            "{",
            ` "$comment": ${compact(head.$comment)},`,
            ` "sources": [\n${head.sources.map((v) => "  " + compact(v)).join(",\n")}\n ],`,
            ` "tables": [\n${tables.map((v) => "  " + compact(v)).join(",\n")}\n ]`,
            "}",
        ].join("\n") + "\n"
    );
}

/** Names PostHog exposes: mapping.py ALL_EXPOSED_FUNCTION_NAMES drops names starting with `_`. */
const exposed = (name) => !name.startsWith("_");

/**
 * The catalogue: every exposed function once, in PostHog's lookup order (printer.py visit_call:
 * ClickHouse functions, then aggregations, then PostHog's own), sorted by name.
 */
export function catalogue(reading) {
    const combinatorOf = new Map(
        reading.combinators.generated.map((g) => [g.name, { base: g.base, suffixes: g.suffixes }]),
    );
    const byName = new Map();
    const kinds = [
        ["clickhouse", "function"],
        ["aggregations", "aggregate"],
        ["posthog", "posthog"],
    ];
    for (const [group, kind] of kinds) {
        for (const f of reading.functions[group]) {
            if (!exposed(f.name) || byName.has(f.name)) continue;
            const combinator = combinatorOf.get(f.name);
            byName.set(f.name, {
                name: f.name,
                kind,
                clickhouseName: f.clickhouseName,
                minArgs: f.minArgs,
                maxArgs: f.maxArgs,
                minParams: f.minParams,
                maxParams: f.maxParams,
                aggregate: f.aggregate,
                caseSensitive: f.caseSensitive,
                tzAware: f.tzAware,
                ...(f.requiresWithinGroup ? { withinGroup: true } : {}),
                ...(combinator ? { combinator } : {}),
            });
        }
    }
    const functions = [...byName.values()].sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    const mapping = reading.sources.find((s) => s.path.endsWith("functions/mapping.py"));
    const head = {
        $comment:
            "Generated by scripts/hogql/write.mjs from test/fixtures/posthog-hogql/reading.json (read from PostHog's posthog/hogql/, MIT). Do not edit: regenerate.",
        source: "PostHog/posthog posthog/hogql/functions/ (mapping.py and the files it imports)",
        posthogCommit: mapping.commit,
        sources: functionSources(reading).map((s) => ({ path: s.path, commit: s.commit })),
        combinators: {
            suffixes: reading.combinators.suffixes,
            bases: reading.combinators.bases,
        },
        renames: reading.renames.map((r) => ({ old: r.old, new: r.new })),
        hogqlx: reading.hogqlx,
    };
    const lines = ["{"];
    for (const [key, value] of Object.entries(head)) {
        if (Array.isArray(value) && value.length && typeof value[0] === "object") {
            lines.push(` "${key}": [\n${value.map((v) => "  " + compact(v)).join(",\n")}\n ],`);
        } else lines.push(` "${key}": ${compact(value)},`);
    }
    lines.push(` "functions": [\n${functions.map((f) => "  " + compact(f)).join(",\n")}\n ]`);
    lines.push("}");
    return lines.join("\n") + "\n";
}

/**
 * What the sandbox prints for a function: "" when the ClickHouse name is the HogQL name, the
 * ClickHouse name, or a template when PostHog appends constant arguments (suffix_args) to a
 * call of a fixed arity. Templates the sandbox adapts to chDB are in functionList.ts.
 */
function sandboxEntry(f) {
    let printed = f.clickhouseName === f.name ? "" : f.clickhouseName;
    const constants = f.suffixArgs?.every((a) => "constant" in a && typeof a.constant === "string");
    if (
        constants &&
        f.passthroughSuffixArgs === 0 &&
        f.minArgs === f.maxArgs &&
        !f.placeholderArguments
    ) {
        const args = Array.from({ length: f.minArgs }, (_, i) => `{${i}}`);
        const suffix = f.suffixArgs.map((a) => `'${a.constant.replace(/'/g, "\\'")}'`);
        printed = `${f.clickhouseName}(${[...args, ...suffix].join(", ")})`;
    }
    return [printed, f.minArgs, f.maxArgs ?? -1];
}

export function sandboxTable(reading) {
    const table = (group) =>
        Object.fromEntries(reading.functions[group].map((f) => [f.name, sandboxEntry(f)]));
    const all = Object.values(reading.functions).flat();
    const body = {
        $comment:
            'Generated by scripts/hogql/write.mjs from test/fixtures/posthog-hogql/reading.json. Name -> [ClickHouse name or template ("" = the same name), min args, max args (-1: no limit)]. Do not edit: regenerate.',
        sources: functionSources(reading).map((s) => ({ path: s.path, commit: s.commit })),
        functions: table("clickhouse"),
        aggregations: table("aggregations"),
        posthog: table("posthog"),
        caseInsensitive: [
            ...new Set(all.filter((f) => !f.caseSensitive).map((f) => f.name.toLowerCase())),
        ].sort(),
        parametricAggregations: Object.fromEntries(
            reading.functions.aggregations
                .filter((f) => f.maxParams !== 0)
                .map((f) => [f.name, [f.minParams, f.maxParams ?? -1]]),
        ),
        renames: Object.fromEntries(reading.renames.map((r) => [r.old, r.new])),
        // mapping.py ALL_EXPOSED_FUNCTION_NAMES: what printer/base.py suggests from for an
        // unknown function ("Perhaps you meant ...").
        exposedNames: reading.exposedNames,
        hogqlxTags: reading.hogqlx.tags,
        hogqlxComponents: reading.hogqlx.components,
    };
    const lines = ["{"];
    const entries = Object.entries(body);
    entries.forEach(([key, value], i) => {
        const comma = i < entries.length - 1 ? "," : "";
        if (value && typeof value === "object" && !Array.isArray(value) && key !== "$comment") {
            const inner = Object.entries(value).map(([k, v]) => `  ${compact(k)}: ${compact(v)}`);
            lines.push(` "${key}": {\n${inner.join(",\n")}\n }${comma}`);
        } else if (Array.isArray(value) && value.length && typeof value[0] === "object") {
            lines.push(
                ` "${key}": [\n${value.map((v) => "  " + compact(v)).join(",\n")}\n ]${comma}`,
            );
        } else lines.push(` "${key}": ${compact(value)}${comma}`);
    });
    lines.push("}");
    return lines.join("\n") + "\n";
}

export function outputs(reading) {
    return {
        [OUTPUTS.catalogue]: catalogue(reading),
        [OUTPUTS.tables]: tableCatalogue(reading),
        [OUTPUTS.sandbox]: sandboxTable(reading),
        [OUTPUTS.schema]: schemaTable(reading),
    };
}

function main(argv) {
    const arg = (name) => {
        const i = argv.indexOf(name);
        return i >= 0 ? argv[i + 1] : undefined;
    };
    const readingFile =
        arg("--reading") ?? path.join(root, "test/fixtures/posthog-hogql/reading.json");
    const outDir = arg("--out-dir") ?? root;
    const check = argv.includes("--check");
    let reading;
    try {
        reading = JSON.parse(fs.readFileSync(readingFile, "utf8"));
    } catch (e) {
        process.stderr.write(`write.mjs: cannot read ${readingFile}: ${e.message}\n`);
        return 1;
    }
    let differ = 0;
    for (const [rel, text] of Object.entries(outputs(reading))) {
        const file = path.join(outDir, rel);
        if (check) {
            const committed = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
            if (committed !== text) {
                process.stderr.write(
                    `write.mjs: ${rel} differs from what the reading gives: regenerate\n`,
                );
                differ++;
            }
        } else {
            fs.mkdirSync(path.dirname(file), { recursive: true });
            fs.writeFileSync(file, text);
            process.stdout.write(`write.mjs: ${rel}\n`);
        }
    }
    return differ ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    process.exitCode = main(process.argv.slice(2));
}
