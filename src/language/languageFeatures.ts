/**
 * Wires HogQL completion and hover into VS Code for the `hogql` language. The data source is
 * injected so schema, event and property names come from whatever cache the extension keeps;
 * providers only read it, never wait on it, so typing is never blocked by the network.
 */
import * as vscode from "vscode";
import type { InsightVariable } from "../api";
import { lazily } from "../lazily";

/** A table as completion sees it (from the `DatabaseSchemaQuery` kind). */
export interface HogQLTable {
    /** Table name as written in FROM, e.g. `events`. */
    name: string;
    /** Columns with their HogQL type names, e.g. `{ name: "timestamp", type: "datetime" }`. */
    fields: { name: string; type: string }[];
}

/** Names the providers complete. Every call must return at once from a cache. */
export interface HogQLDataSource {
    /** cached, returns at once (possibly empty) and starts a background refresh when stale */
    tables(): HogQLTable[];
    /** Event names from the event definitions; same caching rule. */
    eventNames(): string[];
    /** Property names from the property definitions; same caching rule. */
    propertyNames(): string[];
    /** The project's saved SQL variables (none without `insight_variable:read`); same rule. */
    savedVariables(): InsightVariable[];
}

export const HOGQL_LANGUAGE_ID = "hogql";

/** `.` for properties and columns, `'` and `(` for event names, space after FROM / `event =`. */
export const TRIGGER_CHARACTERS = [".", "'", "(", " "];
/** Characters after which signature help is offered. */
export const SIGNATURE_TRIGGERS = ["(", ","];

/**
 * Registers completion, hover and signature help for `hogql` documents; dispose to remove them.
 * The providers' code (and the function catalogue's help under it) loads on their first call.
 */
export function registerHogQLLanguageFeatures(source: HogQLDataSource): vscode.Disposable {
    const selector: vscode.DocumentSelector = { language: HOGQL_LANGUAGE_ID };
    const completion = lazily(async () => {
        const { HogQLCompletionProvider } = await import("./completionProvider");
        return new HogQLCompletionProvider(source);
    });
    const hover = lazily(async () => {
        const { HogQLHoverProvider } = await import("./hoverProvider");
        return new HogQLHoverProvider(source);
    });
    const signature = lazily(async () => {
        const { HogQLSignatureHelpProvider } = await import("./signatureHelpProvider");
        return new HogQLSignatureHelpProvider();
    });
    return vscode.Disposable.from(
        vscode.languages.registerCompletionItemProvider(
            selector,
            {
                provideCompletionItems: async (...args) =>
                    (await completion()).provideCompletionItems(...args),
            },
            ...TRIGGER_CHARACTERS,
        ),
        vscode.languages.registerHoverProvider(selector, {
            provideHover: async (document, position) =>
                (await hover()).provideHover(document, position),
        }),
        vscode.languages.registerSignatureHelpProvider(
            selector,
            {
                provideSignatureHelp: async (document, position) =>
                    (await signature()).provideSignatureHelp(document, position),
            },
            ...SIGNATURE_TRIGGERS,
        ),
    );
}
