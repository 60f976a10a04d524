// The Experiments view as a user sees it: groups with rows from the sandbox, a screenshot, and a
// launch from a row (modal confirmation, then the row under Running).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitFor } from "../waitFor";
import {
    openWorkbench,
    ROOT,
    runCommand,
    runRowMenuItemToModal,
    showViewContainer,
    type Workbench,
} from "./workbench";

describe("experiments view in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-experiments",
            settings: { "workbench.colorTheme": "Default Dark Modern" },
        });
    });

    after(async () => {
        await bench?.close();
    });

    it("shows running, paused, draft, complete and archived groups with their experiments", async () => {
        const { page } = bench;
        await showViewContainer(page, "PostHog");
        const row = (name: string) =>
            page.locator(`.monaco-list-row[aria-label^="${name}"]`).first();
        await row("Checkout button color").waitFor({ timeout: 30_000 });
        // Event Definitions collapsed so the experiments get the height.
        const events = page.locator('.pane-header[aria-label^="Event Definitions"]').first();
        if ((await events.getAttribute("aria-expanded")) === "true") await events.click();
        await runCommand(page, "PostHog: Show Archived Experiments");
        // The tree re-renders as groups load; expand until both groups are expanded at once.
        await waitFor(
            "the Complete and Archived groups to stay expanded",
            async () => {
                let expanded = 0;
                for (const group of ["Complete", "Archived"]) {
                    const header = page.locator(`.monaco-list-row[aria-label^="${group}"]`).first();
                    await header.waitFor({ timeout: 15_000 });
                    if ((await header.getAttribute("aria-expanded")) === "true") expanded++;
                    else await header.click();
                }
                return expanded === 2;
            },
            15_000,
            250,
        );
        for (const name of [
            "Checkout button color",
            "Free trial length",
            "Signup form simplification",
            "New onboarding flow",
            "Dark mode default",
        ])
            await row(name).waitFor({ timeout: 15_000 });
        assert.equal(await row("Old banner test").count(), 0, "deleted experiments are not shown");
        const paused = await row("Free trial length").getAttribute("aria-label");
        assert.match(paused ?? "", /paused.*flag free-trial-length off/);
        await row("Pricing page v2").hover();
        // The row's tooltip: its name in bold, then the flag.
        await page
            .locator(".monaco-hover", { hasText: "Pricing page v2" })
            .filter({ hasText: "Flag" })
            .first()
            .waitFor({ state: "visible", timeout: 15_000 });
        const shots = path.join(ROOT, ".vscode-test", "screenshots");
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, "experiments.png") });
    });

    it("launches a draft from its row: the modal confirmation, then the experiment under Running", async () => {
        const { page } = bench;
        const name = "Mobile nav redesign";
        const row = page.locator(`.monaco-list-row[aria-label^="${name}"]`).first();
        await row.waitFor({ timeout: 30_000 });
        assert.match((await row.getAttribute("aria-label")) ?? "", /, draft,/);
        const dialog = page.locator(".monaco-dialog-box");
        // The view redraws as groups load, which can close a context menu just opened on the row:
        // open it again until the confirmation shows.
        await waitFor(
            "the launch confirmation",
            () => runRowMenuItemToModal(page, row, "Launch Experiment"),
            90_000,
            200,
        );
        const question = (await dialog.locator(".dialog-message-text").innerText()).trim();
        assert.equal(question, `Launch "${name}"?`);
        const detail = await dialog.locator(".dialog-message-detail").innerText();
        assert.match(detail, /becomes active/);
        assert.match(detail, /% of all users/);
        assert.match(detail, /control \d+%, test \d+%/);
        const shots = path.join(ROOT, ".vscode-test", "screenshots");
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, "experiment-launch-confirm.png") });
        await dialog.locator(".dialog-buttons .monaco-button", { hasText: "Launch" }).click();

        // The row moves to Running: its label says so, and it sits below the Running header.
        await waitFor(
            "the launched experiment listed under Running",
            async () => /, running,/.test((await row.getAttribute("aria-label")) ?? ""),
            30_000,
            250,
        );
        const launched = bench.sandbox.state.experiments.find((e) => e.name === name);
        assert.ok(launched?.start_date, "the sandbox launched it");
        const labels = await page
            .locator(".monaco-list-row")
            .evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""));
        const at = (prefix: string) => labels.findIndex((l) => l.startsWith(prefix));
        assert.ok(at("Running") !== -1 && at("Running") < at(name), "below the Running header");
        assert.ok(at(name) < at("Paused"), "above the Paused header");
        await page.screenshot({ path: path.join(shots, "experiment-launched.png") });
    });
});
