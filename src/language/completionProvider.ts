/**
 * HogQL completion: keywords and functions from the catalog, tables, columns, event and property
 * names from the injected data source. What to offer is decided by completionContext.ts.
 */
import * as vscode from "vscode";
import { CompletionContext, completionContextAt } from "./completionContext";
import {
    HOGQL_CONSTANTS,
    HOGQL_KEYWORDS,
    combinatorsPending,
    completionFunctions,
} from "./hogqlCatalog";
import type { InsightVariable } from "../api";
import { oneLine } from "../shared/plainText";
import { describeVariable } from "../query/savedVariables";
import type { HogQLDataSource, HogQLTable } from "./languageFeatures";

const SIMPLE_IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Sort groups: what the schema knows first, then functions, then keywords. */
const SORT = { column: "0", table: "0", value: "0", function: "1", keyword: "2" };

export class HogQLCompletionProvider implements vscode.CompletionItemProvider {
    constructor(private readonly source: HogQLDataSource) {}

    provideCompletionItems(
        document: vscode.TextDocument,
        position: vscode.Position,
        _token: vscode.CancellationToken,
        trigger: vscode.CompletionContext,
    ): vscode.CompletionItem[] | vscode.CompletionList {
        const tables = this.source.tables();
        const context = completionContextAt(
            document.getText(),
            document.offsetAt(position),
            tables.map((t) => t.name),
        );
        if (!wantedFor(context, trigger)) return [];
        const prefix = "prefix" in context ? lastLine(context.prefix) : "";
        const range = new vscode.Range(position.translate(0, -prefix.length), position);
        switch (context.kind) {
            case "none":
                return [];
            case "event":
                // The data source ranks event names by use; keep its order among equal matches.
                return this.source
                    .eventNames()
                    .map((name, rank) =>
                        valueItem(
                            name,
                            rank,
                            vscode.CompletionItemKind.Event,
                            context.quoted,
                            range,
                        ),
                    );
            case "property":
                return this.source
                    .propertyNames()
                    .map((name) => propertyItem(name, context.quoted, range));
            case "column":
                return columnItems(
                    tables.find((t) => t.name === context.table),
                    range,
                );
            case "variable":
                return this.source.savedVariables().map((v) => variableItem(v, range));
            case "table":
                return tables.map((t) => tableItem(t, range));
            case "general":
                // Incomplete while the word is on its way to a combinator base, so the next
                // keystroke asks again and `sumI` can offer `sumIf`.
                return new vscode.CompletionList(
                    generalItems(tables, context.tables, range, prefix),
                    combinatorsPending(prefix),
                );
        }
    }
}

/**
 * Trigger characters fire often; only answer when the character means something here, so a
 * space in the middle of an expression does not pop up a list.
 */
function wantedFor(context: CompletionContext, trigger: vscode.CompletionContext): boolean {
    if (trigger.triggerKind !== vscode.CompletionTriggerKind.TriggerCharacter) return true;
    switch (trigger.triggerCharacter) {
        case " ":
            return context.kind === "event" || context.kind === "table";
        case "(":
            return context.kind === "event";
        case "'":
            return context.kind === "event" || context.kind === "property";
        default:
            return context.kind !== "general";
    }
}

function lastLine(text: string): string {
    return text.slice(Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r")) + 1);
}

/** A saved variable by code name, with its type and default (what PostHog fills in). */
function variableItem(variable: InsightVariable, range: vscode.Range): vscode.CompletionItem {
    const item = new vscode.CompletionItem(
        { label: variable.code_name, description: describeVariable(variable) },
        vscode.CompletionItemKind.Variable,
    );
    item.insertText = variable.code_name;
    item.filterText = variable.code_name;
    item.detail = oneLine(describeVariable(variable));
    item.documentation = `${oneLine(variable.name)}: a saved SQL variable of this project.`;
    item.range = range;
    item.sortText = SORT.value + variable.code_name;
    return item;
}

/** An event name: bare inside quotes, or as a whole string literal after `event = `. */
function valueItem(
    name: string,
    rank: number,
    kind: vscode.CompletionItemKind,
    quoted: boolean,
    range: vscode.Range,
): vscode.CompletionItem {
    const item = new vscode.CompletionItem(name, kind);
    const escaped = name.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
    item.insertText = quoted ? escaped : `'${escaped}'`;
    item.filterText = name;
    item.range = range;
    item.sortText = SORT.value + String(rank).padStart(6, "0");
    return item;
}

/** A property name; names that are not plain identifiers go in backticks (`properties.\`a b\``). */
function propertyItem(name: string, quoted: boolean, range: vscode.Range): vscode.CompletionItem {
    const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Property);
    if (quoted) {
        item.insertText = name.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
    } else if (!SIMPLE_IDENTIFIER.test(name)) {
        item.insertText = backquoted(name);
    }
    item.filterText = name;
    item.range = range;
    item.sortText = SORT.value + name;
    return item;
}

