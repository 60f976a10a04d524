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

/** A character as a message names it: `"$" (U+0024)`, or only its code point when invisible. */
function nameOf(char: string): string {
    const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
    if (!/^[\x21-\x7e]$/.test(char)) return code;
    return char === '"' ? `'"' (${code})` : `"${char}" (${code})`;
}

const ONLY_NAME_CHARS =
    "The host may hold only letters, digits, hyphens and dots, and a :port after them";

/**
 * What the host part may be as typed: a bracketed IPv6 address, or a name of letters (any
 * script: an IDN, which URL turns into punycode), digits, hyphens and dots; then a port.
 * Underscores are refused: a host name may not have them (RFC 952/1123), and no public
 * certificate authority issues a certificate for one, so no https PostHog host has one.
 */
const AUTHORITY = /^(?:\[[0-9a-f:.]+\]|[\p{L}\p{M}\p{Nd}.-]+)(?::\d{1,5})?$/iu;
/** Characters {@link AUTHORITY} may hold, to name the first one it may not. */
const AUTHORITY_CHAR = /^[\p{L}\p{M}\p{Nd}.:[\]-]$/iu;
/** The host name as URL normalised it (lower case, punycode): dot-separated labels, none empty. */
const HOST_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/**
 * Validates and normalises a PostHog host. Accepts `https://...`, or `http://` only for loopback
 * (127.0.0.0/8, localhost, [::1]) so that a key never travels in clear text over a network. A
 * missing scheme means https. Paths, query strings, fragments and credentials are refused.
 *
 * The host itself may hold only letters, digits, hyphens, dots and a port (or be an IPv6
 * address): a workspace can set it, and the origin goes into links, `openExternal` and shell
 * commands, so nothing a shell, a URL or Markdown would read (`$()`, backticks, quotes, `;`,
 * `|`, `&`, `%` escapes, spaces) gets through. Both the text as typed and the name URL made of
 * it are checked: URL silently drops tabs, newlines and zero-width characters, decodes `%`
 * escapes and maps some symbols (`⑴` to `(1)`). No reason repeats the input, which may be
 * hostile and is shown in notifications.
 */
export function checkHost(input: string): HostCheck {
    let text = input.trim();
    if (text === "")
        return { ok: false, reason: "The host is empty; enter e.g. https://us.posthog.com." };
    const invisible = /[\p{C}\p{Z}]/u.exec(text);
    if (invisible) {
        return {
            ok: false,
            reason: `The host contains a space or an invisible character (${nameOf(invisible[0])}); enter only its address, e.g. https://us.posthog.com.`,
        };
    }
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        return {
            ok: false,
            reason: "The host is not a valid URL; enter e.g. https://us.posthog.com.",
        };
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
        return {
            ok: false,
            reason: `The host must use https (got ${url.protocol.replace(":", "")}).`,
        };
    }
    if (url.username !== "" || url.password !== "") {
        return { ok: false, reason: "The host must not contain a user name or password." };
    }
    const afterScheme = text.slice(text.indexOf("://") + 3);
    const authority = /^[^/?#\\]*/.exec(afterScheme)?.[0] ?? "";
    if (!AUTHORITY.test(authority)) {
        const bad = [...authority].find((char) => !AUTHORITY_CHAR.test(char));
        return {
            ok: false,
            reason: bad
                ? `${ONLY_NAME_CHARS}; remove ${nameOf(bad)}.`
                : `${ONLY_NAME_CHARS}; enter e.g. https://us.posthog.com or https://posthog.example.com:8443.`,
        };
    }
    if (!url.hostname.startsWith("[") && url.hostname.split(".").includes("")) {
        return {
            ok: false,
            reason: "The host name has an empty part (a dot at its start or end, or two in a row); remove the extra dot.",
        };
    }
    // What URL made of letters is checked too, in case a mapping (IDNA) yields more than
    // letters, digits and hyphens on some runtime; none does on Node's today.
    if (!url.hostname.startsWith("[") && !HOST_NAME.test(url.hostname))
        return { ok: false, reason: `${ONLY_NAME_CHARS}.` };
    if (url.protocol === "http:" && !isLoopbackHostname(url.hostname)) {
        return {
            ok: false,
            reason: "The host must use https; plain http is only allowed for localhost and 127.0.0.1.",
        };
    }
    const rest = afterScheme.slice(authority.length);
    if (rest !== "" && rest !== "/") {
        const path = /^[/\\]/.test(rest) && rest.replace(/[?#].*$/s, "") !== "/";
        return {
            ok: false,
            reason: path
                ? `The host must not contain a path; enter only ${url.origin}.`
                : `The host must not contain a query or fragment; enter only ${url.origin}.`,
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
