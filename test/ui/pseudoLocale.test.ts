// The pseudo-locale run: the workbench started in VS Code's pseudo-locale (`--locale qps-ploc`)
// with the extension's bundles pseudo-translated at test time (test/ui/pseudoLocale.ts), then
// driven as a user would: the PostHog views, a notification, the results page (toolbar, status,
// column headers, the grid's menu, the chart) and the experiment page. Whatever of ours they
// show must be pseudo text: an English word of our bundles still readable there is a string that
// bypassed localisation. Names and values from the sandbox are data, not ours, and are left out.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Frame, Locator, Page } from "playwright-core";
import { waitFor } from "../waitFor";
import {
    intlFallbackWords,
    PSEUDO_LOCALE,
    pseudoLanguagePack,
    pseudoLocalisedExtension,
    stringValues,
    untranslated,
} from "./pseudoLocale";
import {
    openFile,
    openWorkbench,
    ROOT,
    runCommand,
    showViewContainer,
    webviewFrame,
    shownEditorLines,
    type Workbench,
} from "./workbench";

/* eslint-disable @typescript-eslint/no-explicit-any -- page callbacks get DOM elements */
declare const document: any;

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");
/** Product and format names that stay as they are in every language. */
const NAMES = ["PostHog", "HogQL", "SQL", "JSON", "CSV", "TSV", "SVG", "PNG", "API"];

interface Seen {
    where: string;
    text: string;
}

/** A command's title as the palette shows it in the pseudo-locale ("Category: Title"). */
function paletteTitle(extension: string, command: string): string {
    const manifest = JSON.parse(fs.readFileSync(path.join(extension, "package.json"), "utf8"));
    const nls = JSON.parse(
        fs.readFileSync(path.join(extension, `package.nls.${PSEUDO_LOCALE}.json`), "utf8"),
    ) as Record<string, string>;
    const entry = (
        manifest.contributes.commands as { command: string; [k: string]: string }[]
    ).find((c) => c.command === command);
    assert.ok(entry, `the command ${command}`);
    const text = (value: string): string => nls[value.replace(/^%|%$/g, "")] ?? value;
    return entry.category ? `${text(entry.category)}: ${text(entry.title)}` : text(entry.title);
}

/**
 * The text a user reads in `root`: the visible text of the elements matching `shown`, and the
 * titles, labels and placeholders of the visible elements matching `labelled`. In the workbench
 * these name our parts only (VS Code's own text stays English in this run); in our webviews
 * everything is ours.
 */
async function texts(
    where: string,
    root: Locator,
    shown = ":scope",
    labelled = "[title], [aria-label], [placeholder]",
): Promise<Seen[]> {
    const found: string[] = await root.evaluate(
        (element: any, [shownSel, labelledSel]: string[]) => {
            const visible = (node: any): boolean => node.checkVisibility?.() ?? true;
            const all = (sel: string): any[] => [
                ...(element.matches(sel) ? [element] : []),
                ...element.querySelectorAll(sel),
            ];
            const out: string[] = [];
            // Text node by text node: a tree row's label and description are separate texts.
            for (const node of all(shownSel)) {
                const walker = node.ownerDocument.createTreeWalker(node, 4 /* text nodes */);
                for (let t = walker.nextNode(); t; t = walker.nextNode())
                    if (t.parentElement && visible(t.parentElement)) out.push(t.textContent);
            }
            for (const node of all(labelledSel))
                if (visible(node))
                    for (const name of ["title", "aria-label", "placeholder"]) {
                        const value = node.getAttribute(name);
                        if (value) out.push(value);
                    }
            return out;
        },
        [shown, labelled],
    );
    return found.filter((t) => t.trim()).map((text) => ({ where, text }));
}

/** A quick pick of ours: its title, prompt, placeholder and rows (not VS Code's key hints). */
function pickerTexts(where: string, picker: Locator): Promise<Seen[]> {
    return texts(
        where,
        picker,
        ".quick-input-title, .quick-input-message, .quick-input-list .monaco-icon-label, .quick-input-list-detail",
        ".quick-input-box input",
    );
}

