// Wide integers in the real workbench: Ctrl+Enter on a query returning UInt64 max, Int64 min and
// 2^53 + 1 shows every digit in the grid, and the CSV and JSON exports keep them too. Needs an
// engine that returns these values faithfully (ClickHouse/chDB in the sandbox).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import {
    exportThroughSaveDialog,
    focusEditorLine,
    openFile,
    openWorkbench,
    ROOT,
    webviewFrame,
    type Workbench,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");
const expected = ["18446744073709551615", "-9223372036854775808", "9007199254740993"];

describe("wide integers in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({ name: "ui-wide-numbers" });
    });

    afterEach(async function () {
        if (this.currentTest?.state === "failed") {
            fs.mkdirSync(SHOTS, { recursive: true });
            await bench?.page
                .screenshot({ path: path.join(SHOTS, "wide-numbers-failed.png") })
                .catch(() => undefined);
        }
    });

    after(async () => {
        await bench?.close();
    });

    it("shows every digit of UInt64, Int64 and 2^53 + 1 in the grid and the exports", async () => {
        const { page } = bench;
        await openFile(page, "wide-numbers.hogql");
        await focusEditorLine(page, "SELECT 18446744073709551615");
        await page.keyboard.press("Control+Enter");
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        const cell = frame.locator('[role="row"][aria-rowindex="2"] [role="gridcell"]');
        await cell.first().waitFor({ timeout: 30_000 });
        assert.deepEqual(await cell.allTextContents(), expected, "every digit in the grid");

        const csv = await exportThroughSaveDialog(
            page,
            frame,
            /^CSV/,
            path.join(bench.server.workspace, "wide-numbers.csv"),
        );
        assert.deepEqual(csv.trim().split(/\r?\n/), ["u,i,n", expected.join(",")]);

        const json = await exportThroughSaveDialog(
            page,
            frame,
            /^JSON/,
            path.join(bench.server.workspace, "wide-numbers.json"),
        );
        // As JSON numbers, digit for digit (JSON.parse would round them; read the text).
        assert.match(
            json,
            /"u":18446744073709551615,"i":-9223372036854775808,"n":9007199254740993\}/,
        );
    });
});
