import * as path from "node:path";
import type { SomeJTDSchemaType } from "ajv/dist/jtd";
import type * as Validator from "./validator";

let loaded: typeof Validator | undefined;

/**
 * The validator (and ajv under it) is a bundle of its own, dist/validator.js, required the first
 * time something is checked, so activation does not pay for it. Beside this file in both builds:
 * dist/ (esbuild) and out/src/ (tsc, the unit tests).
 */
function loadValidator(): typeof Validator {
    // A computed path keeps esbuild from inlining the bundle into extension.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require(path.join(__dirname, "validator.js")) as typeof Validator;
    return loaded;
}

/** Each schema compiled once, however many pages check with it. */
const compiled = new WeakMap<SomeJTDSchemaType, Validator.Check>();

/** A check of `schema` (see validator.ts), compiled the first time any check of it runs. */
export function lazyCheck(schema: SomeJTDSchemaType): Validator.Check {
    return (data) => {
        let check = compiled.get(schema);
        if (!check) {
            check = loadValidator().compileCheck(schema);
            compiled.set(schema, check);
        }
        return check(data);
    };
}
