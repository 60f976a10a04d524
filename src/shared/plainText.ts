// Server strings (names, descriptions, values, errors) are hostile: anyone with a public project
// token can create an event definition with any name. Each function here makes such a string plain
// text for one kind of sink, neutralising what that sink would interpret. No `vscode` import, so
// the unit tests check every sink's helper in plain Node.

/**
 * Bidi overrides and isolates, marks, and zero-width characters: they reorder or hide what a
 * reader sees (a name can look like another, or hide a part). The zero-width joiner is kept
 * between two pictographs, where it joins an emoji sequence.
 */
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/gu;
const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}\ufe0f?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;
/** C0 and C1 controls other than tab and line breaks, which the sinks below handle themselves. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g;

/** Where a one-line sink cuts a long string; the full text stays available elsewhere. */
export const ONE_LINE_LIMIT = 200;

/** `text` without invisible and control characters; line breaks and tabs are kept. */
export function withoutControls(text: string): string {
    return text
        .replace(INVISIBLE, (char, at: number, whole: string) =>
            char === "\u200d" &&
            PICTOGRAPH_BEFORE.test(whole.slice(Math.max(0, at - 3), at)) &&
            PICTOGRAPH_AFTER.test(whole.slice(at + 1, at + 3))
                ? char
                : "",
        )
        .replace(CONTROLS, "\ufffd");
}

/** One line: controls removed, line breaks and tabs as spaces, cut at `limit` with an ellipsis. */
export function oneLine(text: string, limit = ONE_LINE_LIMIT): string {
    const line = withoutControls(String(text)).replace(LINE_BREAKS, " ").replace(/\t/g, " ");
    return cut(line, limit);
}

function cut(text: string, limit: number): string {
    const chars = Array.from(text);
    return chars.length > limit ? `${chars.slice(0, limit - 1).join("")}\u2026` : text;
}

/**
 * For notifications, modal dialogs and progress titles, which turn `[label](target)` into a live
 * link (command URIs included) and show no escapes: a space goes between `]` and `(`, so no link
 * can form, and the text stays readable.
 */
export function inMessage(text: string, limit = ONE_LINE_LIMIT): string {
    return oneLine(text, limit).replace(/\]\s*\(/g, "] (");
}

/**
 * What a notification, modal or progress sink does to all of its text, ours included: no link can
 * form and no control character shows, but nothing is cut and line breaks stay (a modal's detail
 * lists lines). The last guard for text that reached a message without its own helper, such as a
 * server's error sentence.
 */
export function withoutLinks(text: string): string {
    return withoutControls(String(text)).replace(/\]\s*\(/g, "] (");
}

/**
 * A name in a message, in double quotes: quotes inside it are written `\"`, so it cannot appear
 * to end early and make the rest of the message look like ours.
 */
export function quotedInMessage(text: string, limit = ONE_LINE_LIMIT): string {
    return `"${inMessage(text, limit).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * For quick pick labels, descriptions and details, and the status bar, which render `$(name)` as
 * an icon: written `\$(name)`, which they show as typed. One line, like a message.
 */
export function inLabel(text: string, limit = ONE_LINE_LIMIT): string {
    return inMessage(text, limit).replace(/\$\(/g, "\\$(");
}

/** A name in quotes (as {@link quotedInMessage}) where `$(name)` would be an icon (status bar). */
export function quotedInLabel(text: string, limit = ONE_LINE_LIMIT): string {
    return quotedInMessage(text, limit).replace(/\$\(/g, "\\$(");
}

/**
 * For Markdown (hovers, tooltips, Markdown documents and previews, chat responses): every ASCII
 * punctuation character but the parentheses is backslash-escaped, which CommonMark allows for
 * all of them. No emphasis, link, image, autolink, HTML tag, entity or table pipe can then form,
 * and a URL or domain is split where linkifiers would join it. Parentheses make nothing without
 * brackets, and are left as they are so that `$(name)` comes out as `\$(name)`, the one form of
 * a theme icon that VS Code's Markdown shows as typed. Line breaks become hard breaks, or
 * spaces with `oneLine`.
 */
export function inMarkdown(
    text: string,
    options: { oneLine?: boolean; limit?: number } = {},
): string {
    const plain = options.oneLine
        ? oneLine(text, options.limit ?? Number.MAX_SAFE_INTEGER)
        : withoutControls(String(text));
    return plain
        .replace(/[!-'*-/:-@[-`{-~]/g, "\\$&")
        .replace(/\t/g, " ")
        .replace(LINE_BREAKS, "  \n");
}

/**
 * An inline code span holding `text` exactly (one line): fenced with one more backtick than its
 * longest run of backticks, padded with spaces where it starts or ends with one.
 */
export function codeSpan(text: string, limit = ONE_LINE_LIMIT): string {
    const line = oneLine(text, limit);
    const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
    const fence = "`".repeat(longest + 1);
    const pad = line.startsWith("`") || line.endsWith("`") || line.trim() === "" ? " " : "";
    return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * A fenced code block holding `text` exactly, line breaks kept: the fence is longer than any run
 * of backticks inside, so nothing in the text can close it.
 */
export function codeBlock(text: string, language = "text"): string {
    const plain = withoutControls(String(text)).replace(/\r\n?/g, "\n");
    const longest = Math.max(2, ...(plain.match(/`+/g) ?? []).map((run) => run.length));
    const fence = "`".repeat(longest + 1);
    return `${fence}${language}\n${plain}\n${fence}`;
}

/** Characters JSON leaves as they are but a reader (or a model's tokenizer) cannot see. */
const UNSEEN_IN_JSON =
    /[\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/**
 * Server data for a prompt: each value as JSON on a line of its own, in a fenced block that
 * nothing inside can close, so a name reads as a value and not as words of the prompt. Exact:
 * invisible and control characters are written as `\uXXXX` escapes, not dropped.
 */
export function jsonLines(values: readonly unknown[]): string {
    const lines = values.map((value) =>
        (JSON.stringify(value) ?? "null").replace(
            UNSEEN_IN_JSON,
            (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
        ),
    );
    return codeBlock(lines.join("\n"), "json");
}
