// What webviews send the extension host is checked on arrival (src/webviewMessages.ts): every
// kind of each page's protocol passes when well-formed; an unknown kind, a wrong type, a missing
// or extra field, or anything that is not a message is dropped with one short log line; a page's
// `log` message reaches only the log channel's level methods.
import assert from "node:assert/strict";
import Ajv from "ajv/dist/jtd";
import { fromExperimentPageSchema } from "../../src/experiments/pageMessageSchema";
import { storedOutputSchema } from "../../src/notebook/outputSchema";
import { fromRendererSchema } from "../../src/notebook/rendererMessageSchema";
import { fromResultsPageSchema } from "../../src/resultsPanel/messageSchema";
import { messageGate, PAGE_LOG_CHARS, pageLog, type PageLogLevel } from "../../src/webviewMessages";

type Message = Record<string, unknown> & { type: string };

interface Protocol {
    page: string;
    schema: object;
    /** One well-formed message of every kind (more where a field has several shapes). */
    good: Message[];
    /** Malformed messages a field-by-field mutation would not make. */
    bad: unknown[];
}

const spec = { type: "bar", x: 0, ys: [1, 2], split: -1, log: false };

const protocols: Protocol[] = [
    {
        page: "results view",
        schema: fromResultsPageSchema,
        good: [
            { type: "ready" },
            { type: "bytesWanted", seq: 3 },
            { type: "copy", text: "a\tb", format: "tsv", rows: 1 },
            { type: "copy", format: "csv", rows: 50_000 },
            { type: "export", resultId: "0", format: "ndjson" },
            { type: "export", resultId: "0", format: "csv", columns: [2, 0] },
            { type: "copy", text: "| a |", format: "markdown", rows: 1 },
            { type: "openJson", resultId: "1" },
            { type: "showSql", resultId: "0", dialect: "clickhouse" },
            { type: "log", level: "trace", message: "parsed 0 in 3 ms" },
            { type: "log", level: "error", message: "could not sort" },
            {
                type: "rendered",
                resultId: "0",
                firstPaintMs: 12.5,
                fullyLoadedMs: null,
                worker: true,
            },
            { type: "rendered", resultId: "0", firstPaintMs: 0, fullyLoadedMs: 80, worker: false },
            { type: "chartPrefs", queryText: "SELECT 1", prefs: { view: "chart", spec } },
            { type: "chartPrefs", queryText: "SELECT 1", prefs: { view: "grid", spec: null } },
            { type: "saveChart", format: "png", data: "iVBORw0KGgo=", title: "pageviews" },
            { type: "copyChart", svg: "<svg/>" },
            { type: "move" },
            { type: "viewState", state: { storeKey: null, active: 0, views: {} } },
            {
                type: "viewState",
                state: {
                    storeKey: "k",
                    active: 0,
                    views: {
                        "0": {
                            sortColumn: -1,
                            sortDir: "asc",
                            filter: "",
                            widths: [80.5],
                            scrollTop: 0,
                            scrollLeft: 0,
                            chart: { view: "grid", spec: null },
                            layout: { names: ["a", "b"], shown: [1, 0], frozen: 1 },
                            selection: {
                                anchorRow: 1,
                                anchorCol: 0,
                                focusRow: 2,
                                focusCol: 0,
                                mode: "rows",
                            },
                        },
                    },
                    layouts: { q1: { names: ["a", "b"], shown: [0], frozen: 0 } },
                },
            },
        ],
        bad: [
            { type: "log", level: "show", message: "x" },
            { type: "log", level: "dispose", message: "x" },
            { type: "copy", format: "tsv", rows: -1 },
            { type: "copy", format: "tsv", rows: 1.5 },
            { type: "copy", format: "xlsx", rows: 1 },
            { type: "export", resultId: "0", format: "../../etc" },
            { type: "viewState", state: { storeKey: "k", active: 0, views: { "0": 1 } } },
            {
                type: "viewState",
                state: {
                    storeKey: "k",
                    active: 0,
                    views: {
                        "0": {
                            sortColumn: 0,
                            sortDir: "up",
                            filter: "",
                            widths: [],
                            scrollTop: 0,
                            scrollLeft: 0,
                        },
                    },
                },
            },
            { type: "export", resultId: "0", format: "csv", columns: [-1] },
            { type: "export", resultId: "0", format: "csv", columns: "0,1" },
            { type: "showSql", resultId: "0", dialect: "mysql" },
            { type: "chartPrefs", queryText: "q", prefs: { view: "pie", spec: null } },
            {
                type: "chartPrefs",
                queryText: "q",
                prefs: { view: "chart", spec: { ...spec, type: "pie" } },
            },
            {
                type: "chartPrefs",
                queryText: "q",
                prefs: { view: "chart", spec: { ...spec, ys: ["1"] } },
            },
            {
                type: "chartPrefs",
                queryText: "q",
                prefs: { view: "chart", spec: { ...spec, evil: 1 } },
            },
            {
                type: "rendered",
                resultId: "0",
                firstPaintMs: "1",
                fullyLoadedMs: null,
                worker: true,
            },
        ],
    },
    {
        page: "experiment page",
        schema: fromExperimentPageSchema,
        good: [
            { type: "ready" },
            { type: "action", action: "refresh" },
            { type: "action", action: "openInPostHog" },
            { type: "log", level: "warn", message: "no chart" },
            { type: "rendered", metrics: 2, charts: 4, bands: 1 },
        ],
        bad: [
            { type: "action", action: "runInTerminal" },
            { type: "action", action: "toString" },
            { type: "log", level: "trace", message: "not a level this page has" },
            { type: "log", level: "show", message: "x" },
            { type: "rendered", metrics: -1, charts: 0, bands: 0 },
        ],
    },
    {
        page: "notebook renderer",
        schema: fromRendererSchema,
        good: [
            { type: "chart", outputId: "k1", view: "chart", spec },
            { type: "chart", outputId: "k1", view: "grid", spec: null },
            { type: "copy", text: "a\tb", rows: 2 },
            { type: "saveChart", format: "svg", data: "<svg/>", title: "browser-c" },
            { type: "chartImage", outputId: "k1", png: "data:image/png;base64,iVBORw0KGgo=" },
            { type: "openFull", outputId: "k1" },
            { type: "l10n" },
        ],
        bad: [
            { type: "chart", outputId: "k1", view: "table", spec: null },
            { type: "chart", outputId: "k1", view: "chart", spec: { ...spec, x: "0" } },
            { type: "saveChart", format: "exe", data: "", title: "t" },
            { type: "copy", text: "x" },
        ],
    },
];

