// The experiment page in headless Chromium, served with its own CSP: details and actions as text
// and buttons, the latest result in PostHog's words, the change over time with its interval drawn
// as a band (read from the canvas pixels), the latest change as bars with whiskers.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Experiment, TimeseriesResults } from "../../src/api";
import { experimentPageData, type MetricResults } from "../../src/experiments/pageData";
import { fromExperimentPageSchema } from "../../src/experiments/pageMessageSchema";
import type {
    ExperimentPageData,
    FromExperimentPage,
} from "../../src/shared/experimentPageProtocol";
import { buildExperimentPage, serveExperimentPage } from "./experimentBuild";
import { applyTheme, closeWithoutErrors, nextFrame, recordErrors } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;

const metric = (uuid: string, type: string, name: string) => ({
    kind: "ExperimentMetric",
    uuid,
    name,
    metric_type: type,
    fingerprint: `fp-${uuid}`,
});

const experiment: Experiment = {
    id: 42,
    name: "Checkout <b>button</b> color",
    description: "Does a green button convert better?",
    start_date: "2026-08-01T12:00:00Z",
    end_date: null,
    feature_flag_key: "checkout-color",
    feature_flag: {
        id: 1,
        key: "checkout-color",
        name: "",
        active: true,
        filters: {
            groups: [{ rollout_percentage: 100 }],
            multivariate: {
                variants: [
                    { key: "control", rollout_percentage: 50 },
                    { key: "test", rollout_percentage: 50 },
                ],
            },
        },
    } as Experiment["feature_flag"],
    archived: false,
    created_at: "2026-07-30T10:00:00Z",
    updated_at: "2026-08-10T10:00:00Z",
    status: "running",
    metrics: [
        metric("m-funnel", "funnel", "Signup conversion"),
        metric("m-mean", "mean", "Checkouts per user"),
    ],
};

const days = Array.from({ length: 10 }, (_, i) => `2026-08-${String(i + 1).padStart(2, "0")}`);

/** A timeseries keyed by the ten days, each day's entry from `day(i)` (null: pending). */
const daily = (day: (i: number) => unknown): Record<string, unknown> =>
    Object.fromEntries(days.map((d, i) => [d, day(i)]));

/** One day's result: `n` users in each of control and test, their sums, the test's statistics. */
const dayResult = (n: number, sums: [number, number], stats: Record<string, unknown>) => ({
    baseline: { key: "control", number_of_samples: n, sum: sums[0] },
    variant_results: [{ key: "test", number_of_samples: n, sum: sums[1], ...stats }],
});

/** Ten days; the interval narrows around +4% and becomes significant; the last day is pending. */
function bayesian(): TimeseriesResults {
    const timeseries = daily((i) => {
        if (i === days.length - 1) return null;
        const half = 0.1 - i * 0.009;
        return {
            kind: "ExperimentQuery",
            ...dayResult(100 * (i + 1), [20 * (i + 1), 24 * (i + 1)], {
                method: "bayesian",
                chance_to_win: 0.6 + i * 0.045,
                credible_interval: [0.04 - half, 0.04 + half],
                significant: 0.6 + i * 0.045 > 0.95,
            }),
        };
    });
    return {
        experiment_id: 42,
        metric_uuid: "m-funnel",
        status: "partial",
        timeseries,
        computed_at: "2026-08-10T09:00:00Z",
    };
}

function frequentist(): TimeseriesResults {
    const timeseries = daily((i) =>
        dayResult(50 * (i + 1), [150 * (i + 1), 140 * (i + 1)], {
            method: "frequentist",
            p_value: 0.2 + i * 0.01,
            confidence_interval: [-0.12, 0.05],
            significant: false,
        }),
    );
    return { experiment_id: 42, metric_uuid: "m-mean", status: "completed", timeseries };
}

function pageData(): ExperimentPageData {
    const results = new Map<string, MetricResults>([
        ["m-funnel", { kind: "loaded", data: bayesian() }],
        ["m-mean", { kind: "loaded", data: frequentist() }],
    ]);
    return experimentPageData(experiment, results, null, new Date("2026-08-10T10:00:00Z"));
}

