// The results page's messages to the extension as a JTD schema (src/webviewMessages.ts checks
// each one on arrival). Typed by the protocol's union: tsc fails if the two differ.
import type { JTDSchemaType } from "ajv/dist/jtd";
import type { ChartPrefs, FromWebview } from "../shared/resultsProtocol";

/** A grid-or-chart choice (resultsProtocol.ts ChartPrefs); the notebook's renderer sends it too. */
export const chartPrefsSchema: JTDSchemaType<ChartPrefs> = {
    properties: {
        view: { enum: ["grid", "chart"] },
        spec: {
            properties: {
                type: {
                    enum: ["line", "bar", "stackedBar", "area", "scatter", "number", "heatmap"],
                },
                // Column indices; -1 is the row number (x) or no split.
                x: { type: "int32" },
                ys: { elements: { type: "uint32" } },
                split: { type: "int32" },
                log: { type: "boolean" },
            },
            nullable: true,
        },
    },
};

export const fromResultsPageSchema: JTDSchemaType<FromWebview> = {
    discriminator: "type",
    mapping: {
        ready: { properties: {} },
        bytesWanted: { properties: { seq: { type: "uint32" } } },
        copy: {
            properties: {
                format: { enum: ["tsv", "tsvWithHeaders", "csv", "json", "markdown"] },
                rows: { type: "uint32" },
            },
            optionalProperties: { text: { type: "string" } },
        },
        export: {
            properties: {
                resultId: { type: "string" },
                format: { enum: ["csv", "json", "ndjson"] },
            },
            optionalProperties: { columns: { elements: { type: "uint32" } } },
        },
        openJson: { properties: { resultId: { type: "string" } } },
        showSql: {
            properties: {
                resultId: { type: "string" },
                dialect: { enum: ["hogql", "clickhouse"] },
            },
        },
        log: {
            properties: {
                level: { enum: ["trace", "debug", "info", "warn", "error"] },
                message: { type: "string" },
            },
        },
        rendered: {
            properties: {
                resultId: { type: "string" },
                firstPaintMs: { type: "float64" },
                fullyLoadedMs: { type: "float64", nullable: true },
                worker: { type: "boolean" },
            },
        },
        chartPrefs: { properties: { queryText: { type: "string" }, prefs: chartPrefsSchema } },
        saveChart: {
            properties: {
                format: { enum: ["png", "svg"] },
                data: { type: "string" },
                title: { type: "string" },
            },
        },
        copyChart: { properties: { svg: { type: "string" } } },
    },
};
