// The test proxy, run as a process of its own (forked by test/proxy/index.ts): TooTallNate's
// `proxy` package (plain HTTP forwarding and CONNECT tunnels, optional Basic proxy auth) behind a
// front that records every byte a client sends, as the proxy sees it: the request lines and
// headers of forwarded requests and of CONNECT, and whatever passes through a tunnel. With
// `--tls`, the front is an https proxy: it ends the TLS of the client's connection to the proxy
// and records what is inside it.
//
// Args: [--auth user:password] [--tls <cert.pem> <key.pem>]. Talks to its parent over IPC:
// sends {ready: port}; answers {records: true} with {records: [base64 per connection]}. It
// reaches only loopback hosts.
import { readFileSync } from "node:fs";
import * as http from "node:http";
import * as net from "node:net";
import * as tls from "node:tls";

type CreateProxy = (server?: http.Server) => http.Server & {
    authenticate?: (req: http.IncomingMessage) => boolean;
};

function isLoopback(hostname: string): boolean {
    const h = hostname.replace(/^\[|\]$/g, "");
    return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

function arg(name: string, count = 1): string[] | undefined {
    const i = process.argv.indexOf(name);
    return i < 0 ? undefined : process.argv.slice(i + 1, i + 1 + count);
}

async function main(): Promise<void> {
    // `proxy` is an ES module whose types this project's module resolution ("node") can't read:
    // named through a variable, it is typed here. This file is CommonJS, whose `import()`
    // TypeScript turns into `require`, which loads an ES module from Node 20.19 on.
    const name = "proxy";
    const { createProxy } = (await import(name)) as { createProxy: CreateProxy };
    const inner = createProxy(http.createServer());
    // Only loopback targets: an editor under test that sends its own traffic here (its
    // marketplace, its telemetry) gets a 403 and never an outside connection.
    const [onRequest] = inner.listeners("request") as ((...a: unknown[]) => void)[];
    const [onConnect] = inner.listeners("connect") as ((...a: unknown[]) => void)[];
    inner.removeAllListeners("request").removeAllListeners("connect");
    inner.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (isLoopback(new URL(req.url ?? "/", "http://invalid").hostname))
            onRequest.call(inner, req, res);
        else res.writeHead(403).end("the test proxy reaches only loopback hosts");
    });
    inner.on("connect", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
        if (isLoopback((req.url ?? "").replace(/:\d+$/, "")))
            onConnect.call(inner, req, socket, head);
        else socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
    });
    const auth = arg("--auth")?.[0];
    if (auth) {
        const expected = `Basic ${Buffer.from(auth).toString("base64")}`;
        inner.authenticate = (req) => req.headers["proxy-authorization"] === expected;
    }
    await new Promise<void>((resolve) => inner.listen(0, "127.0.0.1", resolve));
    const innerPort = (inner.address() as net.AddressInfo).port;

    const records: Buffer[][] = [];
    const relay = (client: net.Socket): void => {
        const seen: Buffer[] = [];
        records.push(seen);
        const upstream = net.connect(innerPort, "127.0.0.1");
        client.on("data", (chunk: Buffer) => seen.push(Buffer.from(chunk)));
        client.pipe(upstream).pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
    };
    const tlsArgs = arg("--tls", 2);
    const front = tlsArgs
        ? tls.createServer({ cert: readFileSync(tlsArgs[0]), key: readFileSync(tlsArgs[1]) }, relay)
        : net.createServer(relay);
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const port = (front.address() as net.AddressInfo).port;

    process.on("message", (message: { records?: boolean; clear?: boolean }) => {
        if (message.clear) records.length = 0;
        process.send?.({
            records: records.map((chunks) => Buffer.concat(chunks).toString("base64")),
        });
    });
    // The parent going away ends the proxy: no orphan keeps a port.
    process.on("disconnect", () => process.exit(0));
    process.send?.({ ready: port });
}

main().catch((e: unknown) => {
    process.stderr.write(`test proxy failed: ${String(e)}\n`);
    process.exit(1);
});
