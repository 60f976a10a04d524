// The contract's length limits, for tests that put long hostile data into the sandbox. PostHog
// refuses a longer value on create (a serializer's max_length is the schema's maxLength), so no
// answer of PostHog's holds one, and a sandbox answering one would break the contract.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { FIXTURE_DIR } from "./contract";

type Schemas = Record<string, { properties?: Record<string, { maxLength?: number }> }>;

let schemas: Schemas | undefined;

/** `maxLength` of `schema`.`field` in the slice; throws when the slice states none. */
export function maxLength(schema: string, field: string): number {
    schemas ??= (
        YAML.parse(fs.readFileSync(path.join(FIXTURE_DIR, "openapi.slice.yaml"), "utf8"), {
            maxAliasCount: -1,
        }) as { components: { schemas: Schemas } }
    ).components.schemas;
    const max = schemas[schema]?.properties?.[field]?.maxLength;
    if (max === undefined) throw new Error(`the contract gives ${schema}.${field} no maxLength`);
    return max;
}

/**
 * `text` cut to what `schema`.`field` admits, from the front: a hostile name's payload (a link,
 * markup) sits at its end, after the padding that makes it long.
 */
export function withinMaxLength(text: string, schema: string, field: string): string {
    const max = maxLength(schema, field);
    return text.length <= max ? text : text.slice(text.length - max);
}
