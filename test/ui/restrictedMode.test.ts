// Restricted Mode in the real VS Code: a workbench with workspace trust on and the folder left
// untrusted (every other UI suite turns trust off). Running a notebook's cells meets VS Code's own
// trust question, and declining it runs nothing; Ctrl+Enter in a `.hogql` file from the workspace
// says to trust the workspace and sends nothing, and so does "Open in Results Panel" on a capped
// output saved in a notebook (VS Code does not gate that one). The sandbox records every query it receives, so
// "nothing ran" is read there. Screenshots under .vscode-test/screenshots.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import {
    focusEditorLine,
    openFile,
    openWorkbench,
    runAllOfTrafficNotebook,
    ROOT,
    runCommand,
    webviewFrame,
    workbenchState,
    type Workbench,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describe("Restricted Mode in VS Code: nothing runs from an untrusted workspace", function () {
    let bench: Workbench;

    /** The queries the user ran (the extension's own background queries carry its name). */
    const userQueries = () =>
        bench.sandbox.requests
            .filter((r) => r.method === "POST" && /\/query\/$/.test(r.path))
            .map((r) => JSON.parse(r.body) as { query?: { query?: string }; name?: string })
            .filter((b) => !String(b.name).startsWith("PostHog Workbench:"))
            .map((b) => b.query?.query ?? "");

    before(async () => {
        bench = await openWorkbench({
            name: "ui-restricted",
            untrusted: true,
            settings: { "workbench.colorTheme": "Default Dark Modern" },
        });
        // A notebook from the repository with a saved output that kept 2 of 40 rows (written
        // before Quick Open first lists the files).
        const saved = {
            cells: [
                {
                    execution: { order: 1, success: true },
                    kind: "hogql",
                    outputs: [
                        {
                            result: {
                                cap: 2,
                                columns: ["event", "c"],
                                results: [
                                    ["$pageview", 10],
                                    ["$autocapture", 8],
                                ],
                                rowCount: 40,
                                types: [
                                    ["event", "String"],
                                    ["c", "UInt64"],
                                ],
                            },
                        },
                    ],
                    source: ["SELECT event, count() AS c FROM events GROUP BY event"],
                },
            ],
            version: 1,
        };
        fs.writeFileSync(
            path.join(bench.server.workspace, "queries", "saved-output.hogqlnb"),
            JSON.stringify(saved, null, 2),
        );
        fs.mkdirSync(SHOTS, { recursive: true });
        // The workbench really is in Restricted Mode: VS Code says so in the status bar.
        await bench.page
            .locator(".statusbar-item", { hasText: "Restricted Mode" })
            .first()
            .waitFor({ timeout: 60_000 });
    });

    after(async () => {
        await bench?.close();
    });

    it("runs no notebook cell: Run All asks to trust the workspace, and declining runs nothing", async () => {
        const { page } = bench;
        await runAllOfTrafficNotebook(page);
        const dialog = page.locator(".monaco-dialog-box").first();
        await dialog.waitFor({ timeout: 30_000 });
        const message = (await dialog.textContent()) ?? "";
        assert.match(message, /trust/i, `the dialog asks for trust: ${message}`);
        assert.match(message, /notebook cell/i, `the dialog names the notebook run: ${message}`);
        await page.screenshot({ path: path.join(SHOTS, "restricted-notebook-trust.png") });
        await dialog
            .locator(".monaco-button", { hasText: /^Cancel$/ })
            .first()
            .click();
        await dialog.waitFor({ state: "detached", timeout: 15_000 });
        // No execution started: no cell shows an execution order or a running/finished state.
        const executed = page.locator(
            ".notebook-editor .cell-status-bar-container .codicon-notebook-state-success, " +
                ".notebook-editor .cell-status-bar-container .codicon-notebook-state-error, " +
                ".notebook-editor .cell-status-bar-container .codicon-notebook-state-executing",
        );
        assert.equal(await executed.count(), 0, "no cell ran");
        // Each code cell's execution order stays empty ("[ ]").
        const orders = await page
            .locator(".notebook-editor .execution-count-label")
            .allTextContents();
        assert.ok(orders.length >= 2, `both code cells show their order: ${orders.join(", ")}`);
        assert.ok(
            orders.every((o) => !/\d/.test(o)),
            `no execution order: ${orders.join(", ")}`,
        );
        assert.deepEqual(userQueries(), [], "no query reached the sandbox");
        await page.screenshot({ path: path.join(SHOTS, "restricted-notebook.png") });
    });

    it("Ctrl+Enter in a workspace .hogql file says to trust the workspace and sends nothing", async () => {
        const { page } = bench;
        await openFile(page, "pageviews.hogql");
        // On failure: a screenshot, and what the workbench showed.
        const explain = (step: string) => async (e: Error) => {
            await page.screenshot({ path: path.join(SHOTS, "restricted-hogql-failed.png") });
            throw new Error(`${step}: ${e.message}; ${await workbenchState(page)}`);
        };
        await focusEditorLine(page, "SELECT toStartOfDay").catch(
            explain("the editor did not take the focus"),
        );
        await page.keyboard.press("Control+Enter");
        // The headless workbench keeps toasts hidden; the notification centre lists them.
        await runCommand(page, "Notifications: Show Notifications");
        const warning = page
            .locator(".notifications-center .notification-list-item", {
                hasText: "Trust this workspace to run them",
            })
            .first();
        await warning.waitFor({ timeout: 30_000 }).catch(explain("no trust warning"));
        assert.match(
            (await warning.textContent()) ?? "",
            /Running queries from workspace files is disabled in Restricted Mode/,
        );
        await page.screenshot({ path: path.join(SHOTS, "restricted-hogql.png") });
        assert.deepEqual(userQueries(), [], "no query reached the sandbox");
    });

    it("Open in Results Panel on a saved capped output says to trust the workspace and sends nothing", async () => {
        const { page } = bench;
        await openFile(page, "saved-output.hogqlnb");
        const frame = await webviewFrame(
            page,
            '.phnb vscode-button[data-action="openFull"]',
            60_000,
        );
        const open = frame.locator('.phnb vscode-button[data-action="openFull"]').first();
        await open.focus();
        await page.keyboard.press("Enter");
        await runCommand(page, "Notifications: Show Notifications");
        await page
            .locator(".notifications-center .notification-list-item", {
                hasText: "Notebook cells do not run in Restricted Mode",
            })
            .first()
            .waitFor({ timeout: 30_000 });
        await page.screenshot({ path: path.join(SHOTS, "restricted-open-full.png") });
        assert.deepEqual(userQueries(), [], "no query reached the sandbox");
    });
});
