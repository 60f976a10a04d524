// The client through a real proxy process (test/proxy/): plain forwarding to the http sandbox,
// CONNECT tunnels to the https sandbox (signed by the test authority in test/fixtures/tls/),
// proxy authentication, noProxy, proxyStrictSSL and the messages of each failure. The proxy
// records every byte it is sent; none of them may hold the key outside the tunnel's TLS.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as tls from "node:tls";
import { promisify } from "node:util";
import type { NetworkSettings } from "../../../src/api";
import { trustedAuthorities } from "../../../src/api/certificates";
import { startTestProxy, type TestProxy } from "../../proxy";
import { TEST_TLS_DIR, testCertificates } from "../../sandbox/testCertificates";
import {
    apiError,
    assertNoSecrets,
    errorText,
    makeClient,
    startSandbox,
    type Sandbox,
} from "./helpers";

const { ca: CA, ...TLS } = testCertificates();
const AUTH = { username: "proxy-user", password: "proxy pass:word" };

function occurrences(records: Buffer[], text: string): number {
    return records.reduce((n, r) => n + r.toString("latin1").split(text).length - 1, 0);
}

function allText(records: Buffer[]): string {
    return records.map((r) => r.toString("latin1")).join("\n");
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
}

/** A client in a process of its own (Node reads NODE_EXTRA_CA_CERTS and the system store there). */
const CHILD = `
    const { PostHogClient } = require(${JSON.stringify(path.resolve(__dirname, "../../../src/api"))});
    const [host, apiKey, network] = process.argv.slice(1);
    const c = new PostHogClient({ host, apiKey, projectId: 1, network: JSON.parse(network) });
    c.listExperimentsPage({ limit: 1 }).then(
        (p) => { console.log("ok " + p.results.length); return c.close(); },
        (e) => { console.log("failed " + e.code); return c.close(); });`;

/** This Node, or the test harness's newer one, when it reads the system store; else undefined. */
function nodeWithSystemStore(): string | undefined {
    if ("getCACertificates" in tls) return process.execPath;
    const harness = path.resolve(__dirname, "../../../../.vscode-test/harness/node24/bin/node");
    return fs.existsSync(harness) ? harness : undefined;
}

