// A capped notebook output in the real VS Code: with `notebook.outputRows` at 5, the daily page
// views output keeps 5 of its rows and offers "Open in Results Panel"; pressing it (from the
// keyboard) runs the query again and the results panel shows every row, with its toolbar.
// Screenshots: .vscode-test/screenshots/notebook-capped-output.png, notebook-full-result.png.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitFor } from "../waitFor";
import {
    openWorkbench,
    ROOT,
    runAllOfTrafficNotebook,
    webviewFrame,
    type Workbench,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describe("HogQL notebook in VS Code: a capped output opens whole in the results panel", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-notebook-full",
            settings: {
                "workbench.colorTheme": "Default Dark Modern",
                "posthog-workbench.notebook.outputRows": 5,
            },
        });
    });

    after(async () => {
        await bench?.close();
    });

    it("Open in Results Panel on a 5-row output shows all its rows in the results panel", async () => {
        const { page } = bench;
        await runAllOfTrafficNotebook(page);
        const frame = await webviewFrame(page, ".phnb .phnb-summary", 90_000);
        // The daily page views: more than 5 days, so capped.
        const output = frame
            .locator(".phnb")
            .filter({ has: frame.locator('.chart[data-chart-type="line"]') });
        const open = output.locator('vscode-button[data-action="openFull"]');
        await open.waitFor({ state: "attached", timeout: 60_000 });
        const summary = (await output.locator(".phnb-summary").textContent()) ?? "";
        const match = /^5 of ([\d,]+) rows kept/.exec(summary);
        assert.ok(match, `the output says it keeps 5 rows: ${summary}`);
        const total = Number(match[1].replace(/,/g, ""));
        assert.ok(total > 5, `more rows than kept: ${total}`);

        // From the keyboard: the button takes focus and Enter presses it.
        fs.mkdirSync(SHOTS, { recursive: true });
        await open.focus();
        assert.equal(
            await open.evaluate((el) => el.ownerDocument.activeElement === el),
            true,
            "the button has focus",
        );
        // The notebook scrolls in the workbench: wheel it until the output's bar is in view.
        await page.locator(".notebook-editor .cell-list-container").first().hover();
        await waitFor("the capped output in view", async () => {
            const box = await open.boundingBox();
            if (box && box.y > 100 && box.y + box.height < 700) return true;
            await page.mouse.wheel(0, 120);
            return false;
        });
        await page.screenshot({ path: path.join(SHOTS, "notebook-capped-output.png") });
        await page.keyboard.press("Enter");
        const panel = await webviewFrame(page, ".status-rows", 60_000);
        const rows = await waitFor(
            "the results panel's row count",
            async () => {
                const text = (await panel.locator(".status-rows").first().textContent()) ?? "";
                return /loading/.test(text) || !/rows/.test(text) ? undefined : text;
            },
            30_000,
        );
        assert.match(rows, new RegExp(`^${total.toLocaleString("en-US")} rows`));
        assert.ok(
            (await panel.locator('[data-action="export"]').count()) > 0,
            "the panel offers its exports",
        );
        await page.screenshot({ path: path.join(SHOTS, "notebook-full-result.png") });
    });
});
