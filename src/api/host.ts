/** Result of validating a host setting. */
export type HostCheck =
    | {
          /** The host is usable. */
          ok: true;
          /** Normalised origin, e.g. `https://us.posthog.com` (no path, no trailing slash). */
          origin: string;
      }
    | {
          /** The host is not usable. */
          ok: false;
          /** One sentence saying what is wrong and what to do. */
          reason: string;
      };

/** Whether a hostname (as `URL.hostname` gives it) is a loopback address. */
export function isLoopbackHostname(hostname: string): boolean {
    const h = hostname.toLowerCase();
    if (h === "localhost" || h === "[::1]" || h === "::1") return true;
    const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
    return m !== null && m.slice(1).every((part) => Number(part) <= 255);
}

/**
 * Validates and normalises a PostHog host. Accepts `https://...`, or `http://` only for loopback
 * (127.0.0.0/8, localhost, [::1]) so that a key never travels in clear text over a network. A
 * missing scheme means https. Paths, query strings, fragments and credentials are refused.
 */
export function checkHost(input: string): HostCheck {
    let text = input.trim();
    if (text === "")
        return { ok: false, reason: "The host is empty; enter e.g. https://us.posthog.com." };
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        return {
            ok: false,
            reason: `"${input.trim()}" is not a valid URL; enter e.g. https://us.posthog.com.`,
        };
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
        return {
            ok: false,
            reason: `The host must use https (got ${url.protocol.replace(":", "")}).`,
        };
    }
    if (url.protocol === "http:" && !isLoopbackHostname(url.hostname)) {
        return {
            ok: false,
            reason: "The host must use https; plain http is only allowed for localhost and 127.0.0.1.",
        };
    }
    if (url.username !== "" || url.password !== "") {
        return { ok: false, reason: "The host must not contain a user name or password." };
    }
    if (url.pathname !== "/" && url.pathname !== "") {
        return {
            ok: false,
            reason: `The host must not contain a path (${url.pathname}); enter only ${url.origin}.`,
        };
    }
    if (url.search !== "" || url.hash !== "") {
        return {
            ok: false,
            reason: `The host must not contain a query or fragment; enter only ${url.origin}.`,
        };
    }
    return { ok: true, origin: url.origin };
}

/** Like {@link checkHost} but throws an `Error` with the reason when the host is not usable. */
export function normalizeHost(input: string): string {
    const result = checkHost(input);
    if (!result.ok) throw new Error(result.reason);
    return result.origin;
}