describe("experiment page (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({}, buildExperimentPage);
    });

    after(() => suite?.close());

    afterEach(() => closeWithoutErrors(page, fromExperimentPageSchema));

    async function open(theme: "dark" | "light", data = pageData()): Promise<void> {
        const { browser, server } = suite;
        const url = serveExperimentPage(server);
        page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
        // CSP refusals and missing files count too.
        recordErrors(page, true);
        await page.goto(url);
        await applyTheme(page, theme);
        await page.evaluate(
            (t) => document.body.classList.add(t === "dark" ? "vscode-dark" : "vscode-light"),
            theme,
        );
        await page.waitForFunction(() => window.__posted.some((m: any) => m.type === "ready"));
        await page.evaluate((d) => window.postMessage({ type: "load", data: d }, "*"), data);
        await page.waitForFunction(() => window.__posted.some((m: any) => m.type === "rendered"));
        await nextFrame(page);
    }

    const posted = (): Promise<FromExperimentPage[]> => page.evaluate(() => window.__posted);

    it("shows the details as text and runs the actions from buttons", async () => {
        await open("dark");
        // The name is text: markup in it stays visible as characters.
        assert.equal(
            await page.locator("h1").evaluate((h) => h.firstChild.textContent),
            experiment.name,
        );
        assert.equal(await page.locator("h1 b").count(), 0);
        const facts = await page.locator("table.facts").first().innerText();
        assert.match(facts, /Status\s+Running/);
        assert.match(facts, /Start\s+2026-08-01T12:00:00Z/);
        assert.match(
            await page.locator("table.variants").innerText(),
            /control\s+50%[\s\S]*test\s+50%/,
        );
        // A running experiment's lifecycle buttons: what PostHog allows on it, nothing else.
        const lifecycle = ["launch", "pause", "resume", "end", "shipVariant", "reset"];
        const shown = await page
            .locator("nav.actions button")
            .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-action")));
        assert.deepEqual(
            shown.filter((a) => lifecycle.includes(a ?? "")),
            ["pause", "end", "shipVariant", "reset"],
        );
        assert.ok(!shown.includes("archive"), "archive waits until it has ended");
        await page.locator('button[data-action="copyMarkdown"]').click();
        await page.locator('button[data-action="recalculateTimeseries"]').click();
        await page.locator('button[data-action="pause"]').click();
        const actions = (await posted()).filter((m) => m.type === "action");
        assert.deepEqual(
            actions.map((m) => (m.type === "action" ? m.action : "")),
            ["copyMarkdown", "recalculateTimeseries", "pause"],
        );
    });

    it("states the Bayesian result as PostHog does: chance to win, significant, credible interval", async () => {
        await open("dark");
        const funnel = page.locator('article[data-uuid="m-funnel"]');
        const headers = await funnel.locator("table.latest th").allInnerTexts();
        assert.deepEqual(headers, [
            "Variant",
            "Total users",
            "Conversion rate",
            "Chance to win",
            "Significant",
            "Delta",
            "Credible interval (95%)",
        ]);
        // The last computed day is the ninth (the tenth is pending): 0.6 + 8 * 0.045 = 0.96.
        const test = await funnel.locator('tr[data-variant="test"] td').allInnerTexts();
        assert.match(test[0], /test\s+Won/);
        assert.equal(test[1], "900");
        assert.equal(test[2], "24.00%");
        assert.equal(test[3], "96.0%");
        assert.equal(test[4], "Yes");
        assert.equal(test[5], "+4.00%");
        // Day nine's interval: 0.04 -/+ (0.1 - 8 * 0.009).
        assert.equal(test[6], "[1.20%, 6.80%]");
        assert.match(await funnel.locator(".meta").innerText(), /Computed 9 of 10 days/);
        assert.match(
            await funnel.locator(".summary").innerText(),
            /test: Won · Delta \+4\.00% · Chance to win: 96\.0% · Credible interval \[1\.20%, 6\.80%\]/,
        );
    });

    it("states the frequentist result with a p-value and a confidence interval", async () => {
        await open("dark");
        const mean = page.locator('article[data-uuid="m-mean"]');
        const headers = await mean.locator("table.latest th").allInnerTexts();
        assert.deepEqual(headers.slice(2), [
            "Mean",
            "p-value",
            "Significant",
            "Delta",
            "Confidence interval (95%)",
        ]);
        const test = await mean.locator('tr[data-variant="test"] td').allInnerTexts();
        assert.match(test[0], /test\s+Not significant/);
        assert.equal(test[2], "2.80");
        assert.equal(test[3], "0.290");
        assert.equal(test[4], "No");
        assert.equal(test[6], "[-12.00%, 5.00%]");
    });

    /** RGBA pixels of one column of a chart's canvas, top to bottom (`dx` canvas px aside). */
    async function column(selector: string, xFraction: number, dx = 0): Promise<number[][]> {
        return page.evaluate(
            ({ selector, xFraction, dx }) => {
                const box = document.querySelector(selector);
                const canvas = box.querySelector("canvas");
                const over = box.querySelector(".u-over");
                const ratio = canvas.width / canvas.clientWidth;
                const x = Math.round((over.offsetLeft + over.clientWidth * xFraction) * ratio) + dx;
                const top = Math.round(over.offsetTop * ratio);
                const height = Math.round(over.clientHeight * ratio);
                const data = canvas.getContext("2d").getImageData(x, top, 1, height).data;
                const out: number[][] = [];
                for (let i = 0; i < data.length; i += 4)
                    out.push([data[i], data[i + 1], data[i + 2], data[i + 3]]);
                return out;
            },
            { selector, xFraction, dx },
        );
    }

    /** Pixels within `tolerance` of `rgb` (each channel). */
    const near = (pixels: number[][], rgb: number[], tolerance = 12): number =>
        pixels.filter((p) => p[3] > 0 && rgb.every((c, i) => Math.abs(p[i] - c) <= tolerance))
            .length;

    it("draws each variant's change over time as a line inside its interval band", async () => {
        await open("dark");
        const rendered = (await posted()).find((m) => m.type === "rendered");
        assert.deepEqual(rendered, { type: "rendered", metrics: 2, charts: 4, bands: 2 });
        const lines = 'article[data-uuid="m-funnel"] .chart-box.lines';
        assert.deepEqual(
            await page.locator(`${lines} .u-legend .u-series:not(.band-edge) th`).allInnerTexts(),
            ["test"],
        );
        // The canvas is transparent where nothing is drawn; the band is the series colour
        // (#6f8cff on a dark theme) at 18% alpha, and early days have a wider band than late ones.
        const band = [0x6f, 0x8c, 0xff];
        // The canvas keeps colour and alpha apart: the band's pixels are its colour at alpha 46.
        const bandAlpha = [...band, Math.round(0.18 * 255)];
        const early = await column(lines, 0.12);
        const late = await column(lines, 0.8);
        const bandPixels = (pixels: number[][]) =>
            pixels.filter((p) => Math.abs(p[3] - bandAlpha[3]) < 15 && near([p], band, 25) === 1)
                .length;
        const earlyBand = bandPixels(early);
        const lateBand = bandPixels(late);
        assert.ok(earlyBand > 20, `a band is drawn on the first days (${earlyBand} px)`);
        assert.ok(lateBand > 3, `a band is drawn on the late days (${lateBand} px)`);
        assert.ok(earlyBand > lateBand * 1.5, `the interval narrows: ${earlyBand} > ${lateBand}`);
        // The line itself: opaque pixels in the series colour inside the band's column.
        assert.ok(
            near(
                late.filter((p) => p[3] > 200),
                band,
                40,
            ) > 0,
            "the change is a line",
        );
    });

    it("draws the latest change per variant as a bar with its interval as whiskers", async () => {
        await open("light");
        const bars = 'article[data-uuid="m-funnel"] .chart-box.bars';
        // One test variant: its bar is in the middle. Light theme: bar #1d4aff at 85%, whiskers in
        // the foreground colour #3b3b3b.
        const opaque = (pixels: number[][]) => pixels.filter((p) => p[3] > 200);
        // The whisker is two canvas pixels wide at the bar's centre: take the best column near it.
        const centres = await Promise.all([-2, -1, 0, 1, 2].map((dx) => column(bars, 0.5, dx)));
        const whiskerPx = Math.max(...centres.map((c) => near(opaque(c), [0x3b, 0x3b, 0x3b], 30)));
        const barPx = Math.max(...centres.map((c) => near(opaque(c), [0x1d, 0x4a, 0xff], 40)));
        const side = await column(bars, 0.62);
        assert.ok(barPx > 10, `the bar is drawn (${barPx} px of bar colour)`);
        assert.ok(whiskerPx > barPx, `the whisker spans the interval (${whiskerPx} px)`);
        assert.ok(near(opaque(side), [0x1d, 0x4a, 0xff], 40) > 10, "the bar is wide");
        assert.equal(near(opaque(side), [0x3b, 0x3b, 0x3b], 30), 0, "no whisker beside the bar");
        // The bar's tooltip states the numbers in PostHog's words.
        const over = await page.locator(`${bars} .u-over`).boundingBox();
        assert.ok(over);
        await page.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
        const tip = page.locator(`${bars} .chart-tip:not([hidden])`);
        await tip.waitFor();
        const text = await tip.innerText();
        assert.match(text, /Chance to win\s+96\.0%/);
        assert.match(text, /Credible interval\s+\[1\.20%, 6\.80%\]/);
        assert.match(text, /Significant\s+Yes/);
    });

    it("says why a metric has no chart", async () => {
        const data = pageData();
        data.metrics[1] = { ...data.metrics[1], timeseries: null, note: "No daily results yet." };
        await open("dark", data);
        assert.equal(await page.locator('article[data-uuid="m-mean"] canvas').count(), 0);
        assert.equal(
            await page.locator('article[data-uuid="m-mean"] .note').innerText(),
            "No daily results yet.",
        );
    });
});
