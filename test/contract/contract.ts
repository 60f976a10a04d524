// The contract checker: PostHog's API description (the slice in test/fixtures/posthog-openapi/)
// held against one exchange, a request the client sent and the answer the server gave.
//
// A request must name an operation of the slice (by method and path; operations.json's
// `calledAs` maps the paths the client sends that PostHog describes under another), send only
// query parameters the operation declares (and the required ones), and a JSON body that
// validates against its requestBody schema. An answer must validate against the operation's
// response schema for its status, strictly (jsonSchema.ts). A 2xx status the operation does not
// describe is a violation; an error status it does not describe is not checked (DRF describes
// few of them).
//
// The query endpoint's 200 is described as QueryResponseAlternative, the union of every query
// kind's answer and of any object, which holds nothing to account. PostHog answers a query with
// its kind's runner (posthog/api/query.py @001cc8ab: create runs process_query_model on the
// request's `query`), and its description names each kind's answer in the kind's `response`
// property (HogQLQuery.response is HogQLQueryResponse): the answer is checked against that.
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv2019, { type ErrorObject, type ValidateFunction } from "ajv/dist/2019";
import addFormats from "ajv-formats";
import YAML from "yaml";
import { componentsDocument, type Direction, toStrictJsonSchema } from "./jsonSchema";

const root = path.resolve(__dirname, "../../..");
export const FIXTURE_DIR = path.join(root, "test", "fixtures", "posthog-openapi");

/** One broken rule of the contract. */
export interface Violation {
    /** `operationId (METHOD /described/path/)`, or `METHOD /path` when no operation matched */
    operation: string;
    /** which side broke it */
    side: Direction;
    /** the answer's status (responses only) */
    status?: number;
    /** where in the query string or the JSON body: `?name`, or a JSON pointer (`/results/0`) */
    at: string;
    /** the rule, in words, with the schema location that states it */
    rule: string;
}

/** What the checker needs of an exchange. */
export interface Exchange {
    method: string;
    /** path + query string, as sent */
    url: string;
    /** the request body as sent ("" when none) */
    body: string;
    response?: {
        status: number;
        /** the response's Content-Type */
        contentType?: string;
        /** the response body as sent, before compression ("" when none) */
        body: string;
    };
}

interface OpenApiOperation {
    operationId?: string;
    parameters?: { name: string; in: string; required?: boolean }[];
    requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
    responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Operation {
    method: string;
    path: string;
    label: string;
    pattern: RegExp;
    spec: OpenApiOperation;
    query: Map<string, boolean>;
}

/**
 * Operations whose 200 answers the request's `query` by its kind (see above), with the schema
 * of each kind in the slice's components.
 */
const ANSWERS_BY_QUERY_KIND = new Set(["query_create"]);

interface OperationsFile {
    operations: { method: string; path: string; calledAs?: string }[];
}

const METHODS = ["get", "put", "post", "delete", "patch"];

function pathPattern(template: string): RegExp {
    const escaped = template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
        .join("[^/]+");
    return new RegExp(`^${escaped}$`);
}

/** PostHog's API description, compiled once per schema it is asked about. */
export class Contract {
    private readonly operations: Operation[] = [];
    private readonly ajv = new Ajv2019({ strict: false, allErrors: true, verbose: true });
    private readonly compiled = new Map<string, ValidateFunction>();
    private readonly schemas: Record<string, unknown>;

    /**
     * `dir` holds openapi.slice.yaml and operations.json (the fixture by default; a test gives a
     * changed copy).
     */
    constructor(dir: string = FIXTURE_DIR) {
        const slice = YAML.parse(fs.readFileSync(path.join(dir, "openapi.slice.yaml"), "utf8"), {
            maxAliasCount: -1,
        }) as {
            paths: Record<string, Record<string, OpenApiOperation>>;
            components: { schemas: Record<string, unknown> };
        };
        const listed = JSON.parse(
            fs.readFileSync(path.join(dir, "operations.json"), "utf8"),
        ) as OperationsFile;
        this.schemas = slice.components.schemas;
        addFormats(this.ajv);
        // OpenAPI's numeric formats (and `binary`) name a storage size, not a text shape.
        for (const f of ["int32", "int64", "float", "double", "decimal"])
            this.ajv.addFormat(f, { type: "number", validate: () => true });
        this.ajv.addFormat("binary", () => true);
        for (const direction of ["request", "response"] as const) {
            this.ajv.addSchema(componentsDocument(slice.components.schemas, direction, direction));
        }
        for (const [p, item] of Object.entries(slice.paths)) {
            for (const m of METHODS) {
                const spec = item[m];
                if (!spec) continue;
                const method = m.toUpperCase();
                const params = [
                    ...((item as { parameters?: OpenApiOperation["parameters"] }).parameters ?? []),
                    ...(spec.parameters ?? []),
                ];
                const query = new Map(
                    params.filter((x) => x.in === "query").map((x) => [x.name, !!x.required]),
                );
                const label = `${spec.operationId ?? "?"} (${method} ${p})`;
                const op = { method, path: p, label, pattern: pathPattern(p), spec, query };
                this.operations.push(op);
                const calledAs = listed.operations.find(
                    (o) => o.method === method && o.path === p,
                )?.calledAs;
                if (calledAs)
                    this.operations.push({ ...op, pattern: pathPattern(calledAs), query });
            }
        }
    }