/** Every webview text of a frame's page (body), and its `<html lang>`. */
async function pageTexts(where: string, frame: Frame): Promise<{ seen: Seen[]; lang: string }> {
    const lang = await frame.evaluate(() => document.documentElement.lang as string);
    return { seen: await texts(where, frame.locator("body")), lang };
}

/** The sandbox's data as the API gives it: names and values the pages show, not ours. */
async function sandboxData(bench: Workbench, queries: string[]): Promise<string[]> {
    const { sandbox } = bench;
    const values = stringValues(JSON.parse(JSON.stringify(sandbox.state)));
    for (const query of queries) {
        const response = await fetch(`${sandbox.url}/api/projects/${sandbox.projectId}/query/`, {
            method: "POST",
            headers: {
                Authorization: `Bearer ${sandbox.keys.full}`,
                "Content-Type": "application/json",
            },
            body: JSON.stringify({ query: { kind: "HogQLQuery", query } }),
        });
        assert.ok(response.ok, `the sandbox ran ${query}`);
        stringValues(await response.json(), values);
    }
    return values;
}

async function shot(page: Page, name: string): Promise<void> {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

describe(`Pseudo-locale run (${PSEUDO_LOCALE}) in VS Code`, function () {
    let bench: Workbench;
    let extension: string;
    const seen: Seen[] = [];

    before(async () => {
        extension = pseudoLocalisedExtension(
            path.join(ROOT, ".vscode-test", "ui-pseudo-extension"),
        );
        bench = await openWorkbench({
            name: "ui-pseudo",
            locale: PSEUDO_LOCALE,
            extensionPath: extension,
            userDataFiles: pseudoLanguagePack(extension),
            settings: { "workbench.colorTheme": "Default Dark Modern" },
        });
    });

    afterEach(async function () {
        // What the editor showed when a step failed (the test's own screenshots come after it).
        if (this.currentTest?.state === "failed" && bench)
            await shot(bench.page, "pseudo-locale-failed");
    });

    after(async () => {
        await bench?.close();
    });

    it("shows the views, a notification, the results page and the experiment page translated", async () => {
        const { page } = bench;
        const langs: string[] = [];
        const nls = JSON.parse(
            fs.readFileSync(path.join(extension, `package.nls.${PSEUDO_LOCALE}.json`), "utf8"),
        ) as Record<string, string>;

        // The views: the container's title and the views' headers come from package.nls, the
        // rows' descriptions and the placeholders from the code.
        await showViewContainer(page, nls["viewsContainers.activitybar.posthog.title"]);
        const sidebar = page.locator(".part.sidebar");
        await sidebar
            .locator('.monaco-list-row[aria-label*="Checkout button color"]')
            .first()
            .waitFor({ timeout: 30_000 });
        // Both views open: the event definitions one may start collapsed.
        const events = sidebar.locator(".pane-header", {
            hasText: nls["views.posthog.eventDefinitions.name"],
        });
        if ((await events.getAttribute("aria-expanded")) !== "true") await events.click();
        await sidebar
            .locator('.monaco-list-row[aria-label*="$pageview"]')
            .first()
            .waitFor({ timeout: 30_000 });
        seen.push(
            ...(await texts(
                "views",
                sidebar,
                ".composite.title .title-label, .pane-header .title, .monaco-list-row",
                ".monaco-list-row, .pane-header .actions .action-label",
            )),
        );

        // A notification of ours (the host's vscode.l10n.t).
        await runCommand(page, paletteTitle(extension, "posthog-workbench.cancelQuery"));
        await runCommand(page, "Notifications: Show Notifications");
        const notification = page.locator(".notifications-center .notification-list-item").first();
        await notification.waitFor({ timeout: 30_000 });
        seen.push(
            ...(await texts(
                "notification",
                page.locator(".notifications-center"),
                ".notification-list-item-message, .notification-list-item-source, .monaco-button",
                ".nothing",
            )),
        );
        await runCommand(page, "Notifications: Clear All Notifications");
        await shot(page, "pseudo-locale-views");

        // The results page: toolbar, status and headers, then the grid's menu and the chart.
        await openFile(page, "pageviews.hogql");
        await shownEditorLines(page).click();
        await page.keyboard.press("Control+Home");
        await page.keyboard.press("ArrowDown");
        await runCommand(page, paletteTitle(extension, "posthog-workbench.runQuery"));
        const results = await webviewFrame(page, '[role="grid"]', 60_000);
        await results.locator('[role="columnheader"]', { hasText: "pageviews" }).first().waitFor();
        const cell = results.locator('[role="gridcell"]').nth(1);
        await cell.click();
        await cell.click({ button: "right" });
        await results.locator(".menu-item").first().waitFor();
        const page1 = await pageTexts("results page", results);
        langs.push(`results page: ${page1.lang}`);
        seen.push(...page1.seen);
        await shot(page, "pseudo-locale-results");
        await page.keyboard.press("Escape");
        await results.locator('vscode-button[data-action="chart"]').click();
        await results.locator(".chart[data-draw-ms]:not([data-draw-ms=''])").waitFor();
        seen.push(...(await pageTexts("results chart", results)).seen);

        // The experiment page, through the palette's pickers (their prompts are ours too).
        await runCommand(page, paletteTitle(extension, "posthog-workbench.showTimeseries"));
        const picker = page.locator(".quick-input-widget");
        const input = picker.locator("input");
        await input.fill("Checkout button color");
        await picker
            .locator(".quick-input-list .monaco-list-row", { hasText: "Checkout button color" })
            .first()
            .waitFor({ timeout: 15_000 });
        seen.push(...(await pickerTexts("experiment picker", picker)));
        await page.keyboard.press("Enter");
        await waitFor(
            "the metric picker",
            async () => (await input.inputValue()) === "" && (await picker.isVisible()),
        );
        // Its own rows, not the experiment picker's on their way out: metric rows never name the
        // experiment.
        const metric = picker
            .locator(".quick-input-list .monaco-list-row")
            .filter({ hasNotText: "Checkout button color" })
            .first();
        await metric.waitFor({ timeout: 15_000 });
        seen.push(...(await pickerTexts("metric picker", picker)));
        // Clicked, not Enter: closing the first picker gives the focus back to the results page
        // (a webview, focused by the chart step above), which can take it after the second
        // picker opened, and Enter then went to the page (seen twice: the picker stayed open).
        await metric.click();
        const experiment = await webviewFrame(
            page,
            "article.metric .chart-box.lines canvas",
            60_000,
        );
        const page2 = await pageTexts("experiment page", experiment);
        langs.push(`experiment page: ${page2.lang}`);
        seen.push(...page2.seen);
        await shot(page, "pseudo-locale-experiment");

        const file = path.join(ROOT, "test", "fixtures", "workspace", "queries", "pageviews.hogql");
        const statements = fs
            .readFileSync(file, "utf8")
            .split(";")
            .filter((q) => /SELECT/.test(q));
        const data = await sandboxData(bench, statements);
        const left = untranslated(seen, data, [...NAMES, intlFallbackWords()].join("\n"));
        // Each page's <html lang> is vscode.env.language (VS Code reports it as "qps-Ploc").
        for (const lang of langs)
            if (!lang.toLowerCase().endsWith(`: ${PSEUDO_LOCALE}`))
                left.push(`<html lang> of the ${lang}`);
        assert.ok(left.length === 0, `English of ours in the pseudo-locale:\n${left.join("\n")}`);
        // The check saw our text at all: pseudo letters in every place it looked.
        for (const where of new Set(seen.map((s) => s.where)))
            assert.ok(
                seen.some((s) => s.where === where && /[ȧḗīǿŭ]/.test(s.text)),
                `pseudo text in the ${where}`,
            );
    });
});
