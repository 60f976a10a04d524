// Cuts the extension's slice out of PostHog's API description and says what changed.
//
//   node scripts/openapiSlice.mjs path/to/openapi.yaml [--write] [--check]
//
// The operations the extension calls, and the schemas deliberately left out, are listed in
// test/fixtures/posthog-openapi/operations.json. The slice holds those operations, every schema
// they reach through `$ref` (transitively), and the security schemes. A schema listed under
// `cut` is replaced by a stand-in that accepts any value (keeping only the discriminator value
// the slice's own unions name it by), so the query unions of some hundred kinds stay out.
// Without --write the committed slice is left alone and the differences are printed: operations
// added or removed, scopes, parameters, bodies and responses changed, and per schema the fields
// added, removed or changed, `required` and `enum` changes. --check exits 1 when anything differs.
//
// Where PostHog's newest source says otherwise than the description the slice was cut from (the
// description lags the source), operations.json's `overlays` record the difference: each sets
// values at JSON pointers of the full document before the cut, and names the PostHog file and
// commit it was read from. They are applied on every cut, so the slice is never edited by hand.
//
// With the slice it writes src/api/operationScopes.ts: per operation the client calls, its
// method, path and client functions, and the PersonalAPIKeyAuth scopes of its `security` (null
// when it has none: no personal API key may call it). The extension ships without the fixture,
// so it reads that table instead of the slice; --check also fails when the table differs.
import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import * as prettier from "prettier";
import YAML from "yaml";

const root = path.resolve(import.meta.dirname, "..");
const FIXTURE = path.join(root, "test", "fixtures", "posthog-openapi");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const SCHEMA_REF = "#/components/schemas/";

/** Reads a YAML (or JSON) file. */
export function readDocument(file) {
    return YAML.parse(fs.readFileSync(file, "utf8"), { maxAliasCount: -1 });
}

function schemaName(ref) {
    if (typeof ref !== "string" || !ref.startsWith(SCHEMA_REF)) {
        throw new Error(
            `Unsupported $ref ${JSON.stringify(ref)}: only ${SCHEMA_REF}* is followed.`,
        );
    }
    return ref.slice(SCHEMA_REF.length);
}

/** Every schema name a value refers to, directly (`$ref` and discriminator mappings). */
function refsIn(value, out = new Set()) {
    if (Array.isArray(value)) {
        for (const item of value) refsIn(item, out);
    } else if (value && typeof value === "object") {
        for (const [key, child] of Object.entries(value)) {
            if (key === "$ref") out.add(schemaName(child));
            else if (key === "discriminator" && child?.mapping) {
                for (const target of Object.values(child.mapping)) out.add(schemaName(target));
            } else refsIn(child, out);
        }
    }
    return out;
}

/** Discriminator values that point at each schema: name -> [{propertyName, value}]. */
function discriminatorTags(schemas, names) {
    const tags = new Map();
    const visit = (value) => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (!value || typeof value !== "object") return;
        const d = value.discriminator;
        if (d?.mapping && d.propertyName) {
            for (const [tag, target] of Object.entries(d.mapping)) {
                const name = schemaName(target);
                const list = tags.get(name) ?? [];
                if (!list.some((t) => t.propertyName === d.propertyName && t.value === tag)) {
                    list.push({ propertyName: d.propertyName, value: tag });
                }
                tags.set(name, list);
            }
        }
        Object.values(value).forEach(visit);
    };
    for (const name of names) visit(schemas[name]);
    return tags;
}

/**
 * The stand-in of a cut schema: any value; an object names the discriminator values the slice's
 * unions use for it, so a union still tells its branches apart.
 */
function standIn(name, why, tags) {
    const stub = {
        description: `Cut from the slice: ${why}. Any value is accepted.`,
        title: name,
        "x-slice-cut": true,
    };
    const byProperty = new Map();
    for (const t of tags ?? []) {
        byProperty.set(t.propertyName, [...(byProperty.get(t.propertyName) ?? []), t.value]);
    }
    if (byProperty.size > 0) {
        stub.properties = {};
        for (const [prop, values] of [...byProperty].sort(([a], [b]) => a.localeCompare(b))) {
            stub.properties[prop] = { type: "string", enum: values.sort() };
        }
    }
    return stub;
}

