// Saved queries' natural charts in the results page (headless Chromium): a TrendsQuery opens as
// lines over the days, a FunnelsQuery as bars of its steps with their conversion, a
// RetentionQuery as a cohort heat table, and a trends summary draws its trends in the cells. The
// tables and their chart hints come from the extension's own reshaping (nodeResultTables.ts).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { tablesFor, type Table } from "../../src/savedQueries/nodeResultTables";
import {
    axisLabels,
    chartLegend,
    chartType as chartTypeOf,
    exportSvg as exportSvgOf,
} from "./chartPage";
import { tableMeta, type Fixture } from "./fixtures";
import { applyTheme, closeWithoutErrors, loadResults, nextFrame, openPage } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

declare function getComputedStyle(element: unknown): { backgroundColor: string };

/** The table as the panel hands it to the page. */
function fixture(table: Table): Fixture {
    const meta = tableMeta(
        table.columns,
        table.types.map((t) => t[1]),
        table.results.length,
    );
    return { text: JSON.stringify(table), meta, firstRowsJson: JSON.stringify(table.results) };
}

const days = Array.from({ length: 8 }, (_, i) => `2026-08-0${i + 1}`);
const series = (label: string, data: number[]) => ({
    action: { name: label, order: 0 },
    label,
    count: data.reduce((a, b) => a + b, 0),
    data,
    days,
});
const [trendsByDay, trendsSummary] = tablesFor("TrendsQuery", {
    results: [
        series("Page views", [120, 140, 90, 160, 180, 150, 170, 200]),
        series("Daily visitors", [40, 45, 30, 50, 61, 48, 55, 70]),
    ],
});
const [funnel] = tablesFor("FunnelsQuery", {
    results: [
        { order: 0, name: "$pageview", count: 1000 },
        { order: 1, name: "signup_started", count: 420 },
        { order: 2, name: "signed_up", count: 180 },
    ],
});
const [retention] = tablesFor("RetentionQuery", {
    results: ["2026-08-01", "2026-08-02", "2026-08-03"].map((date, c) => ({
        date,
        values: [100, 60, 35, 20].slice(0, 4 - c).map((n) => ({ count: n - c * 10 })),
    })),
});

describe("saved query charts (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite();
    });

    after(() => suite?.close());

    afterEach(() => closeWithoutErrors(page));

    async function open(name: string, table: Table): Promise<void> {
        const { browser, server } = suite;
        page = await openPage(browser, server);
        await applyTheme(page, "light");
        const f = fixture(table);
        server.setData(name, f.text);
        // The hint travels as the panel sends it: the result's chart preference.
        await loadResults(page, [{ name, fixture: f, chart: table.chart }]);
        await nextFrame(page);
    }

    const chartType = () => chartTypeOf(page);
    const exportSvg = () => exportSvgOf(page);

    it("opens a TrendsQuery as one line per series over the days", async () => {
        await open("trends", trendsByDay);
        assert.equal(await page.locator(".grid").isHidden(), true, "the chart, not the grid");
        assert.equal(await chartType(), "line");
        await page.locator(".chart[data-draw-ms]:not([data-draw-ms=''])").waitFor();
        assert.deepEqual(await chartLegend(page), ["Page views", "Daily visitors"]);
        const svg = await exportSvg();
        assert.equal((svg.match(/<path d="M[^"]*" fill="none"/g) ?? []).length, 2, "two lines");
        const ticks = axisLabels(svg);
        assert.ok(
            ticks.some((t) => /Aug/.test(t)),
            `dates on the axis: ${ticks.join(", ")}`,
        );
    });

    it("opens a FunnelsQuery as bars of its steps, labelled with their conversion", async () => {
        await open("funnel", funnel);
        assert.equal(await chartType(), "bar");
        await page.locator(".chart[data-draw-ms]:not([data-draw-ms=''])").waitFor();
        const svg = await exportSvg();
        const labels = axisLabels(svg);
        // In step order (the axis shortens long labels with an ellipsis).
        assert.deepEqual(
            labels.map((l) => l.slice(0, 6)),
            ["1. $pa", "2. sig", "3. sig"],
        );
        assert.ok(labels[0].startsWith("1. $pageview"), labels[0]);
        const bars = [
            ...svg.matchAll(/<rect x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"\/>/g),
        ]
            .map((m) => Number(m[2]))
            .filter((h) => h > 0);
        assert.equal(bars.length, 3);
        assert.ok(bars[0] > bars[1] && bars[1] > bars[2], `falling bars: ${bars.join(", ")}`);
        // The grid still has every number: count and conversion.
        assert.deepEqual(funnel.results[1].slice(2, 4), [420, 42]);
    });

    it("opens a RetentionQuery as a cohort heat table shaded by the share retained", async () => {
        await open("retention", retention);
        assert.equal(await chartType(), "heatmap");
        const rows = await page.$$eval(".chart-heat tbody tr", (trs) =>
            trs.map((tr) => [...tr.children].map((c) => c.textContent)),
        );
        assert.deepEqual(rows[0], ["2026-08-01", "100", "60.0%", "35.0%", "20.0%"]);
        assert.deepEqual(rows[2], ["2026-08-03", "80", "50.0%", "", ""]);
        const shade = await page.$$eval(".chart-heat tbody tr:first-child td", (tds) =>
            tds.map((td) => ({
                share: Number(td.dataset.share),
                bg: getComputedStyle(td).backgroundColor,
            })),
        );
        // Stronger shade for a larger share: alpha falls with the share.
        const alpha = (bg: string) => Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(bg)?.[1] ?? 1);
        assert.deepEqual(
            shade.map((s) => s.share),
            [1, 0.6, 0.35, 0.2],
        );
        assert.ok(
            alpha(shade[1].bg) > alpha(shade[2].bg) && alpha(shade[2].bg) > alpha(shade[3].bg),
            shade.map((s) => s.bg).join(" | "),
        );
        assert.match((await page.locator(".chart-note").textContent()) ?? "", /share of period 0/);
    });

    it("draws each series' trend in the summary's cells", async () => {
        await open("summary", trendsSummary);
        assert.equal(await page.locator(".chart").isHidden(), true, "the summary is a grid");
        await page.locator(".cell > svg.sparkline").first().waitFor();
        assert.equal(await page.locator(".cell > svg.sparkline").count(), 2);
        assert.equal(await page.getByText("▁").count(), 0, "no text blocks");
    });
});
