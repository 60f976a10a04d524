// Which proxy a request goes through. Plain data in, a decision out: the editor side reads VS
// Code's `http.*` settings and hands them here; nothing in src/api reads a setting itself.

/**
 * How the client reaches the host: VS Code's proxy and certificate settings (`http.*`), as read
 * by the editor. Every field is optional; an empty object means "the environment's proxy, Node's
 * certificate authorities".
 */
export interface NetworkSettings {
    /**
     * `http.proxy`: the proxy every request goes through (`http://host:port`, `https://...`,
     * credentials as `http://user:password@host:port`). Empty: the environment's (`HTTPS_PROXY`,
     * `HTTP_PROXY` and their lower-case forms).
     */
    proxy?: string;
    /**
     * `http.noProxy`: hosts reached directly (`example.com` and its subdomains, `.example.com`,
     * `*.example.com`, `host:port`, `*` for all). When it has entries, `NO_PROXY` is not read, as
     * in VS Code.
     */
    noProxy?: readonly string[];
    /**
     * `http.proxyStrictSSL`: verify the certificate of an `https://` proxy (default true). The
     * PostHog host's own certificate is verified whatever this says.
     */
    proxyStrictSSL?: boolean;
    /** `http.proxyAuthorization`: the `Proxy-Authorization` value sent to the proxy, and only there. */
    proxyAuthorization?: string | null;
    /** `http.proxySupport`: "off" ignores every proxy setting and variable; anything else uses them. */
    proxySupport?: string;
    /**
     * `http.systemCertificates`: trust the operating system's certificate authorities too, where
     * the Node.js running the extension can read them (default true).
     */
    systemCertificates?: boolean;
    /** Certificate authorities (PEM) trusted on top of the defaults. */
    ca?: readonly string[];
}

/** Where a request to the host goes first. */
export type ProxyChoice =
    | {
          kind: "proxy";
          /** The proxy's URL as undici takes it, credentials included: never shown or logged. */
          url: string;
          /** The proxy as messages and the log show it: scheme, host and port, no credentials. */
          display: string;
          /** Where it was set: `http.proxy` or the environment variable's name. */
          source: string;
          /** Whether credentials go to the proxy (in its URL or `http.proxyAuthorization`). */
          credentials: boolean;
      }
    | {
          kind: "direct";
          /** Why no proxy: nothing set, `http.proxySupport` off, or the `noProxy` entry that matched. */
          reason: string;
      }
    | {
          kind: "invalid";
          /** The proxy as set, credentials removed. */
          display: string;
          /** Where it was set. */
          source: string;
          /** One sentence for the user saying what is wrong and what to do. */
          problem: string;
      };

type Env = Record<string, string | undefined>;

/**
 * The proxy a request to `origin` goes through. The order is VS Code's: `http.proxySupport` off
 * means none; then `noProxy` (the setting, or `NO_PROXY` when the setting is empty); then
 * `http.proxy`; then the environment (https: `https_proxy`, `HTTPS_PROXY`, `http_proxy`,
 * `HTTP_PROXY`; http: `http_proxy`, `HTTP_PROXY`, as curl and undici read them). Unlike VS Code,
 * loopback hosts are not exempt by themselves: they go direct when `noProxy` names them, so a
 * proxy that must see local traffic (a test, a debugging proxy) can.
 */
export function chooseProxy(origin: string, settings: NetworkSettings, env: Env): ProxyChoice {
    if (settings.proxySupport === "off")
        return { kind: "direct", reason: "http.proxySupport is off" };
    const target = new URL(origin);
    const https = target.protocol === "https:";
    const port = Number(target.port) || (https ? 443 : 80);
    const configured = (settings.noProxy ?? []).filter((e) => e.trim() !== "");
    const entries =
        configured.length > 0
            ? configured
            : (env.no_proxy || env.NO_PROXY || "").split(/[\s,]+/).filter((e) => e !== "");
    const matched = noProxyMatch(target.hostname, port, entries);
    if (matched !== undefined) {
        const from = configured.length > 0 ? "http.noProxy" : "NO_PROXY";
        return { kind: "direct", reason: `${from} lists ${matched}` };
    }
    const setting = settings.proxy?.trim();
    if (setting) return proxyFrom(setting, "http.proxy", settings);
    const names = https
        ? ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"]
        : ["http_proxy", "HTTP_PROXY"];
    for (const name of names) {
        const value = env[name]?.trim();
        if (value) return proxyFrom(value, name, settings);
    }
    return { kind: "direct", reason: "no proxy is set" };
}

function proxyFrom(value: string, source: string, settings: NetworkSettings): ProxyChoice {
    // A bare `host:port`, common in HTTPS_PROXY, means an http proxy (as curl reads it).
    const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        return {
            kind: "invalid",
            display: withoutCredentials(value),
            source,
            problem: `The proxy in ${source} is not a valid URL; set it as http://host:port.`,
        };
    }
    const display = `${url.protocol}//${url.host}`;
    if (url.protocol !== "http:" && url.protocol !== "https:") {
        return {
            kind: "invalid",
            display,
            source,
            problem: `The proxy in ${source} uses ${url.protocol.replace(":", "")}, which PostHog Workbench does not support; use an http:// or https:// proxy.`,
        };
    }
    if (url.hostname === "") {
        return {
            kind: "invalid",
            display,
            source,
            problem: `The proxy in ${source} has no host name; set it as http://host:port.`,
        };
    }
    const credentials = url.username !== "" || Boolean(settings.proxyAuthorization);
    return { kind: "proxy", url: url.href, display, source, credentials };
}

/** `value` with any `user:password@` removed, for messages about a proxy that didn't parse. */
function withoutCredentials(value: string): string {
    return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, "$1");
}

/**
 * The `noProxy` entry that sends `hostname:port` direct, if any. An entry names a host and its
 * subdomains (a leading `.` or `*.` changes nothing), optionally with a port; `*` names every
 * host. IPv6 addresses may be written with or without brackets.
 */
export function noProxyMatch(
    hostname: string,
    port: number,
    entries: readonly string[],
): string | undefined {
    const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
    for (const raw of entries) {
        const entry = raw.trim().toLowerCase();
        if (entry === "") continue;
        if (entry === "*") return raw.trim();
        let name = entry;
        let entryPort: number | undefined;
        const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
        const withPort = /^([^:]+):(\d+)$/.exec(entry);
        if (bracketed) {
            name = bracketed[1];
            entryPort = bracketed[2] ? Number(bracketed[2]) : undefined;
        } else if (withPort) {
            name = withPort[1];
            entryPort = Number(withPort[2]);
        }
        name = name.replace(/^\*?\./, "");
        if (entryPort !== undefined && entryPort !== port) continue;
        if (host === name || host.endsWith(`.${name}`)) return raw.trim();
    }
    return undefined;
}
