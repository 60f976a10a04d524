// A deliberately quirky PostHog stand-in for the fault suite: every scenario installs its own
// handler. It records every request, counts creates it acted on, and runs a second "foreign"
// server on another origin whose only job is to count requests that should never reach it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request the server received. */
export interface Received {
    method: string;
    /** Path as sent (before any decoding), without the query string. */
    path: string;
    /** Path and query as sent. */
    url: string;
    headers: IncomingMessage["headers"];
    body: string;
}

/** A scenario's request handler; `body` is the request body as text. */
export type Handler = (
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
    server: HostileServer,
) => unknown;

/**
 * POST paths that create something, or act once on an experiment (a repeat would do it twice, or
 * be refused with a reason that misleads: launch, end, ship_variant).
 */
export const CREATE_PATH =
    /\/(experiments|duplicate|create_exposure_cohort_for_experiment|recalculate_timeseries|query|launch|end|ship_variant)\/$/;

/** A small HTTP server with a replaceable handler and a log of what it received. */
export class HostileServer {
    readonly requests: Received[] = [];
    /** Index (in `requests`) of the first create the server acted on. */
    createdAt: number | undefined;
    private handler: Handler = (_req, res) => json(res, 404, { detail: "Not found." });
    private readonly sockets = new Set<Socket>();
    private readonly timers = new Set<NodeJS.Timeout>();

    private constructor(
        private readonly server: Server,
        readonly url: string,
    ) {}

    static async start(host = "127.0.0.1"): Promise<HostileServer> {
        const holder: { self?: HostileServer } = {};
        const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
            const chunks: Buffer[] = [];
            req.on("data", (c: Buffer) => chunks.push(c));
            req.on("end", () => {
                const body = Buffer.concat(chunks).toString("utf8");
                const url = req.url ?? "/";
                holder.self!.requests.push({
                    method: req.method ?? "GET",
                    path: url.split("?")[0],
                    url,
                    headers: req.headers,
                    body,
                });
                Promise.resolve(holder.self!.handler(req, res, body, holder.self!)).catch(() =>
                    req.socket.destroy(),
                );
            });
        });
        server.on("connection", (socket) => {
            holder.self?.sockets.add(socket);
            socket.on("close", () => holder.self?.sockets.delete(socket));
        });
        await new Promise<void>((resolve) => server.listen(0, host, resolve));
        const { port } = server.address() as AddressInfo;
        holder.self = new HostileServer(server, `http://${host}:${port}`);
        return holder.self;
    }

    /** Installs a handler and forgets what was received before. */
    use(handler: Handler): void {
        this.handler = handler;
        this.reset();
    }

    /** Forgets requests and creates; drops open connections and pending timers. */
    reset(): void {
        this.requests.length = 0;
        this.createdAt = undefined;
        for (const t of this.timers) clearTimeout(t);
        this.timers.clear();
        for (const s of this.sockets) s.destroy();
    }

    /** The handler acted on the create it is answering: a later identical POST would repeat it. */
    created(): void {
        this.createdAt ??= this.requests.length - 1;
    }

    /** A timer that `reset()` and `close()` cancel (hangs and trickles never outlive a scenario). */
    later(ms: number, fn: () => void): void {
        const t = setTimeout(() => {
            this.timers.delete(t);
            fn();
        }, ms);
        this.timers.add(t);
    }

    async close(): Promise<void> {
        this.reset();
        await new Promise<void>((resolve) => this.server.close(() => resolve()));
    }
}

/** Sends a JSON body. */
export function json(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
): void {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
        ...headers,
    });
    res.end(text);
}

/** Sends a body with any content type. */
export function raw(
    res: ServerResponse,
    status: number,
    text: string,
    contentType: string,
    headers: Record<string, string> = {},
): void {
    res.writeHead(status, {
        "content-type": contentType,
        "content-length": Buffer.byteLength(text),
        ...headers,
    });
    res.end(text);
}

/** An nginx-style HTML error page. */
export function htmlPage(status: number): string {
    return `<html>\r\n<head><title>${status} Error</title></head>\r\n<body>\r\n<center><h1>${status} Error</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** A page of a list. */
export function page(results: unknown[], next: string | null, count?: number): unknown {
    return { count: count ?? results.length, next, previous: null, results };
}

/** Never answers (the socket stays open until the scenario ends). */
export function hang(): void {
    // Nothing: the server's reset() closes the socket.
}

/** Sends headers, then `text` one byte every `gapMs` (each gap far below any gap timeout). */
export function trickle(
    server: HostileServer,
    res: ServerResponse,
    text: string,
    gapMs: number,
): void {
    res.writeHead(200, { "content-type": "application/json" });
    let i = 0;
    const step = (): void => {
        if (res.destroyed) return;
        if (i >= text.length) {
            res.end();
            return;
        }
        res.write(text[i++]);
        server.later(gapMs, step);
    };
    step();
}