    /** The operation a request names, or undefined. Literal paths win over templated ones. */
    private find(method: string, pathname: string): Operation | undefined {
        const hits = this.operations.filter((o) => o.method === method && o.pattern.test(pathname));
        return hits.sort((a, b) => braces(a.path) - braces(b.path))[0];
    }

    /** Every rule the exchange breaks (none: it keeps the contract). */
    check(exchange: Exchange): Violation[] {
        const url = new URL(exchange.url, "http://contract");
        const method = exchange.method.toUpperCase();
        const op = this.find(method, url.pathname);
        if (!op) {
            return [
                {
                    operation: `${method} ${url.pathname}`,
                    side: "request",
                    at: url.pathname,
                    rule: "no operation of the contract has this method and path",
                },
            ];
        }
        return [...this.checkRequest(op, url, exchange), ...this.checkResponse(op, exchange)];
    }

    private checkRequest(op: Operation, url: URL, exchange: Exchange): Violation[] {
        const out: Violation[] = [];
        const v = (at: string, rule: string) =>
            out.push({ operation: op.label, side: "request", at, rule });
        const sent = new Set(url.searchParams.keys());
        for (const name of sent) {
            if (!op.query.has(name)) v(`?${name}`, "query parameter not declared by the operation");
        }
        for (const [name, required] of op.query) {
            if (required && !sent.has(name)) v(`?${name}`, "required query parameter missing");
        }
        const media = op.spec.requestBody?.content?.["application/json"];
        if (exchange.body.trim() === "") {
            if (op.spec.requestBody?.required) v("", "the operation requires a body");
            return out;
        }
        if (!media?.schema) {
            v("", "a body sent to an operation that declares no JSON body");
            return out;
        }
        const parsed = parseJson(exchange.body);
        if (!parsed.ok) {
            v("", `the body is not JSON (${parsed.error})`);
            return out;
        }
        const key = `${op.label} request`;
        for (const e of this.validate(key, media.schema, "request", parsed.value)) v(...e);
        return out;
    }

    private checkResponse(op: Operation, exchange: Exchange): Violation[] {
        const r = exchange.response;
        if (!r) return [];
        const out: Violation[] = [];
        const v = (at: string, rule: string) =>
            out.push({ operation: op.label, side: "response", status: r.status, at, rule });
        const described = op.spec.responses?.[String(r.status)];
        if (!described) {
            if (r.status >= 200 && r.status < 300) v("", `status ${r.status} not described`);
            return out;
        }
        const media = described.content?.["application/json"];
        if (!media?.schema) {
            if (r.body !== "") v("", "a body where the operation describes none");
            return out;
        }
        if (!/^application\/json\b/.test(r.contentType ?? "")) {
            v("", `Content-Type ${r.contentType ?? "(none)"} where JSON is described`);
            return out;
        }
        const parsed = parseJson(r.body);
        if (!parsed.ok) {
            v("", `the body is not JSON (${parsed.error})`);
            return out;
        }
        const { key, schema } = this.answerSchemaOf(op, exchange, r.status, media.schema);
        for (const e of this.validate(key, schema, "response", parsed.value)) v(...e);
        return out;
    }

    /** The key (for compiled validators) and the OpenAPI schema an answer is checked against. */
    private answerSchemaOf(
        op: Operation,
        exchange: Exchange,
        status: number,
        described: unknown,
    ): { key: string; schema: unknown } {
        const byKind = status === 200 ? this.answerOfKind(op, exchange.body) : undefined;
        const key = `${op.label} ${status}${byKind ? ` ${byKind.kind}` : ""}`;
        return { key, schema: byKind?.schema ?? described };
    }

    /**
     * The OpenAPI schema (as the slice writes it, `$ref`s into its components) the exchange's
     * JSON answer is checked against; undefined when no operation or JSON answer is described.
     * For helpers that walk the schema beside the answer (minimal.ts).
     */
    answerSchema(exchange: Exchange): unknown {
        const r = exchange.response;
        if (!r) return undefined;
        const url = new URL(exchange.url, "http://contract");
        const op = this.find(exchange.method.toUpperCase(), url.pathname);
        const described = op?.spec.responses?.[String(r.status)]?.content?.["application/json"];
        if (!op || !described?.schema) return undefined;
        return this.answerSchemaOf(op, exchange, r.status, described.schema).schema;
    }

