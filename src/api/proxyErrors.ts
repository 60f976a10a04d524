// Messages for failures of a request that went through a proxy: they name the proxy (never its
// credentials) and the setting it came from, so the user knows which of the two to fix.
import { NOT_SENT_CODES } from "./connectCodes";
import type { ProxyInContext } from "./errors";

/** What a proxy failure changes in a network error. */
export interface ProxyFailure {
    /** Client code, when it differs from the generic one. */
    code?: string;
    /** One sentence for the user. */
    userMessage: string;
    /** Whether the request certainly never reached the host. */
    notSent: boolean;
}

/** Codes of a failure to reach the proxy itself: with a proxy, it is the only thing connected to. */
const UNREACHABLE: ReadonlySet<string> = new Set([...NOT_SENT_CODES, "ETIMEDOUT"]);

/** Certificate codes that mean "signed by no authority this client trusts". */
const UNTRUSTED = new Set([
    "SELF_SIGNED_CERT_IN_CHAIN",
    "DEPTH_ZERO_SELF_SIGNED_CERT",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    "UNABLE_TO_GET_ISSUER_CERT",
    "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    "CERT_UNTRUSTED",
]);

/** Whether a TLS error code means the certificate's authority is not trusted. */
export function isUntrustedCertificate(code: string): boolean {
    return UNTRUSTED.has(code);
}

/** What to do about a certificate from an authority that isn't trusted. */
export const TRUST_ADVICE =
    "if your network uses its own certificate authority, add it to the system's trusted certificates or name its file in the NODE_EXTRA_CA_CERTS environment variable, then restart VS Code";

/** The message for a proxy that asked for credentials (407) or refused the ones sent. */
export function proxyAuthMessage(proxy: ProxyInContext): string {
    return proxy.credentials
        ? `The proxy ${proxy.display} refused the credentials from ${proxy.source} (407 Proxy Authentication Required); check the user name and password there.`
        : `The proxy ${proxy.display} requires credentials (407 Proxy Authentication Required); put them in ${proxy.source} as http://user:password@host:port.`;
}

/** The status a proxy answered a CONNECT or a forwarded request with, read from undici's error. */
function proxyStatus(err: unknown): number | undefined {
    const seen = new Set<unknown>();
    for (let cur = err; cur instanceof Error && !seen.has(cur); cur = cur.cause) {
        seen.add(cur);
        // undici 7: "Proxy response (407) !== 200 when HTTP Tunneling" (proxy-agent.js), and
        // "Proxy Authentication Required (407)" for a forwarded plain-http request.
        const m = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/.exec(
            cur.message,
        );
        if (m) return Number(m[1] ?? m[2]);
    }
    return undefined;
}

/**
 * The proxy's part in a network error of a request sent through `proxy`, or undefined when the
 * generic message fits (a reset, a stalled response).
 */
export function proxyFailure(
    proxy: ProxyInContext,
    host: string,
    err: unknown,
    code: string,
    what: string,
): ProxyFailure | undefined {
    const status = proxyStatus(err);
    if (status === 407)
        return { code: "proxy_auth", userMessage: proxyAuthMessage(proxy), notSent: true };
    if (status !== undefined) {
        const name = host.replace(/:\d+$/, "");
        return {
            code: "proxy_refused",
            userMessage: `The proxy ${proxy.display} (from ${proxy.source}) would not connect to ${host} (status ${status}); check that the proxy allows ${host}, or list ${name} in http.noProxy to connect directly.`,
            notSent: true,
        };
    }
    if (UNREACHABLE.has(code)) {
        return {
            userMessage: `Couldn't reach the proxy ${proxy.display} (from ${proxy.source}): ${what}; check the proxy setting and your network.`,
            notSent: true,
        };
    }
    if (isUntrustedCertificate(code)) {
        return {
            userMessage: `The certificate of ${host} or of the proxy ${proxy.display} is not signed by an authority this computer trusts (${code}); ${TRUST_ADVICE}.`,
            notSent: true,
        };
    }
    if (/CERT|SSL|TLS/.test(code)) {
        return {
            userMessage: `The secure (TLS) connection to ${host} through the proxy ${proxy.display} failed (${code}); check the proxy setting (${proxy.source}).`,
            notSent: true,
        };
    }
    return undefined;
}

/** `text` with the `user:password@` of any URL in it removed. */
export function withoutUserInfo(text: string): string {
    return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1");
}