/** Malformed in every way besides the kind itself: not messages, unknown or odd kinds. */
const notMessages: unknown[] = [
    null,
    undefined,
    5,
    "ready",
    [],
    [{ type: "ready" }],
    {},
    { type: 5 },
    { type: null },
    { type: "nope" },
    { type: "__proto__" },
    { type: "constructor" },
    { type: "READY" },
];

/** A gate for `schema` that records what it logs. */
function gateOf(protocol: Protocol): { pass: (m: unknown) => unknown; warnings: string[] } {
    const warnings: string[] = [];
    const gate = messageGate(protocol.page, protocol.schema as never, {
        warn: (line: string) => warnings.push(line),
    });
    return { pass: gate, warnings };
}

/** The kinds a discriminator schema names, and the required and optional fields of each. */
function kindsOf(schema: object): Map<string, { required: string[]; optional: string[] }> {
    const mapping = (
        schema as {
            mapping: Record<
                string,
                {
                    properties?: Record<string, unknown>;
                    optionalProperties?: Record<string, unknown>;
                }
            >;
        }
    ).mapping;
    return new Map(
        Object.entries(mapping).map(([kind, form]) => [
            kind,
            {
                required: Object.keys(form.properties ?? {}),
                optional: Object.keys(form.optionalProperties ?? {}),
            },
        ]),
    );
}

/** Each well-formed message broken one field at a time: removed, of another type, or extra. */
function mutations(protocol: Protocol): { what: string; message: unknown }[] {
    const kinds = kindsOf(protocol.schema);
    return protocol.good.flatMap((message) => {
        const fields = kinds.get(message.type);
        assert.ok(fields, `${message.type} is a kind of ${protocol.page}`);
        const out: { what: string; message: unknown }[] = [
            { what: `${message.type} with an extra field`, message: { ...message, extra: 1 } },
        ];
        for (const field of fields.required) {
            const without: Record<string, unknown> = { ...message };
            delete without[field];
            out.push({ what: `${message.type} without ${field}`, message: without });
        }
        for (const field of [...fields.required, ...fields.optional])
            out.push({
                what: `${message.type} with ${field} of the wrong type`,
                message: { ...message, [field]: { not: "right" } },
            });
        return out;
    });
}

