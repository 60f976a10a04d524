// The undici dispatcher of a transport: a direct Agent, or undici's ProxyAgent for the proxy the
// settings choose.
import { Agent, Pool, ProxyAgent, type Dispatcher } from "undici";
import { trustedContext } from "./certificates";
import { chooseProxy, type NetworkSettings, type ProxyChoice } from "./network";

/** The timeouts a connection uses, in milliseconds (see `Timeouts` in http.ts). */
export interface ConnectionTimeouts {
    /** Connecting (TCP + TLS), and the proxy's answer to CONNECT. */
    connectMs: number;
    /** Keep-alive of idle sockets. */
    keepAliveMs: number;
    /** Waiting for response headers. */
    headersMs: number;
    /** Gap between body chunks. */
    bodyMs: number;
}

/** A transport's way to its origin. */
export interface Connection {
    /** Where requests go first. */
    choice: ProxyChoice;
    /** Sends them there. */
    dispatcher: Dispatcher;
}

/**
 * The dispatcher for requests to `origin`. A transport talks to one origin only, so the proxy is
 * chosen once, here, and its name is at hand for every error (undici's EnvHttpProxyAgent would
 * choose per request, out of sight).
 *
 * Through a proxy, an https origin is reached by a CONNECT tunnel and TLS inside it: the proxy
 * sees the host name and port, never the Authorization header or anything else of the request. An
 * http origin (loopback only, see checkHost) is forwarded as a plain request, as VS Code's own
 * proxy support does it. `http.proxyStrictSSL: false` stops checking the certificate of an
 * https proxy only; the host's certificate, which guards the key, is always checked.
 */
export function connectionTo(
    origin: string,
    settings: NetworkSettings,
    timeouts: ConnectionTimeouts,
    env: Record<string, string | undefined> = process.env,
): Connection {
    const choice = chooseProxy(origin, settings, env);
    // Reading the system's store and parsing its certificates costs the first client a moment:
    // spent only where a certificate will be checked (never for the plain-http loopback host).
    const tlsUsed =
        origin.startsWith("https:") || (choice.kind === "proxy" && choice.url.startsWith("https:"));
    const secureContext = tlsUsed ? trustedContext(settings) : undefined;
    const tlsOptions = secureContext ? { secureContext } : {};
    const agentOptions = {
        keepAliveTimeout: timeouts.keepAliveMs,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
        connections: 8,
    };
    if (choice.kind !== "proxy") {
        return {
            choice,
            dispatcher: new Agent({
                ...agentOptions,
                connect: { timeout: timeouts.connectMs, ...tlsOptions },
            }),
        };
    }
    const token = settings.proxyAuthorization?.trim();
    const dispatcher = new ProxyAgent({
        ...agentOptions,
        uri: choice.url,
        ...(token ? { token } : {}),
        proxyTunnel: false,
        requestTls: { timeout: timeouts.connectMs, ...tlsOptions },
        proxyTls: {
            timeout: timeouts.connectMs,
            ...tlsOptions,
            ...(settings.proxyStrictSSL === false ? { rejectUnauthorized: false } : {}),
        },
        // The CONNECT exchange with the proxy: a proxy that takes the connection and never
        // answers fails like one that can't be reached, within the connect timeout.
        clientFactory: (url: URL, options: object) =>
            new Pool(url, { ...options, headersTimeout: timeouts.connectMs }),
    });
    return { choice, dispatcher };
}
