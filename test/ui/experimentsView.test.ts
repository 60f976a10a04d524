// The Experiments view as a user sees it: groups with rows from the sandbox, and a screenshot.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitFor } from "../waitFor";
import { openWorkbench, ROOT, runCommand, showViewContainer, type Workbench } from "./workbench";

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
});
