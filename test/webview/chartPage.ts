// Reading the results page's Chart view in headless Chromium: which chart it drew, its legend,
// and the SVG it exports (what a user saves), shared by the chart and saved-query chart suites.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { FromWebview } from "../../src/shared/resultsProtocol";
import { posted } from "./page";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

/** The chart type the page drew (`data-chart-type`). */
export function chartType(page: Page): Promise<string> {
    return page.$eval(".chart", (c) => c.dataset.chartType as string);
}

/** The legend's series names (the interval bands' edges aside). */
export function chartLegend(page: Page): Promise<string[]> {
    return page.$$eval(".chart .u-legend .u-series:not(.band-edge) th", (ths) =>
        ths.map((th) => th.textContent?.trim() ?? ""),
    );
}

/** Clicks SVG and returns the text the page asked the extension to save (a new message). */
export async function exportSvg(page: Page): Promise<string> {
    const before = (await posted(page)).filter((m) => m.type === "saveChart").length;
    await page.locator('vscode-button[data-action="chartSvg"]').click();
    await page.waitForFunction(
        (n) => window.__posted.filter((m: FromWebview) => m.type === "saveChart").length > n,
        before,
    );
    const msgs = (await posted(page)).filter((m) => m.type === "saveChart");
    const last = msgs[msgs.length - 1];
    assert.ok(last.type === "saveChart" && last.format === "svg");
    return last.data;
}

/** The texts an exported SVG centres under the x axis (category or date labels), in order. */
export function axisLabels(svg: string): string[] {
    return [...svg.matchAll(/<text[^>]*text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
}
