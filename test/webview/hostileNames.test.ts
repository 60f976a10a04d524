// The hostile-names corpus (test/fixtures/hostile-names.json) through every page, in headless
// Chromium with each page's own CSP: the experiment page (names of the experiment, its metric,
// variant, holdout, saved metric, creator, flag), the results page (a column's name, a tab's
// title, a chart's legend, axis and export) and the notebook renderer (a column's name). For each
// name: the page builds the same elements it builds for a plain name (nothing is made from a
// name: no link, image, script), no attribute appears that a plain name's page lacks, the text
// shown is the name without its invisible controls, and nothing runs.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";
import type { Experiment, TimeseriesResults } from "../../src/api";
import { fromRendererSchema } from "../../src/notebook/rendererMessageSchema";
import { resultBytes, storedResult } from "../../src/notebook/resultOutput";
import { ObjectScanner } from "../../src/shared/json/responseScan";
import { fromExperimentPageSchema } from "../../src/experiments/pageMessageSchema";
import { experimentPageData, type MetricResults } from "../../src/experiments/pageData";
import type { ExperimentPageData } from "../../src/shared/experimentPageProtocol";
import { withoutControls } from "../../src/shared/plainText";
import { hostileNames } from "../hostile/liveMarkup";
import { exportSvg } from "./chartPage";
import { buildExperimentPage, serveExperimentPage } from "./experimentBuild";
import { typedResponse } from "./fixtures";
import { closeWithoutErrors, loadResults, nextFrame, openPage, recordErrors } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare const DOMParser: any;

const root = path.resolve(__dirname, "../../..");
const names = hostileNames();
const PLAIN = "Plain name";
/** Bidi controls, zero-width characters and C0/C1 controls (line breaks and tabs aside). */
const UNSEEN =
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/** What a name must never become. */
const DANGEROUS =
    "a, img, script:not([nonce]), iframe, object, embed, form, style, link, meta[http-equiv='refresh'], svg image, foreignObject";

/** What a part of a page is made of: element counts by tag, and every attribute name used. */
interface Shape {
    tags: Record<string, number>;
    attributes: string[];
    dangerous: number;
}

function shapeOf(page: Page, selector: string): Promise<Shape> {
    return page.evaluate(
        ({ selector, dangerous }) => {
            const tags: Record<string, number> = {};
            const attributes = new Set<string>();
            for (const part of document.querySelectorAll(selector))
                for (const e of [part, ...part.querySelectorAll("*")]) {
                    tags[e.tagName] = (tags[e.tagName] ?? 0) + 1;
                    for (const a of e.getAttributeNames()) attributes.add(a);
                }
            return {
                tags,
                attributes: [...attributes].sort(),
                dangerous: document.querySelectorAll(dangerous).length,
            };
        },
        { selector, dangerous: DANGEROUS },
    );
}

/** The same elements as the plain name's page, no attribute it lacks, nothing dangerous. */
function assertSameShape(shape: Shape, plain: Shape, what: string): void {
    assert.equal(shape.dangerous, 0, `${what}: a dangerous element`);
    assert.deepEqual(shape.tags, plain.tags, `${what}: the elements a plain name makes`);
    const extra = shape.attributes.filter((a) => !plain.attributes.includes(a));
    assert.deepEqual(extra, [], `${what}: attributes a plain name does not make`);
}

const shown = (name: string) => withoutControls(name);

// ---- the experiment page ----

const metric = (uuid: string, name: string) => ({
    kind: "ExperimentMetric",
    uuid,
    name,
    metric_type: "funnel",
    fingerprint: `fp-${uuid}`,
});

function experimentWith(name: string): Experiment {
    return {
        id: 42,
        name,
        description: name,
        start_date: "2026-08-01T12:00:00Z",
        end_date: null,
        conclusion_comment: name,
        feature_flag_key: name,
        feature_flag: {
            id: 1,
            key: name,
            name: "",
            active: true,
            filters: {
                groups: [{ rollout_percentage: 100 }],
                multivariate: {
                    variants: [
                        { key: "control", rollout_percentage: 50 },
                        { key: name, rollout_percentage: 50 },
                    ],
                },
            },
        } as Experiment["feature_flag"],
        created_by: { id: 1, uuid: "u", distinct_id: "d", first_name: name, email: "a@b.c" },
        holdout: { id: 7, name },
        saved_metrics: [{ id: 1, experiment: 42, saved_metric: 9, name }],
        archived: false,
        created_at: "2026-07-30T10:00:00Z",
        updated_at: "2026-08-10T10:00:00Z",
        status: "running",
        metrics: [metric("m-1", name)],
    } as Experiment;
}

