import type { Ctx } from "../ctx";
import { SchemaCache } from "./dataSource";
import { HogQLDiagnostics } from "./diagnostics";
import { registerHogQLLanguageFeatures } from "./languageFeatures";
import { LiveValidation } from "./liveValidation";

let schema: SchemaCache | undefined;

/**
 * Completion, hover, diagnostics and live validation for `.hogql` files. Cheap to call at
 * activation: nothing is fetched until a HogQL file is open or completion asks for names.
 */
export function registerLanguage(ctx: Ctx): void {
    const cache = ctx.push(new SchemaCache(ctx));
    schema = cache;
    ctx.push({
        dispose: () => {
            if (schema === cache) schema = undefined;
        },
    });
    const diagnostics = ctx.push(new HogQLDiagnostics());
    ctx.diagnostics = diagnostics;
    ctx.push(registerHogQLLanguageFeatures(cache));
    ctx.push(new LiveValidation(ctx, diagnostics));
}

/** The completion data of the running extension (the refresh command and tests). */
export function schemaCache(): SchemaCache | undefined {
    return schema;
}
