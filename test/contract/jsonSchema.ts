// PostHog's OpenAPI 3.0 schemas as strict JSON Schema (draft 2019-09) for ajv.
//
// The conversion itself (nullable, readOnly/writeOnly, OpenAPI-only keywords) is
// @openapi-contrib/openapi-schema-to-json-schema's. Two things are done around it:
// - `nullable: true` on a schema without `type` (PostHog writes `allOf: [$ref], nullable: true`
//   for a nullable reference) is dropped by the converter, and ajv's own `nullable` refuses a
//   schema without `type`; such a schema becomes `anyOf: [the schema, {type: "null"}]` first.
// - Strictness: DRF describes every field a serializer has, so a field the description does not
//   declare is drift. An object schema that declares `properties` and says nothing of
//   `additionalProperties` admits no other field. Where properties are spread over the parts of
//   an `allOf`, each part alone would refuse the others' fields, so the parts stay open and the
//   `allOf` itself gets `unevaluatedProperties: false` (which sees the fields every part
//   evaluated). A schema that states `additionalProperties` keeps what it states, and a schema the
//   slice cut (`x-slice-cut`, any value) stays open.
import { openapiSchemaToJsonSchema } from "@openapi-contrib/openapi-schema-to-json-schema";

type Schema = { [key: string]: unknown };

/** Where a schema's subschemas sit: keyword -> one schema, a list, or a map of them. */
const SINGLE = ["items", "not", "additionalProperties", "unevaluatedProperties", "contains"];
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAPS = ["properties", "patternProperties", "$defs"];

function isSchema(value: unknown): value is Schema {
    return !!value && typeof value === "object" && !Array.isArray(value);
}

/** Calls `visit` on a schema and every subschema below it, parents first. */
function eachSchema(schema: unknown, visit: (s: Schema, parent?: Schema) => void): void {
    const walk = (s: unknown, parent?: Schema): void => {
        if (!isSchema(s)) return;
        visit(s, parent);
        for (const k of SINGLE) walk(s[k], s);
        for (const k of LISTS) if (Array.isArray(s[k])) for (const x of s[k]) walk(x, s);
        for (const k of MAPS) if (isSchema(s[k])) for (const x of Object.values(s[k])) walk(x, s);
    };
    walk(schema);
}

/** `nullable` without `type`, as an `anyOf` with null (see above). Mutates `schema`. */
function nullableWithoutType(schema: unknown): void {
    eachSchema(schema, (s) => {
        if (s.nullable !== true || "type" in s) return;
        const rest: Schema = {};
        for (const [k, v] of Object.entries(s)) {
            // Annotations stay on the outer schema, where the converter reads readOnly/writeOnly.
            if (!["nullable", "readOnly", "writeOnly", "description", "title"].includes(k)) {
                rest[k] = v;
                delete s[k];
            }
        }
        delete s.nullable;
        s.anyOf = [rest, { type: "null" }];
    });
}

/** The strictness rule above. Mutates `schema`. */
function closeObjects(schema: unknown): void {
    const composedParts = new Set<Schema>();
    eachSchema(schema, (s) => {
        if (s["x-slice-cut"]) return;
        const all = s.allOf;
        if (Array.isArray(all) && all.length > 1 && all.some(declaresFields)) {
            for (const part of all) if (isSchema(part)) composedParts.add(part);
            if (!("unevaluatedProperties" in s)) s.unevaluatedProperties = false;
        }
        if (
            isSchema(s.properties) &&
            !("additionalProperties" in s) &&
            !composedParts.has(s) &&
            !("unevaluatedProperties" in s)
        ) {
            s.additionalProperties = false;
        }
    });
}

function declaresFields(s: unknown): boolean {
    return isSchema(s) && (isSchema(s.properties) || "$ref" in s);
}

/** Which side of an exchange a schema checks: what the client sends, or what the server answers. */
export type Direction = "request" | "response";

/**
 * One OpenAPI schema as strict JSON Schema. `$ref`s to `#/components/schemas/X` become
 * `<base>#/$defs/X`. For a request, readOnly fields are not the client's to send; for a
 * response, writeOnly fields are not the server's to answer: each is removed (and so refused).
 */
export function toStrictJsonSchema(openapi: unknown, direction: Direction, base: string): Schema {
    const copy = structuredClone(openapi) as Schema;
    nullableWithoutType(copy);
    const converted = openapiSchemaToJsonSchema(copy as never, {
        removeReadOnly: direction === "request",
        removeWriteOnly: direction === "response",
        keepNotSupported: [],
        definitionKeywords: ["$defs"],
    }) as Schema;
    delete converted.$schema;
    eachSchema(converted, (s) => {
        if (typeof s.$ref === "string" && s.$ref.startsWith("#/components/schemas/")) {
            s.$ref = `${base}#/$defs/${s.$ref.slice("#/components/schemas/".length)}`;
        }
    });
    closeObjects(converted);
    return converted;
}

/** Every component schema of the slice as one JSON Schema document with id `base`. */
export function componentsDocument(
    schemas: Record<string, unknown>,
    direction: Direction,
    base: string,
): Schema {
    const $defs: Schema = {};
    for (const [name, schema] of Object.entries(schemas)) {
        // Names the schema in ajv's errors (their schemaPath is relative to the nearest $ref).
        $defs[name] = { $comment: name, ...toStrictJsonSchema(schema, direction, base) };
    }
    return { $id: base, $defs };
}