function resultsWith(variant: string): TimeseriesResults {
    const days = ["2026-08-01", "2026-08-02", "2026-08-03"];
    const timeseries = Object.fromEntries(
        days.map((d, i) => [
            d,
            {
                baseline: { key: "control", number_of_samples: 100 * (i + 1), sum: 20 * (i + 1) },
                variant_results: [
                    {
                        key: variant,
                        number_of_samples: 100 * (i + 1),
                        sum: 24 * (i + 1),
                        method: "bayesian",
                        chance_to_win: 0.7,
                        credible_interval: [-0.02, 0.1],
                        significant: false,
                    },
                ],
            },
        ]),
    );
    return { experiment_id: 42, metric_uuid: "m-1", status: "completed", timeseries };
}

function pageDataWith(name: string): ExperimentPageData {
    const results = new Map<string, MetricResults>([
        ["m-1", { kind: "loaded", data: resultsWith(name) }],
    ]);
    return experimentPageData(experimentWith(name), results, null, new Date());
}

describe("hostile names on the experiment page (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;
    let plain: Shape;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({}, buildExperimentPage);
        const url = serveExperimentPage(suite.server);
        page = await suite.browser.newPage({ viewport: { width: 1200, height: 1400 } });
        recordErrors(page, true);
        await page.goto(url);
        await page.waitForFunction(() => window.__posted.some((m: any) => m.type === "ready"));
        plain = await load(PLAIN);
    });

    after(async () => {
        await closeWithoutErrors(page, fromExperimentPageSchema);
        await suite?.close();
    });

    /** Posts the page's data as the extension does and waits until it is drawn. */
    async function load(name: string): Promise<Shape> {
        const data = pageDataWith(name);
        await page.evaluate((d) => {
            window.__posted = [];
            window.postMessage({ type: "load", data: d }, "*");
        }, data);
        await page.waitForFunction(() => window.__posted.some((m: any) => m.type === "rendered"));
        await nextFrame(page);
        const rendered = await page.evaluate(() =>
            window.__posted.find((m: any) => m.type === "rendered"),
        );
        assert.deepEqual(rendered, { type: "rendered", metrics: 1, charts: 2, bands: 1 });
        return shapeOf(page, "#app");
    }

    for (const { name, why } of names) {
        it(`shows ${why} as text, and makes nothing of it`, async () => {
            const shape = await load(name);
            assertSameShape(shape, plain, why);
            const seen = await page.evaluate(() => {
                const text = (selector: string) =>
                    [...document.querySelectorAll(selector)].map((e: any) => e.textContent);
                return {
                    title: document.querySelector("h1").firstChild.textContent,
                    description: text("header p.description"),
                    metric: document.querySelector("article.metric h3").firstChild.textContent,
                    variants: [...document.querySelectorAll("tr[data-variant]")].map((tr: any) => [
                        tr.dataset.variant,
                        tr.querySelector("td span").textContent,
                    ]),
                    variantTable: text("table.variants td:first-child"),
                    legend: text(".chart-box.lines .u-legend .u-series:not(.band-edge) th"),
                    holdout: text("section.holdout p"),
                    saved: text("section.saved li"),
                    facts: text("table.facts td"),
                    all: document.body.innerText,
                    xss: window.__xss,
                };
            });
            const n = shown(name);
            assert.equal(seen.title, n, "the title");
            assert.deepEqual(seen.description, [n], "the description");
            assert.equal(seen.metric, n, "the metric's name");
            assert.deepEqual(
                seen.variants,
                [
                    ["control", "control"],
                    [n, n],
                ],
                "each variant's row, its attribute holding the key exactly",
            );
            assert.deepEqual(seen.variantTable, ["control", n]);
            assert.deepEqual(seen.legend, [n], "the chart's legend");
            assert.deepEqual(seen.holdout, [`${n} (id 7)`]);
            assert.deepEqual(seen.saved, [`${n} (id 9)`]);
            assert.ok(seen.facts.includes(n), "the conclusion comment");
            assert.ok(seen.facts.includes(`${n} <a@b.c>`), "the creator");
            assert.ok(
                seen.facts.includes(n) && seen.facts.filter((f: string) => f === n).length >= 2,
            );
            assert.doesNotMatch(seen.all, UNSEEN, "no invisible control is shown");
            assert.equal(seen.xss, undefined);
        });
    }
});

