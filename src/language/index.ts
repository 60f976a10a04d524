import type { CommandSpec } from "../commands";
import type { Ctx } from "../ctx";
import { SchemaCache } from "./dataSource";
import { HogQLDiagnostics } from "./diagnostics";
import { registerHogQLLanguageFeatures } from "./languageFeatures";
import { LiveValidation } from "./liveValidation";

let schema: SchemaCache | undefined;

/**
 * Completion, hover, diagnostics and live validation for `.hogql` files. Nothing is fetched until
 * completion asks for names (or live validation is on and a file is edited).
 */
export function registerLanguage(ctx: Ctx): void {
    schema = ctx.push(new SchemaCache(ctx));
    const diagnostics = ctx.push(new HogQLDiagnostics());
    ctx.diagnostics = diagnostics;
    ctx.push(registerHogQLLanguageFeatures(schema));
    ctx.push(new LiveValidation(ctx, diagnostics));
}

/** The completion data, for the refresh command and tests. */
export function schemaCache(): SchemaCache | undefined {
    return schema;
}

export const languageCommands: readonly CommandSpec[] = [
    {
        id: "posthog-workbench.refreshSchema",
        title: "Refresh HogQL Schema",
        run: async (ctx) => {
            await schema?.refresh();
            const tables = schema?.tables().length ?? 0;
            void ctx.ui.info(
                `HogQL completion knows ${tables} tables, ${schema?.eventNames().length ?? 0} events and ${schema?.propertyNames().length ?? 0} properties.`,
            );
        },
    },
];
