// The results page's messages to the extension as a JTD schema (src/webviewMessages.ts checks
// each one on arrival). Typed by the protocol's union: tsc fails if the two differ.
import type { JTDSchemaType } from "ajv/dist/jtd";
import type { ColumnLayout } from "../shared/columnLayout";
import type { ChartPrefs, FromWebview, ViewState, WebviewState } from "../shared/resultsProtocol";

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

/** A result's column arrangement (src/shared/columnLayout.ts; the page checks it on restore). */
const columnLayoutSchema: JTDSchemaType<ColumnLayout> = {
    properties: {
        names: { elements: { type: "string" } },
        shown: { elements: { type: "uint32" } },
        frozen: { type: "uint32" },
    },
};

/**
 * One result's view state as the page saved it. Other fields (the page's later additions) pass
 * through: the extension only carries the state back to a page, it reads none of it.
 */
const viewStateSchema: JTDSchemaType<ViewState> = {
    properties: {
        sortColumn: { type: "int32" },
        sortDir: { enum: ["asc", "desc"] },
        filter: { type: "string" },
        widths: { elements: { type: "float64" } },
        scrollTop: { type: "float64" },
        scrollLeft: { type: "float64" },
    },
    optionalProperties: {
        chart: chartPrefsSchema,
        layout: columnLayoutSchema,
        selection: {
            properties: {
                anchorRow: { type: "uint32" },
                anchorCol: { type: "uint32" },
                focusRow: { type: "uint32" },
                focusCol: { type: "uint32" },
                mode: { enum: ["cells", "rows", "columns"] },
            },
        },
    },
    additionalProperties: true,
};

/** The page's whole view state (`vscode.setState`). */
export const webviewStateSchema: JTDSchemaType<WebviewState> = {
    properties: {
        storeKey: { type: "string", nullable: true },
        active: { type: "int32" },
        views: { values: viewStateSchema },
    },
    optionalProperties: { layouts: { values: columnLayoutSchema } },
};

export const fromResultsPageSchema: JTDSchemaType<FromWebview> = {
    discriminator: "type",
    mapping: {
        ready: { properties: {} },
        viewState: { properties: { state: webviewStateSchema } },
        move: { properties: {} },
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
