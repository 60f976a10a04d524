// The faults suite's "proxy" figure: the client connects through an HTTP proxy (plain forwarding
// to an http host, CONNECT to an https host), an https proxy, and a proxy that wants Basic
// credentials, each a real proxy process (test/proxy/) that records every byte it is sent. The
// key may appear in clear only where the host itself is plain http (loopback, by checkHost): in
// every CONNECT route it must appear 0 times.
import { PostHogClient, type NetworkSettings } from "../../src/api";
import { startTestProxy, type TestProxy } from "../proxy";
import { startSandbox, type Sandbox } from "../sandbox";
import { testCertificates } from "../sandbox/testCertificates";

/** One row of the figures table (run.ts). */
export interface ProxyFigure {
    name: string;
    value: string;
    rule: string;
    ok: boolean;
}

interface Route {
    name: string;
    proxy: TestProxy;
    /** The proxy URL the client is given. */
    url: string;
    host: Sandbox;
    /** An https host: the proxy must see only CONNECT and ciphertext. */
    tunnel: boolean;
}

function count(records: Buffer[], text: string): number {
    return records.reduce((n, r) => n + r.toString("latin1").split(text).length - 1, 0);
}

export async function proxyFigure(): Promise<ProxyFigure> {
    const { ca, ...tls } = testCertificates();
    const auth = { username: "faults", password: "proxy-secret" };
    const [http, https, plain, secure, guarded] = await Promise.all([
        startSandbox(),
        startSandbox({ tls }),
        startTestProxy(),
        startTestProxy({ tls: true }),
        startTestProxy({ auth }),
    ]);
    const routes: Route[] = [
        { name: "HTTP proxy, http host", proxy: plain, url: plain.url, host: http, tunnel: false },
        { name: "HTTP proxy, CONNECT", proxy: plain, url: plain.url, host: https, tunnel: true },
        { name: "HTTPS proxy, CONNECT", proxy: secure, url: secure.url, host: https, tunnel: true },
        {
            name: "proxy auth, CONNECT",
            proxy: guarded,
            url: guarded.urlWithAuth,
            host: https,
            tunnel: true,
        },
    ];
    const failed: string[] = [];
    let keyInClear = 0;
    try {
        for (const route of routes) {
            await route.proxy.clear();
            const network: NetworkSettings = { proxy: route.url, ca: [ca] };
            const client = new PostHogClient({
                host: route.host.url,
                apiKey: route.host.keys.full,
                projectId: 1,
                network,
                retry: { maxAttempts: 1 },
            });
            try {
                await client.listExperimentsPage({ limit: 1 });
            } catch (err) {
                failed.push(`${route.name}: ${(err as { userMessage?: string }).userMessage}`);
            } finally {
                await client.close();
            }
            const records = await route.proxy.records();
            const connects = count(records, "CONNECT ");
            if (records.length === 0) failed.push(`${route.name}: the proxy saw nothing`);
            else if (route.tunnel && connects === 0) failed.push(`${route.name}: no CONNECT`);
            if (route.tunnel) keyInClear += count(records, route.host.keys.full);
        }
    } finally {
        await Promise.all([http, https, plain, secure, guarded].map((s) => s.close()));
    }
    const tunnels = routes.filter((r) => r.tunnel).length;
    return {
        name: "proxy: routes connected, key in clear at the proxy",
        value: `${routes.length - failed.length} of ${routes.length}, key ${keyInClear}x over ${tunnels} CONNECT routes${failed.length ? ` (${failed.join("; ")})` : ""}`,
        rule: "all, 0",
        ok: failed.length === 0 && keyInClear === 0,
    };
}
