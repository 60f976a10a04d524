// "The least PostHog may send": an answer with every field its contract schema does not list in
// `required` left out, and a proxy in front of a sandbox that answers that way (issue 40: a server
// that leaves out a field the contract calls optional changes no behaviour beyond that field).
//
// The schema comes from the contract (Contract.answerSchema: the operation's, or the query
// kind's), `$ref`s resolve through its components, and a union's branch is the one the contract
// accepts the value as. Within an object only the required fields stay, each pruned by its own
// schema, and a discriminator (the union's `discriminator.propertyName`, or a field the schema
// fixes to one value, as `kind`) stays too, so the answer still says what it is. Fields the
// schema does not declare but admits (`additionalProperties`) are data, not optional fields
// (a map's entries), and stay; an object the schema leaves free-form (no `properties`) stays
// whole, since the contract says nothing of its fields.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Contract, Exchange } from "./contract";

type Schema = { [key: string]: unknown };

function isSchema(value: unknown): value is Schema {
    return !!value && typeof value === "object" && !Array.isArray(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
    return !!value && typeof value === "object" && !Array.isArray(value);
}

/** Follows `$ref`s through the contract's components. */
function resolve(contract: Contract, schema: unknown, depth = 0): Schema | undefined {
    if (!isSchema(schema)) return undefined;
    if (typeof schema.$ref === "string" && depth < 32) {
        return resolve(contract, contract.component(schema.$ref), depth + 1);
    }
    return schema;
}

/** An object schema's fields, with the parts of its `allOf` (and theirs) merged in. */
interface Fields {
    properties: Record<string, unknown>;
    required: Set<string>;
    /** undeclared fields are admitted (additionalProperties not false), by this schema if any */
    extra: boolean | Schema;
    declared: boolean;
    discriminators: Set<string>;
}

function fieldsOf(contract: Contract, schema: Schema, into?: Fields): Fields {
    const f: Fields = into ?? {
        properties: {},
        required: new Set(),
        extra: true,
        declared: false,
        discriminators: new Set(),
    };
    if (isSchema(schema.properties)) {
        f.declared = true;
        Object.assign(f.properties, schema.properties);
        if (schema.additionalProperties === undefined || schema.additionalProperties === false)
            f.extra = false;
        else if (isSchema(schema.additionalProperties)) f.extra = schema.additionalProperties;
    }
    if (Array.isArray(schema.required))
        for (const r of schema.required) if (typeof r === "string") f.required.add(r);
    const d = schema.discriminator as { propertyName?: unknown } | undefined;
    if (typeof d?.propertyName === "string") f.discriminators.add(d.propertyName);
    if (Array.isArray(schema.allOf)) {
        for (const part of schema.allOf) {
            const p = resolve(contract, part);
            if (p) fieldsOf(contract, p, f);
        }
    }
    return f;
}

/** A field the schema fixes to one value (a tag such as `kind`). */
function isTag(contract: Contract, schema: unknown): boolean {
    const s = resolve(contract, schema);
    if (!s) return false;
    if ("const" in s) return true;
    if (Array.isArray(s.enum) && s.enum.length === 1) return true;
    return Array.isArray(s.allOf) && s.allOf.length === 1 && isTag(contract, s.allOf[0]);
}

/** `value` with every field `schema` calls optional left out, recursively. */
export function minimalValue(contract: Contract, schema: unknown, value: unknown): unknown {
    const s = resolve(contract, schema);
    if (!s || value === null || value === undefined) return value;
    for (const union of ["oneOf", "anyOf"] as const) {
        const branches = s[union];
        if (!Array.isArray(branches)) continue;
        const branch = branches.find((b) => contract.acceptsAnswer(b, value));
        if (branch === undefined) return value;
        const discriminator = (s.discriminator as { propertyName?: unknown } | undefined)
            ?.propertyName;
        const pruned = minimalValue(contract, branch, value);
        if (typeof discriminator === "string" && isObject(value) && isObject(pruned)) {
            if (discriminator in value) pruned[discriminator] = value[discriminator];
        }
        return pruned;
    }
    if (Array.isArray(value)) {
        return s.items === undefined ? value : value.map((x) => minimalValue(contract, s.items, x));
    }
    if (!isObject(value)) return value;
    const f = fieldsOf(contract, s);
    if (!f.declared) {
        if (Array.isArray(s.allOf) && s.allOf.length === 1)
            return minimalValue(contract, s.allOf[0], value);
        return value;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
        if (Object.hasOwn(f.properties, k)) {
            const keep =
                f.required.has(k) || f.discriminators.has(k) || isTag(contract, f.properties[k]);
            if (keep) out[k] = minimalValue(contract, f.properties[k], v);
        } else if (f.extra !== false) {
            out[k] = f.extra === true ? v : minimalValue(contract, f.extra, v);
        }
    }
    return out;
}

/**
 * The least PostHog may send for an exchange: its JSON answer with every optional field left out,
 * or undefined when the contract describes no JSON answer for it (the answer stays as it is).
 */
export function minimalAnswer(contract: Contract, exchange: Exchange): string | undefined {
    const schema = contract.answerSchema(exchange);
    const body = exchange.response?.body;
    if (schema === undefined || !body) return undefined;
    let value: unknown;
    try {
        value = JSON.parse(body);
    } catch {
        return undefined;
    }
    return JSON.stringify(minimalValue(contract, schema, value));
}

/** A proxy in front of a server that answers with `minimalAnswer` of each of its answers. */
export interface MinimalServer {
    /** e.g. http://127.0.0.1:43123 (no trailing slash) */
    url: string;
    /** the answers rewritten, for a test that checks the minimal answers keep the contract */
    exchanges: Exchange[];
    close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "host"]);

function forwardHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
    const out: IncomingHttpHeaders = {};
    for (const [k, v] of Object.entries(headers)) {
        // Plain bodies, so the proxy can read and rewrite them.
        if (!HOP_BY_HOP.has(k) && k !== "accept-encoding" && k !== "content-length") out[k] = v;
    }
    return out;
}

/** Starts a minimal proxy in front of `target` (an http:// URL such as a sandbox's). */
export async function startMinimalServer(
    contract: Contract,
    target: string,
): Promise<MinimalServer> {
    const upstream = new URL(target);
    const exchanges: Exchange[] = [];
    const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
            const body = Buffer.concat(chunks);
            const out = request(
                {
                    host: upstream.hostname,
                    port: upstream.port,
                    method: req.method,
                    path: req.url,
                    headers: { ...forwardHeaders(req.headers), "content-length": body.length },
                },
                (answer) => {
                    const parts: Buffer[] = [];
                    answer.on("data", (c: Buffer) => parts.push(c));
                    answer.on("end", () => {
                        const text = Buffer.concat(parts).toString("utf8");
                        const exchange: Exchange = {
                            method: req.method ?? "GET",
                            url: req.url ?? "/",
                            body: body.toString("utf8"),
                            response: {
                                status: answer.statusCode ?? 500,
                                contentType: answer.headers["content-type"],
                                body: text,
                            },
                        };
                        const minimal = minimalAnswer(contract, exchange);
                        if (minimal !== undefined && exchange.response) {
                            exchange.response.body = minimal;
                            exchanges.push(exchange);
                        }
                        const sent = minimal ?? text;
                        const headers = forwardHeaders(answer.headers);
                        headers["content-length"] = String(Buffer.byteLength(sent));
                        res.writeHead(answer.statusCode ?? 500, headers);
                        res.end(sent);
                    });
                    answer.on("error", () => res.destroy());
                },
            );
            out.on("error", () => res.destroy());
            out.end(body);
        });
    });
    await new Promise<void>((done, fail) => {
        server.once("error", fail);
        server.listen(0, "127.0.0.1", () => done());
    });
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}`,
        exchanges,
        close: () =>
            new Promise<void>((done) => {
                server.closeAllConnections();
                server.close(() => done());
            }),
    };
}
