import type * as vscode from "vscode";
import { registerOnFirstDocument } from "../activationOnFirstDocument";
import type { DisposablesDep } from "../deps";
import { lazily } from "../lazily";
import type { SchemaCache, SchemaCacheDeps } from "./dataSource";
import { HogQLDiagnostics } from "./diagnostics";
import { catalogueLoaded } from "./functionCatalogue";
import type { LiveValidationDeps } from "./liveValidation";
import { ParsedDocuments } from "./parsedDocuments";
import { tableCatalogueLoaded } from "./tableCatalogue";

/** What the language pieces are built from. */
export interface HogQLLanguageDeps extends DisposablesDep, SchemaCacheDeps {
    readonly extension: Pick<vscode.ExtensionContext, "extensionPath">;
}

/** What registering the language uses: its pieces, and what its validators read. */
export interface LanguageRegistrationDeps extends DisposablesDep, LiveValidationDeps {
    readonly language: HogQLLanguage;
}

/**
 * The HogQL language pieces the context owns: completion data, the error ranges the query
 * runner and live validation report, and the parses of open documents (PostHog's parser, which
 * starts on first use). Cheap to build: nothing is fetched or parsed until a HogQL file asks.
 */
export class HogQLLanguage {
    /**
     * The completion data, built when first asked for (the first HogQL document, or the refresh
     * command): its code stays out of activation.
     */
    readonly schema: () => Promise<SchemaCache>;
    readonly diagnostics: HogQLDiagnostics;
    readonly parsed: ParsedDocuments;

    constructor(deps: HogQLLanguageDeps) {
        this.schema = lazily(async () => {
            const { SchemaCache } = await import("./dataSource");
            const cache = deps.push(new SchemaCache(deps));
            // Built when a HogQL document has just opened: its own open listener missed that
            // one, so it warms now.
            cache.warm();
            return cache;
        });
        this.diagnostics = deps.push(new HogQLDiagnostics());
        this.parsed = deps.push(new ParsedDocuments(deps.extension.extensionPath));
    }

    /**
     * Whether PostHog's function or table catalogue has been read; read on first use, never at
     * activation.
     */
    get catalogueLoaded(): boolean {
        return catalogueLoaded() || tableCatalogueLoaded();
    }
}

/**
 * Registers completion, hover, offline syntax errors (PostHog's parser), diagnostics, live
 * validation, the outline and folding for `.hogql` files, on the context's language pieces: with
 * the first HogQL document (a notebook's HogQL cell is one), when their code (./registration.ts)
 * loads. Activation itself only waits for that document.
 */
export function registerLanguage(deps: LanguageRegistrationDeps): void {
    registerOnFirstDocument(
        deps,
        "the HogQL language features",
        (document) => document.languageId === "hogql",
        () => Promise.all([import("./registration"), deps.language.schema()]),
        ([m, schema]) => m.registerLanguageFeatures(deps, schema),
    );
}
