// The results grid inside the real VS Code: run a .hogql file on the sandbox and read the
// grid's cells through the webview frames, as a user would see them.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { meanLuminance } from "../screenshotLuminance";
import { waitFor } from "../waitFor";
import {
    openFile,
    describeInEachTheme,
    ROOT,
    webviewFrame,
    runFile,
    shownEditorLines,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

// These callbacks run in the page; the root tsconfig has no DOM lib, so name its globals here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(element: unknown): any;

/**
 * Token colours of each theme (VS Code's Dark+/Light+, which the Modern themes extend) for the
 * scopes the grammar gives these tokens of showcase.hogql.
 */
const TOKENS = {
    WITH: { scope: "keyword.other", dark: "rgb(86, 156, 214)", light: "rgb(0, 0, 255)" },
    "'signed_up'": { scope: "string", dark: "rgb(206, 145, 120)", light: "rgb(163, 21, 21)" },
    "-- line comment": { scope: "comment", dark: "rgb(106, 153, 85)", light: "rgb(0, 128, 0)" },
    "30": { scope: "constant.numeric", dark: "rgb(181, 206, 168)", light: "rgb(9, 134, 88)" },
    toStartOfWeek: {
        scope: "support.function",
        dark: "rgb(220, 220, 170)",
        light: "rgb(121, 94, 38)",
    },
};

/** Mean luminance of each theme's editor screenshot, for the comparison of the two. */
const editorLuminance: Record<string, number> = {};

describeInEachTheme(
    "results grid",
    "ui-results",
    ({ theme, bench }) => {
        it("highlights HogQL in the theme's colours", async () => {
            const { page } = bench();
            await openFile(page, "showcase.hogql");
            const lines = shownEditorLines(page);
            await lines.waitFor({ timeout: 15_000 });
            // The grammar loads after the file opens: until then the text is one colour.
            await page.waitForFunction(
                () =>
                    new Set(
                        [
                            ...document.querySelectorAll(
                                ".monaco-editor .view-lines span[class^='mtk']",
                            ),
                        ].map((span: any) => span.className),
                    ).size >= 6,
                undefined,
                { timeout: 30_000 },
            );
            const key = theme.includes("Dark") ? "dark" : "light";
            const readColours = (): Promise<Record<string, string>> =>
                lines.evaluate((root: any) => {
                    const found: Record<string, string> = {};
                    for (const span of root.querySelectorAll("span[class^='mtk']")) {
                        const text = String(span.textContent)
                            .replace(/\u00a0/g, " ")
                            .trim();
                        found[text] ??= getComputedStyle(span).color;
                    }
                    return found;
                });
            // A fresh workbench can paint with the default theme's token colours before the
            // configured theme's arrive: wait (bounded) until they are the theme's, then check.
            const matches = (c: Record<string, string>) =>
                Object.entries(TOKENS).every(([token, expected]) => c[token] === expected[key]);
            let colours = await readColours();
            await waitFor(
                `the ${key} theme's token colours`,
                async () => matches((colours = await readColours())),
                15_000,
            ).catch(() => undefined); // the assertions below say which colour is wrong
            for (const [token, expected] of Object.entries(TOKENS))
                assert.equal(
                    colours[token],
                    expected[key],
                    `${token} (${expected.scope}) in the ${key} theme`,
                );
            const foreground = await lines.evaluate((root: any) => getComputedStyle(root).color);
            assert.ok(
                Object.keys(TOKENS).every((token) => colours[token] !== foreground),
                "no checked token has the plain text colour",
            );
            fs.mkdirSync(SHOTS, { recursive: true });
            // The editor's area as drawn (an element screenshot of Monaco's wide layers fails).
            const editor = lines.locator(
                "xpath=ancestor::div[contains(@class, 'monaco-editor')][1]",
            );
            const box = (await editor.boundingBox())!;
            const view = page.viewportSize()!;
            const x = Math.max(0, box.x);
            const y = Math.max(0, box.y);
            const clip = {
                x,
                y,
                width: Math.min(box.x + box.width, view.width) - x,
                height: Math.min(box.y + box.height, view.height) - y,
            };
            const luminance = await meanLuminance(
                page.context().browser()!,
                await page.screenshot({ clip, path: path.join(SHOTS, `hogql-editor-${key}.png`) }),
            );
            editorLuminance[key] = luminance;
            if (key === "dark") assert.ok(luminance < 0.3, `a dark editor (${luminance})`);
            else assert.ok(luminance > 0.7, `a light editor (${luminance})`);
            const other = editorLuminance[key === "dark" ? "light" : "dark"];
            if (other !== undefined)
                assert.ok(
                    Math.abs(luminance - other) > 0.5,
                    `the themes' editors differ (${luminance} vs ${other})`,
                );
            await page.screenshot({
                path: path.join(SHOTS, `hogql-${theme.includes("Dark") ? "dark" : "light"}.png`),
            });
        });

        it("runs a file on the sandbox and shows each statement's rows in the grid", async () => {
            const { page } = bench();
            await runFile(page, "pageviews.hogql");
            const frame = await webviewFrame(page, '[role="grid"]', 60_000);
            const headers = frame.locator('[role="columnheader"]');
            // The row-number header can paint before the result's columns (seen on a fresh
            // clone): wait, bounded, for the columns, then check them.
            const headerText = await waitFor(
                "the result's column headers",
                async () => {
                    const text = (await headers.allTextContents()).join(" | ");
                    return /day/.test(text) ? text : undefined;
                },
                30_000,
            );
            assert.match(headerText, /day/);
            assert.match(headerText, /pageviews/);
            assert.match(headerText, /UInt64|Int64/, "headers show ClickHouse types");
            const cells = await frame.locator('[role="gridcell"]').allTextContents();
            assert.ok(cells.length > 2, `the grid shows cells (${cells.length})`);
            assert.ok(
                cells.some((text) => /^\d+$/.test(text.trim())),
                `a count is shown: ${cells.slice(0, 8).join(", ")}`,
            );
            const grid = frame.locator('[role="grid"]').first();
            assert.ok(Number(await grid.getAttribute("aria-rowcount")) > 1);
            // Two statements ran: two tabs.
            const tabs = await frame.locator('[role="tab"]').count();
            assert.ok(tabs >= 2, `one tab per statement (${tabs})`);
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({
                path: path.join(SHOTS, `results-${theme.includes("Dark") ? "dark" : "light"}.png`),
            });
        });
    },
    // Verified on one workbench: the test finds only what it opened in its own suite.
    { oneWorkbench: true },
);
