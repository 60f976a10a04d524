// The walkthrough in the real VS Code, as a new user meets it: not signed in, every step open.
// The test does each step the way a user would (the step's own buttons, the browser sign-in's
// prompts and consent page, Ctrl+Enter, the Chart button) and sees VS Code check that step off,
// and only that step.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Page } from "playwright-core";
import { waitFor } from "../waitFor";
import { startSandbox } from "../sandbox";
import { BROWSER_SANDBOX_ADDRESS, signInInBrowser } from "./browserConsent";
import {
    focusEditorLine,
    openWorkbench,
    ROOT,
    runCommand,
    webviewFrame,
    type Workbench,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");
const WALKTHROUGH = "Get Started with PostHog Workbench";
const STEPS = ["signIn", "apiKey", "runQuery", "experiments", "chart", "notebook"] as const;
// The notebook step's command comes with HogQL notebooks (src/notebook); until a branch has them,
// the step is there but its button has nothing to run, and the last test says so.
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    contributes: { commands: { command: string }[] };
};
const HAS_NOTEBOOKS = PACKAGE.contributes.commands.some(
    (c) => c.command === "posthog-workbench.newNotebook",
);
type StepId = (typeof STEPS)[number];

function step(page: Page, id: StepId) {
    return page.locator(`.getting-started-step[data-step-id$="#${id}"]`).first();
}

async function isDone(page: Page, id: StepId): Promise<boolean> {
    const s = step(page, id);
    return (
        (await s.getAttribute("aria-checked")) === "true" ||
        /\bcomplete\b/.test((await s.getAttribute("class")) ?? "")
    );
}

async function doneSteps(page: Page): Promise<StepId[]> {
    const done: StepId[] = [];
    for (const id of STEPS) if (await isDone(page, id)) done.push(id);
    return done;
}

/** Opens the walkthrough from the command palette, as a user finds it. */
async function openWalkthrough(page: Page): Promise<void> {
    await runCommand(page, "Welcome: Open Walkthrough...");
    const input = page.locator(".quick-input-widget input");
    await input.fill(WALKTHROUGH);
    await page
        .locator(".quick-input-list .monaco-list-row", { hasText: WALKTHROUGH })
        .first()
        .click();
    await step(page, "signIn").waitFor({ timeout: 30_000 });
}

/** Brings the walkthrough's tab to the front and expands one step. */
async function openStep(page: Page, id: StepId): Promise<void> {
    await page
        .locator(".tab", { hasText: /Walkthrough|Welcome/ })
        .first()
        .click();
    // Escape (or a dialog) can send the page back to its list of walkthroughs.
    if (!(await step(page, id).isEnabled())) await openWalkthrough(page);
    if ((await step(page, id).getAttribute("aria-expanded")) !== "true")
        await step(page, id).click();
}

/** Clicks a button of the expanded step's description by its label. */
async function clickStepButton(page: Page, id: StepId, label: string): Promise<void> {
    const button = step(page, id).locator(".button-link, a, button", { hasText: label }).first();
    await button.waitFor({ timeout: 15_000 });
    await button.click();
}

async function waitDone(page: Page, id: StepId): Promise<void> {
    await page
        .locator(".tab", { hasText: /Walkthrough|Welcome/ })
        .first()
        .click();
    await waitFor(
        `the walkthrough step ${id} to be checked off`,
        () => isDone(page, id),
        30_000,
        200,
    ).catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(SHOTS, `walkthrough-${id}-failed.png`) });
        throw error;
    });
}