describe("webview messages checked on arrival", () => {
    it("every schema is valid JSON Type Definition (the pages', a notebook output's)", function () {
        // The check the extension host skips (see src/validator.ts): ajv's meta-schema.
        this.timeout(30_000);
        const ajv = new Ajv();
        const schemas = [
            ...protocols.map(({ page, schema }) => ({ name: page, schema })),
            { name: "notebook output", schema: storedOutputSchema },
        ];
        for (const { name, schema } of schemas)
            assert.equal(ajv.validateSchema(schema), true, `${name}: ${ajv.errorsText()}`);
    });

    for (const protocol of protocols) {
        describe(protocol.page, () => {
            it("accepts every kind of message when well-formed, and logs nothing", () => {
                const covered = new Set(protocol.good.map((m) => m.type));
                assert.deepEqual(
                    [...kindsOf(protocol.schema).keys()].sort(),
                    [...covered].sort(),
                    "the examples cover every kind of the protocol",
                );
                const { pass, warnings } = gateOf(protocol);
                for (const message of protocol.good)
                    assert.equal(pass(message), message, JSON.stringify(message));
                assert.deepEqual(warnings, []);
            });

            it("drops a missing, mistyped or extra field, and unknown kinds, with one log line each", () => {
                const cases = [
                    ...mutations(protocol),
                    ...protocol.bad.map((message) => ({ what: JSON.stringify(message), message })),
                    ...notMessages.map((message) => ({
                        what: String(JSON.stringify(message)),
                        message,
                    })),
                ];
                const { pass, warnings } = gateOf(protocol);
                for (const { what, message } of cases) {
                    const before = warnings.length;
                    assert.equal(pass(message), undefined, `dropped: ${what}`);
                    assert.equal(warnings.length, before + 1, `one log line for: ${what}`);
                    const line = warnings[before];
                    assert.ok(line.startsWith(`${protocol.page}: dropped a message`), line);
                    assert.doesNotMatch(line, /\n/);
                }
            });
        });
    }

    it("logs a huge or hostile message in one short line, without its content", () => {
        const protocol = protocols[0];
        const { pass, warnings } = gateOf(protocol);
        const huge = "x".repeat(5_000_000);
        const cases: unknown[] = [
            { type: "copy", text: huge, format: "tsv", rows: "1" },
            { type: "copy", text: huge, format: "tsv", rows: 1, [huge]: 1 },
            { type: huge },
            { type: `ready\n[error] forged line ${huge}` },
            { type: "export", resultId: "0", format: `csv\n[error] forged line` },
        ];
        for (const message of cases) assert.equal(pass(message), undefined);
        assert.equal(warnings.length, cases.length);
        for (const line of warnings) {
            assert.ok(line.length < 200, `short: ${line.slice(0, 300)}`);
            assert.doesNotMatch(line, /\n/, "one line: a newline in the data stays escaped");
        }
        assert.match(
            warnings[0],
            /^results view: dropped a message of type "copy": at "\/rows": must be uint32$/,
        );
        assert.match(warnings[1], /unexpected property "\/x{39}…"$/);
        assert.match(warnings[2], /^results view: dropped a message: unknown type "x{40}…"$/);
        assert.match(warnings[3], /unknown type "ready\\n\[error\] forged line x+…"$/);
        assert.match(
            warnings[4],
            /dropped a message of type "export": at "\/format": must be equal to/,
        );
    });

    it("a page's log line calls only the log channel's level methods", () => {
        // Every method a vscode.LogOutputChannel has: only the five levels may be reached.
        const methods = [
            ...["trace", "debug", "info", "warn", "error"],
            ...["append", "appendLine", "replace", "clear", "show", "hide", "dispose"],
        ];
        const calls: string[] = [];
        const channel = Object.fromEntries(
            methods.map((name) => [name, (text: string) => calls.push(`${name}: ${text}`)]),
        ) as unknown as Record<PageLogLevel, (text: string) => void>;
        const gate = messageGate("results view", fromResultsPageSchema, channel);
        const fromPage = (message: unknown) => {
            const checked = gate(message);
            if (checked?.type === "log") pageLog(channel, checked.level, checked.message);
        };
        for (const level of methods) fromPage({ type: "log", level, message: "hello" });
        const levels = ["trace", "debug", "info", "warn", "error"];
        assert.deepEqual(
            calls.filter((c) => c.endsWith(": hello")),
            levels.map((level) => `${level}: hello`),
        );
        const dropped = calls.filter((c) => !c.endsWith(": hello"));
        assert.equal(dropped.length, methods.length - levels.length);
        assert.ok(
            dropped.every((c) =>
                c.startsWith('warn: results view: dropped a message of type "log"'),
            ),
        );
        // A long line is cut.
        calls.length = 0;
        pageLog(channel, "info", "y".repeat(PAGE_LOG_CHARS * 3));
        assert.equal(calls.length, 1);
        assert.ok(calls[0].length < PAGE_LOG_CHARS + 50, `${calls[0].length}`);
    });
});
