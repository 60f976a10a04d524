/**
 * Parses of open HogQL documents by PostHog's parser, one per document version, shared by the
 * syntax diagnostics, the outline, folding, definitions and completion. The parser (a worker
 * thread, see parser/parserWorker.ts) starts on the first request, never during activation, and
 * its client and the statement splitting load then too.
 */
import { join } from "node:path";
import * as vscode from "vscode";
import type { DocumentParse, ParsedStatement } from "../hogql/parser/documentParse";
import type { HogQLParserClient } from "../hogql/parser/parserClient";
import type { Parsed } from "../hogql/parser/parseResult";

/** The parser's client, and how a document is split and parsed with it. */
interface Parser {
    client: HogQLParserClient;
    parseDocument: typeof import("../hogql/parser/documentParse").parseDocument;
}

interface Entry {
    version: number;
    parse: Promise<DocumentParse>;
    done?: DocumentParse;
}

export class ParsedDocuments implements vscode.Disposable {
    private client: HogQLParserClient | undefined;
    private loading: Promise<Parser> | undefined;
    private readonly entries = new Map<string, Entry>();
    /** Per document, the last statement at each index that parsed (for help while mid-edit). */
    private readonly lastParsed = new Map<string, Map<number, ParsedStatement>>();
    private readonly subscription: vscode.Disposable;

    constructor(private readonly extensionPath: string) {
        this.subscription = vscode.workspace.onDidCloseTextDocument((document) => {
            this.entries.delete(document.uri.toString());
            this.lastParsed.delete(document.uri.toString());
        });
    }

    /** Whether the parser worker has been started (the activation test checks it has not). */
    get parserStarted(): boolean {
        return this.client?.started ?? false;
    }

    /** The parse of the document as it is now; shared by every caller of the same version. */
    parse(document: vscode.TextDocument): Promise<DocumentParse> {
        const key = document.uri.toString();
        const existing = this.entries.get(key);
        if (existing && existing.version === document.version) return existing.parse;
        const text = document.getText();
        const entry: Entry = {
            version: document.version,
            parse: this.parser().then((p) => p.parseDocument(text, (t) => p.client.parse(t))),
        };
        entry.parse.then(
            (done) => {
                entry.done = done;
                const good = this.lastParsed.get(key) ?? new Map<number, ParsedStatement>();
                done.statements.forEach((statement, index) => {
                    if (statement.parsed.ok) good.set(index, statement);
                });
                this.lastParsed.set(key, good);
            },
            () => this.entries.get(key) === entry && this.entries.delete(key),
        );
        this.entries.set(key, entry);
        return entry.parse;
    }

    /** Parses one statement's text (the formatter checks its output with it). */
    async parseStatement(text: string): Promise<Parsed> {
        return (await this.parser()).client.parse(text);
    }

    /** The parser's code, loaded with the first parse; a failed load is tried again next time. */
    private parser(): Promise<Parser> {
        this.loading ??= Promise.all([
            import("../hogql/parser/parserClient"),
            import("../hogql/parser/documentParse"),
        ]).then(
            ([clientModule, documentModule]) => {
                this.client ??= new clientModule.HogQLParserClient(
                    join(this.extensionPath, "dist", "hogqlParser.js"),
                );
                return { client: this.client, parseDocument: documentModule.parseDocument };
            },
            (error: unknown) => {
                this.loading = undefined;
                throw error;
            },
        );
        return this.loading;
    }

    /** The finished parse of this exact version, if there is one (for providers that must not wait). */
    current(document: vscode.TextDocument): DocumentParse | undefined {
        const entry = this.entries.get(document.uri.toString());
        return entry?.version === document.version ? entry.done : undefined;
    }

    /**
     * The statement at `index` as it was when it last parsed: while the user types, the text
     * usually does not parse, but its CTEs and subqueries are mostly still those.
     */
    lastParsedStatement(document: vscode.TextDocument, index: number): ParsedStatement | undefined {
        return this.lastParsed.get(document.uri.toString())?.get(index);
    }

    dispose(): void {
        this.subscription.dispose();
        this.entries.clear();
        this.lastParsed.clear();
        this.client?.dispose();
        this.client = undefined;
        this.loading = undefined;
    }
}
