// What an output in a `.hogqlnb` file must look like to be shown, as a JTD schema (see
// src/validator.ts): the fields the serializer, the Markdown export and the renderer read, with
// their types. Fields it does not name are allowed (a file written by a later version may have
// more); an output that does not fit is left out when the file is read (fileFormat.ts).
import type { JTDSchemaType, SomeJTDSchemaType } from "ajv/dist/jtd";
import type { ChartPrefs } from "../shared/resultsProtocol";
import { chartPrefsSchema } from "../resultsPanel/messageSchema";
import type { StoredOutput, StoredResult } from "../shared/storedNotebook";

/** A stored result as it is checked: its chart, when it has one, is the renderer's preference. */
type CheckedResult = Omit<StoredResult, "chart"> & { chart?: ChartPrefs };

/**
 * The fields of a result that JTDSchemaType can type: it has no form for an array of any value
 * (`types`, the rows' cells; ajv-validator/ajv#1877), so those two are added below, unchecked by
 * tsc.
 */
const typedResult: JTDSchemaType<Omit<CheckedResult, "types" | "results">> = {
    properties: {
        columns: { elements: { type: "string" } },
        rowCount: { type: "uint32" },
        cap: { type: "uint32" },
    },
    optionalProperties: {
        hasMore: { type: "boolean" },
        limit: { type: "float64", nullable: true },
        chart: chartPrefsSchema,
    },
    additionalProperties: true,
};

/**
 * Any JSON value: a cell holds wide numbers, arrays, maps and tuples as well. Ajv's `elements`
 * skips its own array test when its element schema is this one (it accepts anything), so
 * {@link resultArraysProblem} tests those arrays itself.
 */
const anyValue = {};

const typedOutput: JTDSchemaType<Omit<StoredOutput, "result">> = {
    optionalProperties: {
        markdown: { elements: { type: "string" } },
        error: {
            properties: { name: { type: "string" }, message: { type: "string" } },
            additionalProperties: true,
        },
        text: { elements: { type: "string" } },
    },
    additionalProperties: true,
};

export const storedOutputSchema: SomeJTDSchemaType = {
    optionalProperties: {
        ...(typedOutput as { optionalProperties: Record<string, SomeJTDSchemaType> })
            .optionalProperties,
        result: {
            ...typedResult,
            properties: {
                ...(typedResult as { properties: Record<string, SomeJTDSchemaType> }).properties,
                types: { elements: anyValue },
                results: { elements: { elements: anyValue } },
            },
        },
    },
    additionalProperties: true,
};

/**
 * What ajv does not test of an output that fits {@link storedOutputSchema}: that a result's `types`
 * and each of its rows are arrays (see `anyValue`). Undefined when they are.
 */
export function resultArraysProblem(output: unknown): string | undefined {
    const result = (output as { result?: { types: unknown; results: unknown[] } }).result;
    if (!result) return undefined;
    if (!Array.isArray(result.types)) return 'at "/result/types": must be array';
    const row = result.results.findIndex((r) => !Array.isArray(r));
    return row < 0 ? undefined : `at "/result/results/${row}": must be array`;
}
