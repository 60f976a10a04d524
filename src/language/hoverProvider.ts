/** Hover for HogQL: one line of help for a function or keyword, the columns of a table. */
import * as vscode from "vscode";
import { lexicalStateAt } from "../hogql/statementSplitter";
import { hoverMarkdown } from "./hoverText";
import type { HogQLDataSource } from "./languageFeatures";

const WORD = /[A-Za-z_$][\w$]*/;

export class HogQLHoverProvider implements vscode.HoverProvider {
    constructor(private readonly source: HogQLDataSource) {}

    provideHover(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): vscode.Hover | undefined {
        const range = document.getWordRangeAtPosition(position, WORD);
        if (!range) return undefined;
        const text = document.getText();
        const start = document.offsetAt(range.start);
        if (lexicalStateAt(text, start + 1).kind !== "code") return undefined;
        // After a dot the word is a property or column, not a function or keyword.
        if (text[start - 1] === ".") return undefined;
        const word = document.getText(range);
        const isCall = /^\s*\(/.test(text.slice(document.offsetAt(range.end)));
        const markdown = hoverMarkdown(word, isCall, this.source.tables());
        // Not trusted, and no HTML or theme icons: the table's names are the server's.
        return markdown ? new vscode.Hover(new vscode.MarkdownString(markdown), range) : undefined;
    }
}
