// Checks of a message that names something from the server: no live link, no invisible
// character, one line, and the name inside its quotes. Shared by the integration and UI suites.
import { notificationLinks } from "./liveMarkup";

/** Bidi controls, marks and zero-width characters: they reorder or hide what a reader sees. */
export const INVISIBLE =
    /[\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** Why `text` is not plain in a notification, modal or progress title; undefined when it is. */
export function messageProblem(text: string): string | undefined {
    const links = notificationLinks(text);
    if (links.length > 0) return `live link ${JSON.stringify(links[0].slice(0, 120))}`;
    if (INVISIBLE.test(text)) return "an invisible character";
    // eslint-disable-next-line no-control-regex -- control characters are what is looked for
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text))
        return "a control character";
    return undefined;
}

/**
 * The name a reader sees between the quotes of `text`, which must be `before`, a quoted name and
 * `after`: one line, and every quote inside it escaped, so the name cannot seem to end early and
 * make the rest look like our own words. Throws when it is not so.
 */
export function quotedName(text: string, before: string, after: string): string {
    if (!text.startsWith(`${before}"`) || !text.endsWith(`"${after}`))
        throw new Error(`not ${before}"…"${after}: ${JSON.stringify(text.slice(0, 300))}`);
    const inner = text.slice(before.length + 1, text.length - after.length - 1);
    if (/[\r\n\u2028\u2029\u0085]/.test(inner)) throw new Error("the quoted name has a line break");
    let seen = "";
    for (let i = 0; i < inner.length; i++) {
        if (inner[i] === "\\") seen += inner[++i] ?? "";
        else if (inner[i] === '"')
            throw new Error(`a quote ends the name early at ${i}: ${JSON.stringify(inner)}`);
        else seen += inner[i];
    }
    return seen;
}