/** Reads operations.json: the operations and the cut schemas (name -> why). */
export function readOperations(file) {
    const spec = JSON.parse(fs.readFileSync(file, "utf8"));
    const cut = new Map();
    for (const group of spec.cut ?? []) {
        for (const name of group.schemas) cut.set(name, group.why);
    }
    return { ...spec, cutMap: cut };
}

function decodePointer(pointer) {
    if (!pointer.startsWith("/")) throw new Error(`Not a JSON pointer: ${pointer}`);
    return pointer
        .slice(1)
        .split("/")
        .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/**
 * Applies operations.json's overlays to a full document (in place): each `set` entry puts its
 * value at its JSON pointer; the parent must exist. Setting is idempotent, so the committed slice
 * (already overlaid) cuts to itself.
 */
export function applyOverlays(full, spec) {
    for (const overlay of spec.overlays ?? []) {
        if (!overlay.source?.path || !/^[0-9a-f]{7,40}$/.test(overlay.source?.commit ?? "")) {
            throw new Error(`An overlay must name its source file and commit: ${overlay.why}`);
        }
        for (const [pointer, value] of Object.entries(overlay.set)) {
            const parts = decodePointer(pointer);
            const last = parts.pop();
            let parent = full;
            for (const part of parts) {
                parent = parent?.[part];
                if (!parent || typeof parent !== "object") {
                    throw new Error(`Overlay pointer ${pointer} has no parent in the document`);
                }
            }
            parent[last] = structuredClone(value);
        }
    }
    return full;
}

/**
 * Cuts the slice out of a full document. Throws when an operation or a schema it reaches is
 * missing from the document (a list of all of them).
 */
export function cutSlice(full, spec) {
    const problems = [];
    const paths = {};
    const pending = [];
    for (const op of spec.operations) {
        const method = op.method.toLowerCase();
        const item = full.paths?.[op.path];
        const operation = item?.[method];
        if (!operation) {
            problems.push(`operation ${op.method.toUpperCase()} ${op.path} is not in the document`);
            continue;
        }
        if (op.operationId && operation.operationId !== op.operationId) {
            problems.push(
                `${op.method.toUpperCase()} ${op.path} is ${operation.operationId}, not ${op.operationId}`,
            );
        }
        paths[op.path] ??= {};
        if (item.parameters) paths[op.path].parameters = item.parameters;
        paths[op.path][method] = operation;
        pending.push(...refsIn(operation));
        if (item.parameters) pending.push(...refsIn(item.parameters));
    }
    const source = full.components?.schemas ?? {};
    const reached = new Set();
    while (pending.length > 0) {
        const name = pending.pop();
        if (reached.has(name)) continue;
        reached.add(name);
        if (spec.cutMap.has(name)) continue;
        if (!(name in source)) {
            problems.push(`schema ${name} is referred to but not in the document`);
            continue;
        }
        pending.push(...refsIn(source[name]));
    }
    if (problems.length > 0) {
        throw new Error(`The slice can't be cut:\n  ${problems.sort().join("\n  ")}`);
    }
    const followed = [...reached].filter((n) => !spec.cutMap.has(n));
    const tags = discriminatorTags(source, followed);
    const schemas = {};
    for (const name of [...reached].sort(compareNames)) {
        schemas[name] = spec.cutMap.has(name)
            ? standIn(name, spec.cutMap.get(name), tags.get(name))
            : source[name];
    }
    const sortedPaths = {};
    for (const p of Object.keys(paths).sort(compareNames)) {
        const item = paths[p];
        sortedPaths[p] = {};
        if (item.parameters) sortedPaths[p].parameters = item.parameters;
        for (const m of METHODS) if (item[m]) sortedPaths[p][m] = item[m];
    }
    return {
        openapi: full.openapi,
        info: full.info,
        paths: sortedPaths,
        components: {
            schemas,
            securitySchemes: full.components?.securitySchemes ?? {},
        },
    };
}

/** Code-point order, as PostHog's generator sorts paths and schema names. */
function compareNames(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

/** The slice as text: YAML, formatted with the repository's prettier settings. */
export async function renderSlice(slice, header, target) {
    const body = YAML.stringify(slice, { indent: 4, lineWidth: 0, aliasDuplicateObjects: false });
    const text = `${header.map((line) => `# ${line}`.trimEnd()).join("\n")}\n${body}`;
    const options = (await prettier.resolveConfig(target)) ?? {};
    return prettier.format(text, { ...options, filepath: target });
}

function opKey(p, m) {
    return `${m.toUpperCase()} ${p}`;
}

function operationsOf(doc) {
    const ops = new Map();
    for (const [p, item] of Object.entries(doc?.paths ?? {})) {
        for (const m of METHODS) if (item[m]) ops.set(opKey(p, m), item[m]);
    }
    return ops;
}

function scopesOf(op) {
    if (!op.security) return "(none: no personal API key may call it)";
    const list = op.security.flatMap((req) =>
        Object.entries(req).map(([scheme, scopes]) => `${scheme}[${scopes.join(", ")}]`),
    );
    return list.length > 0 ? list.join(" or ") : "(empty security: anyone)";
}

function brief(schema) {
    if (schema === undefined) return "absent";
    return JSON.stringify(schema);
}

function mediaSchemas(content) {
    const out = {};
    for (const [type, media] of Object.entries(content ?? {})) out[type] = media?.schema;
    return out;
}

function diffOperation(key, a, b, lines) {
    if (a.operationId !== b.operationId) {
        lines.push(`~ ${key}: operationId ${a.operationId} -> ${b.operationId}`);
    }
    if (scopesOf(a) !== scopesOf(b)) {
        lines.push(`~ ${key}: scopes ${scopesOf(a)} -> ${scopesOf(b)}`);
    }
    const params = (op) => new Map((op.parameters ?? []).map((p) => [`${p.in} ${p.name}`, p]));
    const pa = params(a);
    const pb = params(b);
    for (const [name, p] of pb) {
        if (!pa.has(name))
            lines.push(`+ ${key}: parameter ${name}${p.required ? " (required)" : ""}`);
        else if (!isDeepStrictEqual(pa.get(name), p)) {
            const was = pa.get(name);
            const what = [];
            if (!!was.required !== !!p.required)
                what.push(`required ${!!was.required} -> ${!!p.required}`);
            if (!isDeepStrictEqual(was.schema, p.schema)) {
                what.push(`schema ${brief(was.schema)} -> ${brief(p.schema)}`);
            }
            lines.push(`~ ${key}: parameter ${name} ${what.join("; ") || "description changed"}`);
        }
    }
    for (const name of pa.keys()) if (!pb.has(name)) lines.push(`- ${key}: parameter ${name}`);
    const ba = mediaSchemas(a.requestBody?.content);
    const bb = mediaSchemas(b.requestBody?.content);
    if (!isDeepStrictEqual(ba, bb) || !!a.requestBody?.required !== !!b.requestBody?.required) {
        lines.push(`~ ${key}: request body ${brief(ba)} -> ${brief(bb)}`);
    }
    const ra = a.responses ?? {};
    const rb = b.responses ?? {};
    for (const status of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
        if (!(status in ra)) lines.push(`+ ${key}: response ${status}`);
        else if (!(status in rb)) lines.push(`- ${key}: response ${status}`);
        else {
            const sa = mediaSchemas(ra[status].content);
            const sb = mediaSchemas(rb[status].content);
            if (!isDeepStrictEqual(sa, sb)) {
                lines.push(`~ ${key}: response ${status} ${brief(sa)} -> ${brief(sb)}`);
            }
        }
    }
}

/** What a property's schema says, in short: type, $ref, nullable, readOnly, format. */
function propertySummary(s) {
    if (!s || typeof s !== "object") return brief(s);
    const parts = [];
    const ref = s.$ref ?? s.allOf?.find((x) => x.$ref)?.$ref;
    if (ref) parts.push(schemaName(ref));
    if (s.type) parts.push(s.type);
    if (s.format) parts.push(s.format);
    if (s.items) parts.push(`of ${propertySummary(s.items)}`);
    for (const k of ["oneOf", "anyOf"]) {
        if (s[k]) parts.push(`${k}(${s[k].map(propertySummary).join(" | ")})`);
    }
    if (s.nullable) parts.push("nullable");
    if (s.readOnly) parts.push("readOnly");
    if (s.writeOnly) parts.push("writeOnly");
    return parts.join(" ") || "any";
}

function diffEnum(where, a, b, lines) {
    if (!Array.isArray(a) && !Array.isArray(b)) return;
    const before = new Set((a ?? []).map(String));
    const after = new Set((b ?? []).map(String));
    for (const v of after) if (!before.has(v)) lines.push(`+ ${where}: enum value ${v}`);
    for (const v of before) if (!after.has(v)) lines.push(`- ${where}: enum value ${v}`);
}

function diffSchema(name, a, b, lines) {
    if (isDeepStrictEqual(a, b)) return;
    const before = lines.length;
    const pa = a.properties ?? {};
    const pb = b.properties ?? {};
    for (const [prop, s] of Object.entries(pb)) {
        if (!(prop in pa)) lines.push(`+ ${name}.${prop}: field added (${propertySummary(s)})`);
        else if (!isDeepStrictEqual(pa[prop], s)) {
            const sa = propertySummary(pa[prop]);
            const sb = propertySummary(s);
            lines.push(`~ ${name}.${prop}: ${sa === sb ? "changed" : `${sa} -> ${sb}`}`);
            diffEnum(`${name}.${prop}`, pa[prop]?.enum, s?.enum, lines);
        }
    }
    for (const [prop, s] of Object.entries(pa)) {
        if (!(prop in pb)) lines.push(`- ${name}.${prop}: field removed (${propertySummary(s)})`);
    }
    const ra = new Set(a.required ?? []);
    const rb = new Set(b.required ?? []);
    for (const r of rb) if (!ra.has(r)) lines.push(`+ ${name}: ${r} now required`);
    for (const r of ra) if (!rb.has(r)) lines.push(`- ${name}: ${r} no longer required`);
    diffEnum(name, a.enum, b.enum, lines);
    if (!!a["x-slice-cut"] !== !!b["x-slice-cut"]) {
        lines.push(`~ ${name}: ${b["x-slice-cut"] ? "now cut" : "now followed"}`);
    }
    if (lines.length === before) lines.push(`~ ${name}: changed (descriptions or composition)`);
}

/** Differences between two slices, one line each (`+` added, `-` removed, `~` changed). */
export function diffSlices(before, after) {
    const lines = [];
    const oa = operationsOf(before);
    const ob = operationsOf(after);
    for (const [key, op] of ob) {
        if (!oa.has(key))
            lines.push(`+ ${key}: operation added (${op.operationId}, ${scopesOf(op)})`);
        else diffOperation(key, oa.get(key), op, lines);
    }
    for (const [key, op] of oa) {
        if (!ob.has(key)) lines.push(`- ${key}: operation removed (${op.operationId})`);
    }
    const sa = before?.components?.schemas ?? {};
    const sb = after?.components?.schemas ?? {};
    for (const name of Object.keys(sb).sort(compareNames)) {
        if (!(name in sa)) lines.push(`+ schema ${name} (${propertySummary(sb[name])})`);
        else diffSchema(name, sa[name], sb[name], lines);
    }
    for (const name of Object.keys(sa).sort(compareNames)) {
        if (!(name in sb)) lines.push(`- schema ${name}`);
    }
    if (
        !isDeepStrictEqual(before?.components?.securitySchemes, after?.components?.securitySchemes)
    ) {
        lines.push("~ securitySchemes changed");
    }
    return lines;
}

const TABLE_FILE = "operationScopes.ts";

/**
 * The PersonalAPIKeyAuth scopes of an operation's `security`: the scopes of its requirement that
 * names PersonalAPIKeyAuth, or null when none does (no personal API key may call it).
 */
export function personalKeyScopes(operation) {
    for (const requirement of operation?.security ?? []) {
        if (requirement && "PersonalAPIKeyAuth" in requirement) {
            return [...requirement.PersonalAPIKeyAuth].sort(compareNames);
        }
    }
    return null;
}

/** The scope table: operationId -> method, path, calledAs, client functions, scopes. */
export function scopeTable(slice, spec) {
    const table = {};
    for (const op of spec.operations) {
        const method = op.method.toLowerCase();
        const operation = slice.paths?.[op.path]?.[method];
        if (!operation) throw new Error(`${op.method} ${op.path} is not in the slice`);
        table[operation.operationId] = {
            method: op.method.toUpperCase(),
            path: op.path,
            ...(op.calledAs ? { calledAs: op.calledAs } : {}),
            client: String(op.client ?? "")
                .split(",")
                .map((name) => name.trim())
                .filter(Boolean),
            scopes: personalKeyScopes(operation),
        };
    }
    return table;
}

/** The scope table as the TypeScript module src/api/operationScopes.ts. */
export async function renderTable(table, spec, target) {
    const text = `// The scope each operation the extension calls needs: the PersonalAPIKeyAuth scopes of its
// \`security\` in PostHog's API description (test/fixtures/posthog-openapi/openapi.slice.yaml,
// ${spec.source.repo} commit ${spec.source.commit}).
// Written by scripts/openapiSlice.mjs --write; do not edit by hand. --check and
// test/unit/operationScopes.test.ts fail when it differs from the slice. The extension ships
// without the slice, so it reads this table instead.

/** One operation the extension calls, as the contract describes it. */
export interface OperationScope {
    /** HTTP method. */
    readonly method: "GET" | "POST" | "PATCH" | "DELETE";
    /** Path template in the contract (\`{project_id}\`, \`{id}\`, ...). */
    readonly path: string;
    /** The path the client sends, where it differs from the contract's template. */
    readonly calledAs?: string;
    /** The client functions (src/api/client.ts) that call it. */
    readonly client: readonly string[];
    /** Every one of these scopes is required; null: no personal API key may call it. */
    readonly scopes: readonly string[] | null;
}

export const OPERATION_SCOPES = ${JSON.stringify(table, null, 4)} as const satisfies Record<string, OperationScope>;

/** An operation the extension calls, by its operationId. */
export type OperationId = keyof typeof OPERATION_SCOPES;

/** A scope some operation the extension calls requires. */
export type Scope = Exclude<(typeof OPERATION_SCOPES)[OperationId]["scopes"], null>[number];
`;
    const options = (await prettier.resolveConfig(target)) ?? {};
    return prettier.format(text, { ...options, filepath: target });
}

function header(spec) {
    const s = spec.source;
    return [
        `The extension's slice of PostHog's API description (${s.path} in ${s.repo},`,
        `commit ${s.commit}). Cut by scripts/openapiSlice.mjs from the operations in`,
        "operations.json; do not edit by hand: cut it again (see README.md).",
    ];
}

async function main(argv) {
    const args = argv.filter((a) => !a.startsWith("--"));
    const flags = argv.filter((a) => a.startsWith("--"));
    const dirFlag = flags.find((f) => f.startsWith("--dir="));
    const known = (f) => f === "--write" || f === "--check" || f === dirFlag;
    if (args.length !== 1 || !flags.every(known)) {
        process.stderr.write(
            "usage: node scripts/openapiSlice.mjs path/to/openapi.yaml [--write] [--check] [--dir=folder]\n",
        );
        return 2;
    }
    // --dir: another folder holding operations.json and the slice (the unit test uses one).
    const dir = dirFlag ? path.resolve(dirFlag.slice("--dir=".length)) : FIXTURE;
    const spec = readOperations(path.join(dir, "operations.json"));
    const slicePath = path.join(dir, "openapi.slice.yaml");
    // The table goes into src, except for another folder (--dir), which keeps its own.
    const tablePath = dirFlag
        ? path.join(dir, TABLE_FILE)
        : path.join(root, "src", "api", TABLE_FILE);
    let slice;
    try {
        slice = cutSlice(applyOverlays(readDocument(args[0]), spec), spec);
    } catch (error) {
        process.stderr.write(`${error.message}\n`);
        return 2;
    }
    const text = await renderSlice(slice, header(spec), slicePath);
    const committed = fs.existsSync(slicePath) ? fs.readFileSync(slicePath, "utf8") : undefined;
    const lines = diffSlices(
        committed === undefined ? undefined : YAML.parse(committed),
        YAML.parse(text),
    );
    process.stdout.write(
        lines.length > 0
            ? `${lines.join("\n")}\n`
            : "No change in operations, scopes or schemas against the committed slice.\n",
    );
    if (lines.length === 0 && committed !== undefined && committed !== text) {
        process.stdout.write("The committed slice differs in descriptions or layout only.\n");
    }
    const table = await renderTable(scopeTable(slice, spec), spec, tablePath);
    const committedTable = fs.existsSync(tablePath)
        ? fs.readFileSync(tablePath, "utf8")
        : undefined;
    if (committedTable !== table) {
        process.stdout.write(
            `${path.relative(process.cwd(), tablePath)} differs from the scopes the slice gives.\n`,
        );
    }
    if (flags.includes("--write")) {
        fs.writeFileSync(slicePath, text);
        fs.writeFileSync(tablePath, table);
        process.stdout.write(`Wrote ${path.relative(process.cwd(), slicePath)}.\n`);
        process.stdout.write(`Wrote ${path.relative(process.cwd(), tablePath)}.\n`);
        return 0;
    }
    return flags.includes("--check") && (committed !== text || committedTable !== table) ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exitCode = await main(process.argv.slice(2));
}