    /** The component a `#/components/schemas/X` reference names, or undefined. */
    component(ref: string): unknown {
        const prefix = "#/components/schemas/";
        const name = ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
        return name !== undefined && Object.hasOwn(this.schemas, name)
            ? this.schemas[name]
            : undefined;
    }

    /** Whether `value` keeps an (OpenAPI) schema of the slice as an answer, strictly. */
    acceptsAnswer(schema: unknown, value: unknown): boolean {
        return (
            this.validate(`answer ${JSON.stringify(schema)}`, schema, "response", value).length ===
            0
        );
    }

    /**
     * For an operation of ANSWERS_BY_QUERY_KIND, the answer schema of the request's query kind:
     * the `$ref` of the kind's `response` property. Undefined (the described schema applies)
     * when the request names no kind the slice describes with a response, as for a kind the
     * slice cut.
     */
    private answerOfKind(
        op: Operation,
        requestBody: string,
    ): { kind: string; schema: unknown } | undefined {
        if (!op.spec.operationId || !ANSWERS_BY_QUERY_KIND.has(op.spec.operationId)) return;
        const parsed = parseJson(requestBody);
        if (!parsed.ok) return;
        const kind = (parsed.value as { query?: { kind?: unknown } } | null)?.query?.kind;
        if (typeof kind !== "string" || !Object.hasOwn(this.schemas, kind)) return;
        const response = (this.schemas[kind] as { properties?: { response?: unknown } }).properties
            ?.response;
        const ref = refOf(response);
        return ref ? { kind, schema: { $ref: ref } } : undefined;
    }

    /** [where, rule] for each ajv error of `value` against `schema` (compiled once per key). */
    private validate(
        key: string,
        schema: unknown,
        direction: Direction,
        value: unknown,
    ): [string, string][] {
        let fn = this.compiled.get(key);
        if (!fn) {
            fn = this.ajv.compile(toStrictJsonSchema(schema, direction, direction));
            this.compiled.set(key, fn);
        }
        if (fn(value)) return [];
        return condense(fn.errors ?? []).map(describe);
    }
}

/** The `$ref` of a schema, or of the one part of its `allOf` (a nullable reference). */
function refOf(schema: unknown): string | undefined {
    const s = schema as { $ref?: unknown; allOf?: { $ref?: unknown }[] } | undefined;
    if (typeof s?.$ref === "string") return s.$ref;
    const part = s?.allOf?.length === 1 ? s.allOf[0].$ref : undefined;
    return typeof part === "string" ? part : undefined;
}

function braces(p: string): number {
    return (p.match(/\{/g) ?? []).length;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
    try {
        return { ok: true, value: JSON.parse(text) as unknown };
    } catch (e) {
        return { ok: false, error: (e as Error).message };
    }
}

/**
 * The errors worth reading. A union (oneOf/anyOf) that matched no branch reports every branch's
 * errors; the branches whose discriminator (`kind`, `type`) did not match are noise beside the
 * one that did, so their tag mismatches are dropped. The union's own "must match" error stays.
 */
function condense(errors: ErrorObject[]): ErrorObject[] {
    const tagMismatch = (e: ErrorObject) =>
        (e.keyword === "enum" || e.keyword === "const") && /\/(kind|type)$/.test(e.instancePath);
    const kept = errors.filter((e) => !tagMismatch(e));
    const seen = new Set<string>();
    return (kept.length > 0 ? kept : errors).filter((e) => {
        const key = `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
    });
}

function describe(e: ErrorObject): [string, string] {
    const extra =
        (e.params as { additionalProperty?: string; unevaluatedProperty?: string })
            .additionalProperty ??
        (e.params as { unevaluatedProperty?: string }).unevaluatedProperty;
    const at = extra === undefined ? e.instancePath : `${e.instancePath}/${extra}`;
    const named = (e.parentSchema as { $comment?: unknown } | undefined)?.$comment;
    const where = typeof named === "string" ? `${named} ${e.schemaPath}` : e.schemaPath;
    const rule =
        extra === undefined
            ? `${e.message ?? e.keyword} (${where})`
            : `field not declared by the schema (${where})`;
    return [at || "/", rule];
}

/** One line per violation, for a failing suite. */
export function formatViolation(v: Violation): string {
    const side = v.side === "request" ? "request" : `response ${v.status}`;
    return `${v.operation} ${side}: ${v.at || "/"}: ${v.rule}`;
}