describe("walkthrough in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        fs.mkdirSync(SHOTS, { recursive: true });
        bench = await openWorkbench(
            {
                name: "ui-walkthrough",
                settings: {
                    "workbench.colorTheme": "Default Dark Modern",
                    "posthog-workbench.results.reusePanel": true,
                },
                // A new user: no key handed over, so the extension starts signed out.
                env: { POSTHOG_WORKBENCH_DEMO_KEY: "" },
            },
            () => startSandbox({ address: BROWSER_SANDBOX_ADDRESS }),
        );
    });

    afterEach(async function () {
        if (this.currentTest?.state === "failed")
            await bench?.page.screenshot({
                path: path.join(
                    SHOTS,
                    `walkthrough-failed-${this.currentTest.title.slice(0, 30)}.png`,
                ),
            });
    });

    after(async () => {
        await bench?.close();
    });

    it("opens with no step done", async () => {
        const { page } = bench;
        // Room for the step's page (the scopes) next to the steps.
        await runCommand(page, "View: Close Primary Side Bar");
        await openWalkthrough(page);
        await page.screenshot({ path: path.join(SHOTS, "walkthrough-start.png") });
        assert.deepEqual(await doneSteps(page), []);
    });

    // The key step (the second way) before the sign-in: a sign-in checks it off too, as there is
    // then nothing left to do in it.
    it("checks off the key step when the key page of the user's host is opened", async () => {
        const { page } = bench;
        await openStep(page, "apiKey");
        // The step's page lists the scopes and why each is needed.
        await page.locator(".getting-started-media:visible").first().waitFor({ timeout: 15_000 });
        const opened = page
            .context()
            .waitForEvent("page", { timeout: 10_000 })
            .catch(() => null);
        await clickStepButton(page, "apiKey", "Key Settings of My Host");
        // code-server opens the page in a new tab, or asks first: the user's choice either way.
        const dialog = page.locator(".monaco-dialog-box");
        const tab = await Promise.race([
            opened,
            dialog.waitFor({ timeout: 10_000 }).then(
                () => null,
                () => null,
            ),
        ]);
        if (await dialog.isVisible()) {
            assert.match((await dialog.textContent()) ?? "", /settings\/user-api-keys/);
            await dialog.locator(".monaco-button", { hasText: "Cancel" }).click();
        }
        const url = tab?.url() ?? "";
        await tab?.close();
        await waitDone(page, "apiKey");
        if (url) assert.match(url, /\/settings\/user-api-keys$/);
        assert.deepEqual(await doneSteps(page), ["apiKey"]);
    });

    it("checks off sign-in when the user has signed in in the browser", async () => {
        const { page, sandbox } = bench;
        await openStep(page, "signIn");
        await clickStepButton(page, "signIn", "Sign In");
        await signInInBrowser(page, sandbox);
        await waitDone(page, "signIn");
        assert.deepEqual(await doneSteps(page), ["signIn", "apiKey"]);
    });

    it("checks off the first query when its result arrives", async () => {
        const { page } = bench;
        await openStep(page, "runQuery");
        await clickStepButton(page, "runQuery", "Open a Sample Query");
        await focusEditorLine(page, "count()");
        await page.keyboard.press("Control+Enter");
        const frame = await webviewFrame(page, '[role="grid"]', 60_000);
        // The result's own column: the row-number header is there while the page waits for it.
        await frame
            .locator('[role="columnheader"]', { hasText: "events" })
            .first()
            .waitFor({ timeout: 30_000 });
        await waitDone(page, "runQuery");
        assert.deepEqual(await doneSteps(page), STEPS.slice(0, 3));
    });

    it("checks off experiments when the Experiments view is shown", async () => {
        const { page } = bench;
        await openStep(page, "experiments");
        await clickStepButton(page, "experiments", "Show Experiments");
        await page.locator('.pane-header[aria-label^="Experiments"]').first().waitFor();
        await waitDone(page, "experiments");
        assert.deepEqual(await doneSteps(page), STEPS.slice(0, 4));
    });

    it("checks off the chart when a result is looked at as a chart", async () => {
        const { page } = bench;
        await openStep(page, "chart");
        await clickStepButton(page, "chart", "Open a Chart Query");
        await focusEditorLine(page, "pageviews");
        await page.keyboard.press("Control+Enter");
        const frame = await webviewFrame(page, '[role="grid"]', 60_000);
        await frame
            .locator('[role="columnheader"]', { hasText: "pageviews" })
            .first()
            .waitFor({ timeout: 30_000 });
        await frame.locator('vscode-button[data-action="chart"]').click();
        await frame.locator(".chart[data-chart-type]").waitFor({ timeout: 15_000 });
        await waitDone(page, "chart");
        assert.deepEqual(await doneSteps(page), STEPS.slice(0, 5));
    });

    if (HAS_NOTEBOOKS)
        it("checks off the notebook when a new notebook is made", async () => {
            const { page } = bench;
            await openStep(page, "notebook");
            await clickStepButton(page, "notebook", "New HogQL Notebook");
            await page.locator(".notebook-editor").first().waitFor({ timeout: 30_000 });
            await waitDone(page, "notebook");
            assert.deepEqual(await doneSteps(page), [...STEPS]);
            await page.screenshot({ path: path.join(SHOTS, "walkthrough-done.png") });
        });
    else
        it("has the notebook step, not checked off, while this build has no notebooks", async () => {
            const { page } = bench;
            await openStep(page, "notebook");
            assert.equal(await isDone(page, "notebook"), false);
            await page.screenshot({ path: path.join(SHOTS, "walkthrough-done.png") });
        });
});
