/**
 * A HogQL file parsed statement by statement with PostHog's parser. The file is split on `;` by
 * the lexical scanner (hogql/statementSplitter.ts), because PostHog parses one SELECT at a time:
 * each statement is parsed exactly as the service would receive it when run. Pure: the parse
 * function is injected, so this is unit-tested in plain Node against the real parser.
 */
import { splitStatements, type Statement } from "../statementSplitter";
import type { Parsed, HogQLSyntaxError } from "./parseResult";

export interface ParsedStatement extends Statement {
    /** The parse of `text`; AST and error offsets are relative to `start`. */
    parsed: Parsed;
}

export interface DocumentParse {
    text: string;
    statements: ParsedStatement[];
}

export type ParseFunction = (statement: string) => Promise<Parsed>;

export async function parseDocument(text: string, parse: ParseFunction): Promise<DocumentParse> {
    const statements = await Promise.all(
        splitStatements(text).map(async (statement) => ({
            ...statement,
            parsed: await parse(statement.text),
        })),
    );
    return { text, statements };
}

/** The syntax errors of a parsed document, with offsets into the whole document. */
export function syntaxErrors(parse: DocumentParse): HogQLSyntaxError[] {
    return parse.statements.flatMap((statement) =>
        statement.parsed.ok
            ? []
            : [
                  {
                      message: statement.parsed.error.message,
                      start: statement.start + statement.parsed.error.start,
                      end: statement.start + statement.parsed.error.end,
                  },
              ],
    );
}
