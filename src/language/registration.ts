import * as vscode from "vscode";
import type { LanguageRegistrationDeps } from ".";
import type { SchemaCache } from "./dataSource";
import { registerHogQLLanguageFeatures } from "./languageFeatures";
import { LiveValidation } from "./liveValidation";
import { registerStructureProviders } from "./structureProviders";
import { SyntaxDiagnostics } from "./syntaxDiagnostics";

/**
 * Completion, hover, offline syntax errors (PostHog's parser), live validation, the outline,
 * folding and formatting for `.hogql` files, on the context's language pieces. Loaded with the
 * first HogQL document (src/language/index.ts), so a workspace without one never loads it.
 */
export function registerLanguageFeatures(
    deps: LanguageRegistrationDeps,
    schema: SchemaCache,
): vscode.Disposable {
    const { diagnostics, parsed } = deps.language;
    return vscode.Disposable.from(
        registerHogQLLanguageFeatures(schema),
        new LiveValidation(deps, diagnostics),
        new SyntaxDiagnostics(deps, parsed),
        registerStructureProviders(parsed),
    );
}
