/**
 * Format Document and Format Selection for HogQL: keywords upper case, one clause per line,
 * subqueries indented (format/layout.ts). Every statement's result is parsed again by PostHog's
 * parser and applied only if the AST is unchanged (format/formatDocument.ts); statements that do
 * not parse are left alone. Format Selection formats the statements the selection touches.
 */
import * as vscode from "vscode";
import type { ParsedDocuments } from "./parsedDocuments";

export class HogQLFormatter
    implements vscode.DocumentFormattingEditProvider, vscode.DocumentRangeFormattingEditProvider
{
    constructor(private readonly parses: ParsedDocuments) {}

    provideDocumentFormattingEdits(document: vscode.TextDocument): Promise<vscode.TextEdit[]> {
        return this.edits(document);
    }

    provideDocumentRangeFormattingEdits(
        document: vscode.TextDocument,
        range: vscode.Range,
    ): Promise<vscode.TextEdit[]> {
        return this.edits(document, document.offsetAt(range.start), document.offsetAt(range.end));
    }

    private async edits(
        document: vscode.TextDocument,
        from?: number,
        to?: number,
    ): Promise<vscode.TextEdit[]> {
        const parse = await this.parses.parse(document);
        // The statements the range touches, whole.
        const touched = parse.statements.filter(
            (s) => from === undefined || to === undefined || (s.end >= from && s.start <= to),
        );
        if (touched.length === 0) return [];
        // The formatter (and the keyword list under it) loads on the first format, not at activation.
        const { formatEdits } = await import("./format/formatDocument");
        const edits = await formatEdits(
            parse,
            (text) => this.parses.parseStatement(text),
            touched[0].start,
            touched[touched.length - 1].end,
        );
        return edits.map(
            (edit) =>
                new vscode.TextEdit(
                    new vscode.Range(
                        document.positionAt(edit.start),
                        document.positionAt(edit.end),
                    ),
                    edit.text,
                ),
        );
    }
}