describe("api/proxy", function () {
    this.timeout(30_000);
    let http: Sandbox;
    let https: Sandbox;
    let plain: TestProxy;
    let guarded: TestProxy;
    let secure: TestProxy;

    before(async () => {
        [http, https, plain, guarded, secure] = await Promise.all([
            startSandbox(),
            startSandbox({ tls: TLS }),
            startTestProxy(),
            startTestProxy({ auth: AUTH }),
            startTestProxy({ tls: true }),
        ]);
    });
    after(async () => {
        await Promise.all([http, https, plain, guarded, secure].map((s) => s?.close()));
    });
    beforeEach(async () => {
        await Promise.all([plain, guarded, secure].map((p) => p.clear()));
        http.requests.length = 0;
        https.requests.length = 0;
    });

    function client(sb: Sandbox, network: NetworkSettings) {
        return makeClient(sb, { network, retry: { maxAttempts: 1 } });
    }

    it("forwards plain http through an HTTP proxy, which sees the request", async () => {
        const { client: c, logs } = client(http, { proxy: plain.url });
        const page = await c.listExperimentsPage({ limit: 2 });
        await c.close();
        assert.equal(page.results.length, 2);
        const seen = allText(await plain.records());
        assert.match(
            seen,
            new RegExp(`^GET ${http.url}/api/projects/1/experiments/\\?limit=2 `, "m"),
        );
        assert.equal(http.requests.length, 1, "the sandbox got the request from the proxy");
        assert.match(http.requests[0].headers["via"] ?? "", /proxy/);
        assert.ok(
            logs.some((l) => l.message.includes(`through the proxy ${plain.url} (http.proxy)`)),
        );
    });

    it("tunnels https with CONNECT: the proxy never sees the key or the request", async () => {
        const { client: c, logs } = client(https, { proxy: plain.url, ca: [CA] });
        const page = await c.listExperimentsPage({ limit: 2 });
        assert.equal(page.results.length, 2);
        assert.equal((await c.fetchPage(page.next!)).results.length, 2, "the next page, on https");
        await c.close();
        const records = await plain.records();
        const host = new URL(https.url).host;
        assert.match(allText(records), new RegExp(`^CONNECT ${host} HTTP/1.1\r\n`, "m"));
        assert.equal(occurrences(records, https.keys.full), 0, "the key in clear at the proxy");
        assert.equal(occurrences(records, "experiments"), 0, "the path in clear at the proxy");
        assert.equal(occurrences(records, "Bearer"), 0);
        assert.equal(
            https.requests[0]?.headers["authorization"],
            `Bearer ${https.keys.full}`,
            "the key reached the host, inside the tunnel",
        );
        assertNoSecrets(https, logs.map((l) => l.message).join("\n"));
    });

    it("sends proxy credentials from the URL to the proxy, and the key only inside the tunnel", async () => {
        const { client: c } = client(https, { proxy: guarded.urlWithAuth, ca: [CA] });
        await c.listExperimentsPage({ limit: 1 });
        await c.close();
        const records = await guarded.records();
        const basic = Buffer.from(`${AUTH.username}:${AUTH.password}`).toString("base64");
        assert.match(
            allText(records),
            new RegExp(`^Proxy-Authorization: Basic ${basic}\r\n`, "mi"),
        );
        assert.equal(occurrences(records, https.keys.full), 0);
        assert.equal(https.requests.length, 1);
        assert.equal(https.requests[0].headers["proxy-authorization"], undefined);
    });

    it("names the proxy, not the key or password, when the proxy refuses the credentials", async () => {
        const wrong = guarded.url.replace("://", "://proxy-user:wrong-password@");
        for (const sb of [https, http]) {
            const { client: c, logs } = client(sb, { proxy: wrong, ca: [CA] });
            const err = await apiError(c.listExperimentsPage());
            await c.close();
            assert.equal(err.code, "proxy_auth", `${sb.url}: ${err.message}`);
            assert.equal(
                err.userMessage,
                `The proxy ${guarded.url} refused the credentials from http.proxy (407 Proxy Authentication Required); check the user name and password there.`,
            );
            const text = errorText(err) + logs.map((l) => l.message).join("\n");
            assert.ok(!text.includes("wrong-password"), text);
            assertNoSecrets(sb, text);
            assert.equal(sb.requests.length, 0, "nothing reached the host");
        }
        const { client: none } = client(https, { proxy: guarded.url, ca: [CA] });
        const err = await apiError(none.listExperimentsPage());
        await none.close();
        assert.match(
            err.userMessage,
            /requires credentials .*put them in http\.proxy as http:\/\/user:password@host:port/,
        );
    });

    it("connects directly to hosts noProxy names", async () => {
        const { client: c } = client(https, { proxy: plain.url, noProxy: ["127.0.0.1"], ca: [CA] });
        await c.listExperimentsPage({ limit: 1 });
        await c.close();
        assert.equal((await plain.records()).length, 0);
        assert.equal(https.requests.length, 1);
    });

    it("follows HTTPS_PROXY and NO_PROXY from the environment", async () => {
        const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };
        try {
            process.env.HTTPS_PROXY = plain.url;
            delete process.env.NO_PROXY;
            const { client: c } = client(https, { ca: [CA] });
            await c.listExperimentsPage({ limit: 1 });
            await c.close();
            assert.equal((await plain.records()).length, 1);
            process.env.NO_PROXY = "localhost,127.0.0.1";
            const { client: direct } = client(https, { ca: [CA] });
            await direct.listExperimentsPage({ limit: 1 });
            await direct.close();
            assert.equal((await plain.records()).length, 1, "NO_PROXY sent the second direct");
        } finally {
            for (const [k, v] of Object.entries(saved)) {
                if (v === undefined) delete process.env[k];
                else process.env[k] = v;
            }
        }
    });

    it("says clearly when a certificate's authority isn't trusted, and works once it is", async () => {
        const direct = client(https, {}).client;
        const err = await apiError(direct.listExperimentsPage());
        await direct.close();
        assert.equal(err.code, "tls_error");
        assert.match(
            err.userMessage,
            /^The secure \(TLS\) connection to 127\.0\.0\.1:\d+ failed: its certificate is not signed by an authority this computer trusts \(\w+\); .*NODE_EXTRA_CA_CERTS/,
        );
        const trusted = client(https, { ca: [CA] }).client;
        assert.equal((await trusted.listExperimentsPage({ limit: 1 })).results.length, 1);
        await trusted.close();
    });

    it("checks an https proxy's certificate unless proxyStrictSSL is off", async () => {
        // Trusted: the https proxy and the https host, both signed by the test authority.
        const ok = client(https, { proxy: secure.url, ca: [CA] }).client;
        await ok.listExperimentsPage({ limit: 1 });
        await ok.close();
        const records = await secure.records();
        assert.match(allText(records), /^CONNECT 127\.0\.0\.1:\d+ HTTP\/1\.1\r\n/m);
        assert.equal(occurrences(records, https.keys.full), 0);

        // Not trusted, strict: refused, with a message naming the proxy.
        const strict = client(http, { proxy: secure.url }).client;
        const err = await apiError(strict.listExperimentsPage());
        await strict.close();
        assert.match(
            err.userMessage,
            new RegExp(`proxy ${secure.url} is not signed by an authority this computer trusts`),
        );
        assert.equal(http.requests.length, 0);

        // Not trusted, proxyStrictSSL off: the proxy is used...
        const lax = client(http, { proxy: secure.url, proxyStrictSSL: false }).client;
        await lax.listExperimentsPage({ limit: 1 });
        await lax.close();
        assert.equal(http.requests.length, 1);
        // ...but the host's own certificate is still checked.
        const host = client(https, { proxy: secure.url, proxyStrictSSL: false }).client;
        const hostErr = await apiError(host.listExperimentsPage());
        await host.close();
        assert.equal(hostErr.code, "tls_error", hostErr.message);
        assert.equal(https.requests.length, 1, "only the trusted run reached the https host");
    });

    it("names the proxy when it can't be reached, and when it can't reach the host", async () => {
        const gone = `http://127.0.0.1:${await closedPort()}`;
        const { client: c } = client(https, { proxy: gone, ca: [CA] });
        const err = await apiError(c.listExperimentsPage());
        await c.close();
        assert.equal(
            err.userMessage,
            `Couldn't reach the proxy ${gone} (from http.proxy): the connection was refused; check the proxy setting and your network.`,
        );
        const nowhere = await closedPort();
        const far = makeClient(https, {
            host: `https://127.0.0.1:${nowhere}`,
            network: { proxy: plain.url, ca: [CA] },
            retry: { maxAttempts: 1 },
        }).client;
        const farErr = await apiError(far.listExperimentsPage());
        await far.close();
        assert.equal(farErr.code, "proxy_refused");
        assert.match(
            farErr.userMessage,
            new RegExp(
                `^The proxy ${plain.url} \\(from http\\.proxy\\) would not connect to 127\\.0\\.0\\.1:${nowhere} \\(status \\d+\\); .*http\\.noProxy`,
            ),
        );
    });

    it("refuses an unusable proxy setting before sending anything", async () => {
        const { client: c } = client(https, { proxy: "socks5://127.0.0.1:1080", ca: [CA] });
        const err = await apiError(c.listExperimentsPage());
        await c.close();
        assert.equal(err.code, "proxy_invalid");
        assert.match(err.userMessage, /http\.proxy uses socks5/);
        assert.equal(https.requests.length, 0);
    });

    it("trusts the system's authorities where Node can read them, unless systemCertificates is off", async () => {
        const node = nodeWithSystemStore();
        if (!node) {
            // No such Node here: the defaults stay, and the system list is not guessed at.
            assert.equal(trustedAuthorities({ systemCertificates: true }), undefined);
            return;
        }
        // OpenSSL's default places, which Node's system store reads on Linux, hold only the test
        // authority in this child.
        const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-certs-"));
        const run = async (systemCertificates: boolean) =>
            (
                await promisify(execFile)(
                    node,
                    [
                        "-e",
                        CHILD,
                        https.url,
                        https.keys.full,
                        JSON.stringify({ systemCertificates }),
                    ],
                    {
                        env: {
                            ...process.env,
                            SSL_CERT_FILE: path.join(TEST_TLS_DIR, "ca.pem"),
                            SSL_CERT_DIR: empty,
                        },
                    },
                )
            ).stdout.trim();
        try {
            assert.equal(await run(true), "ok 1");
            assert.equal(await run(false), "failed tls_error");
        } finally {
            fs.rmSync(empty, { recursive: true, force: true });
        }
    });

    it("keeps NODE_EXTRA_CA_CERTS when it names authorities of its own", async () => {
        // In a process of its own: Node reads NODE_EXTRA_CA_CERTS once, at start.
        const network = { ca: [tls.rootCertificates[0]], systemCertificates: false };
        // Asynchronously: the sandbox it talks to runs in this process.
        const { stdout } = await promisify(execFile)(
            process.execPath,
            ["-e", CHILD, https.url, https.keys.full, JSON.stringify(network)],
            { env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(TEST_TLS_DIR, "ca.pem") } },
        );
        assert.equal(stdout.trim(), "ok 1");
    });
});