// ---- the results page ----

/** A result whose numeric column is named `name` and whose text column holds it. */
const resultWith = (name: string) =>
    typedResponse(
        [
            ["label", "String"],
            [name, "UInt64"],
        ],
        [
            [name, 3],
            ["plain", 2],
        ],
    );

describe("hostile names on the results page (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;
    let plain: Loaded;

    before(async function () {
        this.timeout(120_000);
        const data: Record<string, string> = {
            plain: resultWith(PLAIN).text,
            beside: resultWith(PLAIN).text,
        };
        names.forEach(({ name }, i) => (data[`h${i}`] = resultWith(name).text));
        suite = await startWebviewSuite(data);
        page = await openPage(suite.browser, suite.server);
        plain = await load("plain", PLAIN);
    });

    after(async () => {
        await closeWithoutErrors(page);
        await suite?.close();
    });

    interface Loaded {
        bar: Shape;
        chart: Shape;
        /** What the grid's header, the tabs and the chart show. */
        seen: {
            tabs: string[];
            tabTitles: string[];
            header: string[];
            headerTitles: string[];
            legend: string[];
            ys: string[];
            chrome: string;
        };
    }

    /**
     * Loads the result as a tab titled `name` beside a plain one, reads the grid, then shows the
     * chart (and leaves it shown: the next load starts by going back to the grid).
     */
    async function load(id: string, name: string): Promise<Loaded> {
        if (await page.locator(".chart:not([hidden])").count()) {
            await page.keyboard.press("Alt+KeyC");
            await page.locator(".grid:not([hidden])").waitFor();
        }
        await loadResults(page, [
            { name: id, fixture: resultWith(name), title: name },
            { name: "beside", fixture: resultWith(PLAIN), title: PLAIN },
        ]);
        const texts = (selector: string): Promise<string[]> =>
            page.$$eval(selector, (els: any[]) => els.map((e) => e.textContent));
        const titles = (selector: string): Promise<string[]> =>
            page.$$eval(selector, (els: any[]) => els.map((e) => e.title));
        const bar = await shapeOf(page, ".toolbar, .hrow");
        const grid = {
            tabs: await texts("vscode-tab-header"),
            tabTitles: await titles("vscode-tab-header"),
            header: await texts(".hcell .hname"),
            headerTitles: await titles(".hcell"),
        };
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => {
            const c = document.querySelector(".chart");
            return c && !c.hidden && c.dataset.drawMs;
        });
        await nextFrame(page);
        const chart = await shapeOf(page, ".chart");
        const seen = {
            ...grid,
            legend: await texts(".chart .u-legend .u-series th"),
            ys: await texts(".chart-y"),
            chrome: await page.evaluate(() =>
                [".toolbar", ".hrow", ".chart-controls", ".u-legend"]
                    .map((s) => document.querySelector(s)?.innerText ?? "")
                    .join("\n"),
            ),
        };
        return { bar, chart, seen };
    }

    for (const [i, { name, why }] of names.entries()) {
        it(`shows ${why} as a column's name, a tab's title and a chart's labels`, async () => {
            const { bar, chart, seen } = await load(`h${i}`, name);
            assertSameShape(bar, plain.bar, `${why}: toolbar and header`);
            assertSameShape(chart, plain.chart, `${why}: chart`);
            const n = shown(name);
            assert.deepEqual(seen.tabs, [n, PLAIN], "the tabs");
            assert.equal(seen.tabTitles[0], `select * from h${i}`);
            assert.deepEqual(seen.header, ["label", n], "the column headers");
            assert.equal(seen.headerTitles[1], `${n}: UInt64`);
            assert.ok(seen.legend.includes(n), `the legend: ${JSON.stringify(seen.legend)}`);
            assert.ok(seen.ys.includes(` ${n}`), "the y column chooser");
            assert.doesNotMatch(seen.chrome, UNSEEN, "no invisible control is shown");
            assert.equal(await page.evaluate(() => window.__xss), undefined);
            // The exported SVG is a well-formed file with nothing in it but the drawing.
            const svg = await exportSvg(page);
            const parsed = await page.evaluate((text) => {
                const doc = new DOMParser().parseFromString(text, "image/svg+xml");
                return {
                    error: doc.querySelector("parsererror")?.textContent ?? null,
                    tags: [...new Set([...doc.querySelectorAll("*")].map((e: any) => e.tagName))],
                };
            }, svg);
            assert.equal(parsed.error, null, "the SVG parses");
            const drawing = ["svg", "title", "rect", "g", "line", "path", "text", "polyline"];
            assert.deepEqual(
                parsed.tags.filter((t: string) => !drawing.includes(t)),
                [],
                "only drawing elements",
            );
            assert.doesNotMatch(svg, UNSEEN, "no invisible control in the file");
        });
    }
});