function columnItems(table: HogQLTable | undefined, range: vscode.Range): vscode.CompletionItem[] {
    return (table?.fields ?? []).map((field) => {
        const item = new vscode.CompletionItem(field.name, vscode.CompletionItemKind.Field);
        item.detail = oneLine(`${field.type} · ${table?.name ?? ""}`);
        if (!SIMPLE_IDENTIFIER.test(field.name)) item.insertText = backquoted(field.name);
        item.range = range;
        item.sortText = SORT.column + field.name;
        return item;
    });
}

/**
 * Escapes in a backquoted identifier: the common escapes of PostHog's grammar
 * (HogQLLexer.g4, ESCAPE_CHAR_COMMON) for a backslash and controls, and a backquote doubled,
 * the one way the grammar reads a backquote there.
 */
const BACKQUOTE_ESCAPES: Record<string, string> = {
    "\b": "\\b",
    "\f": "\\f",
    "\r": "\\r",
    "\n": "\\n",
    "\t": "\\t",
    "\0": "\\0",
    "\x07": "\\a",
    "\v": "\\v",
    "\\": "\\\\",
    "`": "``",
};

/** A name as a HogQL identifier in backquotes, which any character it holds cannot end. */
function backquoted(name: string): string {
    // eslint-disable-next-line no-control-regex -- the controls PostHog escapes
    return `\`${name.replace(/[\b\f\r\n\t\0\x07\v\\`]/g, (c) => BACKQUOTE_ESCAPES[c])}\``;
}

function tableItem(table: HogQLTable, range: vscode.Range): vscode.CompletionItem {
    const item = new vscode.CompletionItem(table.name, vscode.CompletionItemKind.Struct);
    item.detail = `table · ${table.fields.length} columns`;
    item.range = range;
    item.sortText = SORT.table + table.name;
    return item;
}

function generalItems(
    tables: HogQLTable[],
    referenced: string[],
    range: vscode.Range,
    word: string,
): vscode.CompletionItem[] {
    const items: vscode.CompletionItem[] = [];
    // Columns of the tables the statement reads; `events` when it reads none yet.
    const names = referenced.length > 0 ? referenced : ["events"];
    for (const name of names)
        items.push(
            ...columnItems(
                tables.find((t) => t.name === name),
                range,
            ),
        );
    for (const fn of completionFunctions(word)) {
        const item = new vscode.CompletionItem(fn.name, vscode.CompletionItemKind.Function);
        item.detail = fn.signature;
        item.documentation = new vscode.MarkdownString(fn.description);
        item.insertText = new vscode.SnippetString(`${fn.name}($0)`);
        item.range = range;
        item.sortText = SORT.function + fn.name;
        items.push(item);
    }
    for (const keyword of HOGQL_KEYWORDS) {
        const item = new vscode.CompletionItem(keyword, vscode.CompletionItemKind.Keyword);
        item.range = range;
        item.sortText = SORT.keyword + keyword;
        items.push(item);
    }
    for (const constant of HOGQL_CONSTANTS) {
        const item = new vscode.CompletionItem(constant, vscode.CompletionItemKind.Constant);
        item.range = range;
        item.sortText = SORT.keyword + constant;
        items.push(item);
    }
    return items;
}
