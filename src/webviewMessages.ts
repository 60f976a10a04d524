// The extension host's door for what webviews send: each message is checked against its page's
// protocol (a JTD schema typed by the protocol's union, see validator.ts) before any handler sees
// it; an unknown or malformed message is logged in one short line and dropped. A page's own log
// lines reach the log channel only through its level methods. Pure: no `vscode` import.
import type { JTDSchemaType, SomeJTDSchemaType } from "ajv/dist/jtd";
import { lazyCheck } from "./validatorLoader";

/** The levels a page may log at: the log channel's level methods, and nothing else of it. */
export type PageLogLevel = "trace" | "debug" | "info" | "warn" | "error";

/** What the door needs of the log channel (`vscode.LogOutputChannel` has all of it). */
export type PageLogSink = Record<PageLogLevel, (message: string) => void>;

/** The most characters of a page's log line that reach the log. */
export const PAGE_LOG_CHARS = 4000;

/** Writes a page's log line at `level`, cut to {@link PAGE_LOG_CHARS}. */
export function pageLog(log: PageLogSink, level: PageLogLevel, text: string): void {
    const line =
        text.length > PAGE_LOG_CHARS
            ? `${text.slice(0, PAGE_LOG_CHARS)}… (${text.length} characters)`
            : text;
    // Named one by one: the level comes from the page, and must never pick another method.
    switch (level) {
        case "trace":
            return log.trace(line);
        case "debug":
            return log.debug(line);
        case "info":
            return log.info(line);
        case "warn":
            return log.warn(line);
        case "error":
            return log.error(line);
    }
}

/**
 * A function that returns a message from `page` when it fits `schema`, and otherwise logs why
 * (naming the page, the message's type when it is a plain word, and the first problem, never the
 * content) and returns undefined. It never throws.
 */
export function messageGate<T>(
    page: string,
    schema: JTDSchemaType<T>,
    log: Pick<PageLogSink, "warn">,
): (message: unknown) => T | undefined {
    const check = lazyCheck(schema as SomeJTDSchemaType);
    return (message) => {
        let problem: string | undefined;
        try {
            problem = check(message);
        } catch (error) {
            problem = `could not be checked (${String(error).slice(0, 200)})`;
        }
        if (problem === undefined) return message as T;
        // The kind, when the message has one of the protocol's (they are plain words).
        const type = (message as { type?: unknown } | null)?.type;
        const kind =
            typeof type === "string" &&
            /^[A-Za-z]{1,40}$/.test(type) &&
            !problem.startsWith("unknown")
                ? ` of type "${type}"`
                : "";
        log.warn(`${page}: dropped a message${kind}: ${problem}`);
        return undefined;
    };
}
