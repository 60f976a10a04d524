/**
 * Outline and breadcrumbs (document symbols), folding, go to definition, completion of what a
 * statement defines (CTEs, subquery columns) and formatting for HogQL, all from PostHog's parse of the document
 * (parsedDocuments.ts). A statement that does not parse yet is
 * still listed and folded from the statement splitter; it just has no CTEs or subqueries.
 */
import * as vscode from "vscode";
import { lexicalStateAt } from "../hogql/statementSplitter";
import { HogQLFormatter } from "./formattingProvider";
import { HOGQL_LANGUAGE_ID } from "./languageFeatures";
import { definitionAt, foldingRanges, outline, type OutlineNode } from "./outline";
import type { ParsedDocuments } from "./parsedDocuments";
import { HogQLScopeCompletion, SCOPE_TRIGGERS } from "./scopeCompletion";

const WORD = /[A-Za-z_$][\w$]*/;

const SYMBOL_KIND: Record<OutlineNode["kind"], vscode.SymbolKind> = {
    statement: vscode.SymbolKind.Module,
    cte: vscode.SymbolKind.Class,
    subquery: vscode.SymbolKind.Struct,
};

export function registerStructureProviders(parses: ParsedDocuments): vscode.Disposable {
    const selector: vscode.DocumentSelector = { language: HOGQL_LANGUAGE_ID };
    const formatter = new HogQLFormatter(parses);
    return vscode.Disposable.from(
        vscode.languages.registerDocumentSymbolProvider(
            selector,
            new HogQLDocumentSymbols(parses),
            { label: vscode.l10n.t("HogQL") },
        ),
        vscode.languages.registerFoldingRangeProvider(selector, new HogQLFolding(parses)),
        vscode.languages.registerDefinitionProvider(selector, new HogQLDefinitions(parses)),
        vscode.languages.registerCompletionItemProvider(
            selector,
            new HogQLScopeCompletion(parses),
            ...SCOPE_TRIGGERS,
        ),
        vscode.languages.registerDocumentFormattingEditProvider(selector, formatter),
        vscode.languages.registerDocumentRangeFormattingEditProvider(selector, formatter),
    );
}

class HogQLDocumentSymbols implements vscode.DocumentSymbolProvider {
    constructor(private readonly parses: ParsedDocuments) {}

    async provideDocumentSymbols(document: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
        const parse = await this.parses.parse(document);
        const toSymbol = (node: OutlineNode): vscode.DocumentSymbol => {
            const range = rangeOf(document, node.start, node.end);
            // The selection must lie inside the range: clamp in case of odd parser positions.
            const selection = range.intersection(rangeOf(document, node.nameStart, node.nameEnd));
            const symbol = new vscode.DocumentSymbol(
                node.name,
                node.detail,
                SYMBOL_KIND[node.kind],
                range,
                selection ?? new vscode.Range(range.start, range.start),
            );
            symbol.children = node.children.map(toSymbol);
            return symbol;
        };
        return outline(parse).map(toSymbol);
    }
}

class HogQLFolding implements vscode.FoldingRangeProvider {
    constructor(private readonly parses: ParsedDocuments) {}

    async provideFoldingRanges(document: vscode.TextDocument): Promise<vscode.FoldingRange[]> {
        const parse = await this.parses.parse(document);
        // VS Code keeps one fold per start line; a CTE on its statement's first line (`WITH x AS
        // (`) is the more useful one, and children come after their parents here.
        const byStartLine = new Map<number, vscode.FoldingRange>();
        for (const { start, end } of foldingRanges(parse)) {
            const first = document.positionAt(start).line;
            const last = document.positionAt(end).line;
            if (last > first)
                byStartLine.set(
                    first,
                    new vscode.FoldingRange(first, last, vscode.FoldingRangeKind.Region),
                );
        }
        return [...byStartLine.values()];
    }
}

class HogQLDefinitions implements vscode.DefinitionProvider {
    constructor(private readonly parses: ParsedDocuments) {}

    async provideDefinition(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): Promise<vscode.Location | undefined> {
        const wordRange = document.getWordRangeAtPosition(position, WORD);
        if (!wordRange) return undefined;
        const offset = document.offsetAt(wordRange.start);
        if (lexicalStateAt(document.getText(), offset + 1).kind !== "code") return undefined;
        const parse = await this.parses.parse(document);
        const definition = definitionAt(parse, offset, document.getText(wordRange));
        if (!definition) return undefined;
        return new vscode.Location(
            document.uri,
            rangeOf(document, definition.start, definition.end),
        );
    }
}

function rangeOf(document: vscode.TextDocument, start: number, end: number): vscode.Range {
    return new vscode.Range(document.positionAt(start), document.positionAt(end));
}
