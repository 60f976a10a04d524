// Checks data that crosses a trust boundary against a JSON Type Definition (RFC 8927) schema:
// the messages webviews send to the extension host, the outputs a `.hogqlnb` file holds. A bundle
// of its own (dist/validator.js, required on first use through validatorLoader.ts), so that
// activation does not load ajv.
//
// Why ajv with JTD: a schema typed `JTDSchemaType<T>` must describe T exactly or tsc fails, so a
// schema cannot drift from the protocol type it guards; JTD's discriminator form is our tagged
// unions; a property a schema does not name is rejected unless the schema allows extras. Ajv
// compiles each schema once into a function (`new Function`): the extension host has no CSP (the
// webviews, which have one, never load this file), and the schemas are our own constants, never
// data. Ajv does not check the schemas against the JTD meta-schema here: compiling that
// meta-schema costs far more than compiling all our schemas, and test/unit/messageSchemas.test.ts
// checks every schema against it instead.
import Ajv, { type ErrorObject, type SchemaObject, type SomeJTDSchemaType } from "ajv/dist/jtd";

/** Tells what is wrong with `data` in a few words, or undefined when it fits the schema. */
export type Check = (data: unknown) => string | undefined;

let ajv: Ajv | undefined;

/** Compiles `schema` into a {@link Check}. */
export function compileCheck(schema: SomeJTDSchemaType): Check {
    ajv ??= new Ajv({ validateSchema: false, allErrors: false });
    const validate = ajv.compile<unknown>(schema as SchemaObject);
    return (data) => (validate(data) ? undefined : describe(validate.errors?.[0]));
}

/** The most characters of one name or value that a description quotes. */
const QUOTED = 40;

/** A value from the data as a short, single-line quotation (the data may be hostile). */
function quote(value: unknown): string {
    const text = typeof value === "string" ? value : String(JSON.stringify(value));
    const short = text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
    return JSON.stringify(short);
}

/** The first problem ajv found, in a few words that quote no more than a short name. */
function describe(error: ErrorObject | undefined): string {
    if (!error) return "does not fit its schema";
    const params = error.params as Record<string, unknown>;
    // Property names from the data become the path: quoted, so they stay short and on one line.
    const where = error.instancePath === "" ? "" : `at ${quote(error.instancePath)}: `;
    if (error.keyword === "discriminator" && params.error === "mapping")
        return `unknown ${String(params.tag)} ${quote(params.tagValue)}`;
    if (params.error === "additional") return `unexpected property ${quote(error.instancePath)}`;
    return `${where}${error.message ?? error.keyword}`;
}
