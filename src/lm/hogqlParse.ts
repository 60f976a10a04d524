// Checks a HogQL draft with PostHog's own parser: the parser worker the language features start
// (src/hogql/parser/, PostHog's ANTLR grammar compiled to WebAssembly), so the extension loads the
// parser once, off the main thread, and only when it is first needed.
import type { Parsed } from "../hogql/parser/parseResult";

export interface HogQLSyntaxError {
    message: string;
    /** Offsets into the checked text; undefined when the parser gave none. */
    start?: number;
    end?: number;
}

/** What the draft flows need: the syntax error of a drafted statement, if any. */
export type ParseHogQL = (text: string) => Promise<{ error?: HogQLSyntaxError }>;

/** Adapts a statement parser (`ParsedDocuments.parseStatement`, or a parser client) to a draft check. */
export function draftParser(parseStatement: (text: string) => Promise<Parsed>): ParseHogQL {
    return async (text) => {
        const parsed = await parseStatement(text);
        return parsed.ok ? {} : { error: parsed.error };
    };
}

/** The extension's own parser, once the language features are built. */
export interface HogQLParserDep {
    readonly hogqlParser?: { parseStatement(text: string): Promise<Parsed> };
}

/** The draft check of the extension's own parser (registered with the language features). */
export function draftParserOf(deps: HogQLParserDep): ParseHogQL {
    const parser = deps.hogqlParser;
    if (!parser) throw new Error("The HogQL language features are not registered.");
    return draftParser((text) => parser.parseStatement(text));
}
