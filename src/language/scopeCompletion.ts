/**
 * Completion of what the statement itself defines, next to the schema-based completion
 * (completionProvider.ts; VS Code merges both lists): the columns of a subquery or CTE after
 * `alias.`, and CTE names after FROM or JOIN. The names come from PostHog's parse of the
 * statement, or of its last version that parsed while the user is mid-edit; CTE names fall back
 * to the scanner.
 */
import * as vscode from "vscode";
import { lexicalStateAt, splitStatements } from "../hogql/statementSplitter";
import type { ParsedDocuments } from "./parsedDocuments";
import { scannedCteNames, scopeOf, type StatementScope } from "./scope";

const QUALIFIED = /(?:^|[^\w$.])([A-Za-z_$][\w$]*)\.([\w$]*)$/;
const AFTER_FROM = /\b(?:from|join)\s+([\w$]*)$/i;

export const SCOPE_TRIGGERS = [".", " "];

export class HogQLScopeCompletion implements vscode.CompletionItemProvider {
    constructor(private readonly parses: ParsedDocuments) {}

    provideCompletionItems(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): vscode.CompletionItem[] {
        const text = document.getText();
        const offset = document.offsetAt(position);
        if (lexicalStateAt(text, offset).kind !== "code") return [];
        const statements = splitStatements(text);
        const index = statements.findIndex((s) => s.start <= offset && offset <= s.end + 1);
        if (index < 0) return [];
        const before = text.slice(statements[index].start, offset);
        const scope = this.scope(document, index);

        const qualified = QUALIFIED.exec(before);
        if (qualified) {
            const [, qualifier, prefix] = qualified;
            const columns = scope?.subqueries.get(qualifier) ?? scope?.ctes.get(qualifier) ?? [];
            return columns.map((name) =>
                item(name, vscode.CompletionItemKind.Field, position, prefix),
            );
        }
        const from = AFTER_FROM.exec(before);
        if (from) {
            const names = new Set([
                ...(scope ? scope.ctes.keys() : []),
                ...scannedCteNames(statements[index].text),
            ]);
            return [...names].map((name) =>
                item(name, vscode.CompletionItemKind.Module, position, from[1], "CTE"),
            );
        }
        return [];
    }

    private scope(document: vscode.TextDocument, index: number): StatementScope | undefined {
        const current = this.parses.current(document)?.statements[index];
        const statement = current?.parsed.ok
            ? current
            : this.parses.lastParsedStatement(document, index);
        return statement?.parsed.ok ? scopeOf(statement.parsed.ast) : undefined;
    }
}

function item(
    name: string,
    kind: vscode.CompletionItemKind,
    position: vscode.Position,
    prefix: string,
    detail?: string,
): vscode.CompletionItem {
    const completion = new vscode.CompletionItem(name, kind);
    completion.range = new vscode.Range(position.translate(0, -prefix.length), position);
    // Before the schema's names: these are what this statement itself defines.
    completion.sortText = `0${name}`;
    if (detail) completion.detail = detail;
    return completion;
}