// ---- the notebook renderer ----

const NOTEBOOK_PAGE = `<!doctype html><html><head><meta charset="utf-8"></head>
<body class="vscode-dark"><div id="out"></div>
<script type="module" nonce="test">
import { activate } from "/dist/notebook.js";
const renderer = activate({ postMessage: () => undefined, onDidReceiveMessage: () => ({ dispose() {} }) });
window.__render = (id, bytes) => {
    const element = document.createElement("div");
    element.id = "output-" + id;
    document.getElementById("out").append(element);
    renderer.renderOutputItem({ id, metadata: { key: id }, mime: "application/json", data: () => bytes }, element);
};
window.__ready = true;
</script></body></html>`;

/** A notebook output's bytes, as the controller stores a result with these columns. */
function outputWith(name: string): number[] {
    const columns = ["label", name];
    const types = [
        ["String", "String"],
        ["UInt64", "UInt64"],
    ];
    const text = JSON.stringify({ columns, types, results: [[name, 3]], hasMore: false });
    const bytes = new TextEncoder().encode(text);
    const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
    const result = storedResult(
        {
            bytes,
            head: { columns, types, hasMore: false },
            rowStarts: scan.rowStarts,
            rowEnds: scan.rowEnds,
        },
        100,
    );
    return [...resultBytes(result)];
}

describe("hostile names in the notebook renderer (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;
    let plain: Shape;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({}, () => {
            execFileSync(
                process.execPath,
                [path.join(root, "bench", "buildWebview.mjs"), "notebook"],
                { cwd: root },
            );
        });
        suite.server.setPage("notebook", NOTEBOOK_PAGE);
        page = await suite.browser.newPage({ viewport: { width: 1100, height: 800 } });
        recordErrors(page);
        await page.goto(`${suite.server.origin}/page/notebook.html`);
        await page.waitForFunction(() => window.__ready === true);
        plain = await render("plain", PLAIN);
    });

    after(async () => {
        await closeWithoutErrors(page, fromRendererSchema);
        await suite?.close();
    });

    async function render(id: string, name: string): Promise<Shape> {
        await page.evaluate(({ id, bytes }) => window.__render(id, new Uint8Array(bytes)), {
            id,
            bytes: outputWith(name),
        });
        await page.locator(`#output-${id} .row .cell`).first().waitFor();
        await nextFrame(page);
        return shapeOf(page, `#output-${id} .phnb-bar, #output-${id} .hrow`);
    }

    for (const [i, { name, why }] of names.entries()) {
        it(`shows ${why} as a column's name`, async () => {
            const shape = await render(`h${i}`, name);
            assertSameShape(shape, plain, why);
            const header = await page.$$eval(`#output-h${i} .hcell .hname`, (cells: any[]) =>
                cells.map((c) => c.textContent),
            );
            assert.deepEqual(header, ["label", shown(name)]);
            assert.equal(await page.evaluate(() => window.__xss), undefined);
        });
    }
});
