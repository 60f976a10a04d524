// Drives the real VS Code workbench (code-server in headless Chromium) with the extension under
// development, signed in to a fresh sandbox: for UI tests that read webviews and tree rows as a
// user sees them, and for screenshots. Used by test/ui/*.test.ts, scripts/demo.mjs and the
// screenshot scripts. Needs the harness (.vscode-test/harness) and a build.
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import type { Browser, Frame, Locator, Page } from "playwright-core";
import { launchChromium } from "../chromium";
import { startSandbox, type Sandbox } from "../sandbox";
import type { SandboxAddress } from "../sandbox/process";
import { waitFor } from "../waitFor";

export const ROOT = path.resolve(__dirname, "..", "..", "..");
const HARNESS = process.env.HARNESS_DIR ?? path.join(ROOT, ".vscode-test", "harness");

export interface CodeServerOptions {
    /** Folder under .vscode-test for this run's user data and workspace copy. */
    name: string;
    /** Extra user settings (theme, ...). */
    settings?: Record<string, unknown>;
    /** Environment for the extension host. */
    env?: Record<string, string>;
    /** Keep stdout/stderr (for the demo); otherwise ignored. */
    inheritOutput?: boolean;
    /** More extensions to load beside ours (folders, e.g. test/fixtures/lm-test-model). */
    extensions?: string[];
    /** More code-server arguments (the bench's `--log debug`, to read the run's marks). */
    args?: string[];
    /** The display language (`--locale`), e.g. the pseudo-locale `qps-ploc`. */
    locale?: string;
    /** The extension folder to load instead of the repository (a copy with extra bundles). */
    extensionPath?: string;
    /** More files for the user data folder before the start (name -> content). */
    userDataFiles?: Record<string, string>;
    /**
     * Keep workspace trust on and leave the folder untrusted (Restricted Mode), without the
     * start-up trust dialog. Every other workbench runs with trust turned off.
     */
    untrusted?: boolean;
}

export interface CodeServer {
    /** The workbench URL, with the extension under development loaded. */
    url: string;
    workspace: string;
    stop(): void;
}

/**
 * The extension's log lines so far: code-server writes its output channels under the user data
 * folder, beside the workspace (debug lines need the `--log debug` argument).
 */
export function extensionLog(server: CodeServer): string[] {
    const logs = path.join(server.workspace, "..", "user-data", "logs");
    return fs
        .readdirSync(logs, { recursive: true })
        .filter((f) => String(f).endsWith("PostHog Workbench.log"))
        .flatMap((f) => fs.readFileSync(path.join(logs, String(f)), "utf8").split("\n"));
}

/** Starts code-server with the extension under development and a fresh copy of the fixtures. */
export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
    const work = path.join(ROOT, ".vscode-test", options.name);
    fs.rmSync(work, { recursive: true, force: true });
    const workspace = path.join(work, "workspace");
    fs.cpSync(path.join(ROOT, "test", "fixtures", "workspace"), workspace, { recursive: true });
    const userDir = path.join(work, "user-data");
    fs.mkdirSync(path.join(userDir, "User"), { recursive: true });
    fs.writeFileSync(
        path.join(userDir, "User", "settings.json"),
        JSON.stringify({
            "workbench.startupEditor": "none",
            "telemetry.telemetryLevel": "off",
            "update.mode": "none",
            "extensions.autoCheckUpdates": false,
            "workbench.tips.enabled": false,
            "security.workspace.trust.enabled": options.untrusted === true,
            // Restricted Mode without the modal start-up question; the folder stays untrusted.
            ...(options.untrusted ? { "security.workspace.trust.startupPrompt": "never" } : {}),
            "chat.disableAIFeatures": true,
            "git.enabled": false,
            "workbench.secondarySideBar.defaultVisibility": "hidden",
            ...options.settings,
        }),
    );
    for (const [name, content] of Object.entries(options.userDataFiles ?? {}))
        fs.writeFileSync(path.join(userDir, name), content);
    const port = await freePort();
    const scratch = path.join(work, "tmp");
    fs.mkdirSync(scratch, { recursive: true });
    const server: ChildProcess = spawn(
        path.join(HARNESS, "node24", "bin", "node"),
        [
            path.join(HARNESS, "cs", "node_modules", "code-server", "out", "node", "entry.js"),
            ...["--bind-addr", `127.0.0.1:${port}`, "--auth", "none"],
            ...["--config", path.join(work, "config.yaml"), "--user-data-dir", userDir],
            ...["--extensions-dir", path.join(work, "extensions")],
            "--disable-telemetry",
            "--disable-update-check",
            ...(options.untrusted ? [] : ["--disable-workspace-trust"]),
            "--disable-getting-started-override",
            "--ignore-last-opened",
            // Lets the URL payload load the extension under development (see test/harness).
            ...["--vscode-option", "enable-smoke-test-driver"],
            ...(options.locale ? ["--locale", options.locale] : []),
            ...(options.args ?? []),
        ],
        {
            env: { ...process.env, TMPDIR: scratch, XDG_RUNTIME_DIR: scratch, ...options.env },
            stdio: options.inheritOutput ? "inherit" : "ignore",
            detached: true,
        },
    );
    const stop = (): void => {
        // A stopped server needs no stop at exit (a suite of many workbenches would pile them up).
        process.removeListener("exit", stop);
        try {
            if (server.pid) process.kill(-server.pid, "SIGTERM");
        } catch {
            // already gone
        }
    };
    process.once("exit", stop);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);
    // The workbench keeps one extensionDevelopmentPath from the payload; a folder that is not
    // itself an extension loads every extension in it, so several go in as links in one folder.
    const extension = options.extensionPath ?? ROOT;
    let development = extension;
    if (options.extensions?.length) {
        development = path.join(work, "dev-extensions");
        fs.mkdirSync(development);
        [extension, ...options.extensions].forEach((dir, i) =>
            fs.symlinkSync(dir, path.join(development, `${i}-${path.basename(dir)}`), "dir"),
        );
    }
    const payload = [
        ["extensionDevelopmentPath", `vscode-remote://127.0.0.1:${port}${development}`],
        ["skipWelcome", "true"],
        ["skipReleaseNotes", "true"],
    ];
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    return { url, workspace, stop };
}

export interface Workbench<S extends SandboxAddress = Sandbox> {
    page: Page;
    sandbox: S;
    server: CodeServer;
    close(): Promise<void>;
}

/**
 * A workbench in headless Chromium, signed in to a new sandbox through the demo key hand-over.
 * The sandbox runs in this process (tests read and change its state) unless `start` starts it
 * elsewhere (the bench: `startSandboxProcess`).
 */
export async function openWorkbench(options: CodeServerOptions): Promise<Workbench>;
export async function openWorkbench<S extends SandboxAddress>(
    options: CodeServerOptions,
    start: () => Promise<S>,
): Promise<Workbench<S>>;
export async function openWorkbench(
    options: CodeServerOptions,
    start: () => Promise<SandboxAddress> = startSandbox,
): Promise<Workbench<SandboxAddress>> {
    const started = Date.now();
    // What a start costs, per part: the one cost the ui suite pays per workbench.
    const mark = (what: string): void =>
        console.log(
            `    [workbench ${options.name} +${((Date.now() - started) / 1000).toFixed(1)}s] ${what}`,
        );
    const sandbox = await start();
    mark("sandbox up");
    const server = await startCodeServer({
        ...options,
        settings: {
            "posthog-workbench.host": sandbox.url,
            "posthog-workbench.projectId": String(sandbox.projectId),
            ...options.settings,
        },
        env: {
            // Adopted for the (loopback) sandbox host at start-up; see Auth.adoptDemoKey.
            POSTHOG_WORKBENCH_DEMO_HOST: sandbox.url,
            POSTHOG_WORKBENCH_DEMO_KEY: sandbox.keys.full,
            ...options.env,
        },
    });
    const browser: Browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    mark("code-server up");
    await page.goto(server.url);
    await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
    mark("workbench rendered");
    return {
        page,
        sandbox,
        server,
        async close() {
            const closing = Date.now();
            await browser.close().catch(() => undefined);
            server.stop();
            await sandbox.close();
            console.log(
                `    [workbench ${options.name}] closed in ${((Date.now() - closing) / 1000).toFixed(1)}s, ${((Date.now() - started) / 1000).toFixed(1)}s after its start`,
            );
        },
    };
}

/** Runs a command from the command palette by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
    const input = page.locator(".quick-input-widget input");
    // A busy workbench can close the palette it just opened (focus moving back from a webview or
    // notebook output, seen on a fresh clone): open it again until the title can be typed.
    await waitFor(
        "the command palette to take the command's title",
        async () => {
            await page.keyboard.press("F1");
            try {
                await input.waitFor({ timeout: 5_000 });
                await input.fill(`>${title}`, { timeout: 5_000 });
                return true;
            } catch {
                await page.keyboard.press("Escape");
                return false;
            }
        },
        45_000,
        200,
    );
    await page
        .locator(".quick-input-list .monaco-list-row", { hasText: title })
        .first()
        .waitFor({ timeout: 15_000 });
    await page.keyboard.press("Enter");
}

/**
 * Shows a view container of the activity bar, by the start of its title ("PostHog"). Its icon
 * toggles: a click on the container the side bar already shows hides the side bar. So it is
 * clicked only while its item is not the checked one (VS Code's compositeBarActions marks the
 * shown container's item `checked`), and each click is followed by a wait for that mark.
 */
export async function showViewContainer(page: Page, title: string): Promise<void> {
    // The label is on the item's link, and on the item itself while it is checked.
    const label = `[aria-label^="${title}"]`;
    const item = page.locator(`.activitybar li.action-item:is(${label}, :has(${label}))`);
    const shown = page.locator(`.activitybar li.action-item.checked:is(${label}, :has(${label}))`);
    for (let clicks = 0; (await shown.count()) === 0; clicks++) {
        if (clicks === 3) throw new Error(`the ${title} views did not show after ${clicks} clicks`);
        await item.first().click({ timeout: 30_000 });
        await shown
            .first()
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
    }
}

/** Opens the workspace's traffic.hogqlnb, waits for its cells to be drawn and presses Run All. */
export async function runAllOfTrafficNotebook(page: Page): Promise<void> {
    await openFile(page, "traffic.hogqlnb");
    // The cells are drawn (so what a test reads of them is there to read).
    await page
        .locator(".notebook-editor .view-line", { hasText: "SELECT properties.$browser" })
        .first()
        .waitFor({ timeout: 30_000 });
    await page
        .locator('.notebook-toolbar-container .action-label[aria-label^="Run All"]')
        .first()
        .click({ timeout: 15_000 });
}

/**
 * Text editors shown in the editor part. A notebook's cells live in an overlay outside it, which
 * VS Code keeps in the page, hidden and inert, while another tab is shown; its cells may hold the
 * same text as the file, and the file's own editor is drawn after its tab appears (the Restricted
 * Mode test waited 30 s on the notebook's inert line).
 */
const SHOWN_TEXT_EDITOR = ".part.editor .monaco-editor";

/** The lines of the first text editor shown, to click into or read. */
export function shownEditorLines(page: Page): Locator {
    return page.locator(`${SHOWN_TEXT_EDITOR} .view-lines:visible`).first();
}

/**
 * Puts the cursor on the line with `text` in a shown text editor, and waits until that editor
 * has the focus: Ctrl+Enter is bound only with an editor's text focused (CI run 49 pressed it
 * first).
 */
export async function focusEditorLine(page: Page, text: string): Promise<void> {
    await page
        .locator(`${SHOWN_TEXT_EDITOR} .view-line:visible`, { hasText: text })
        .first()
        .click({ timeout: 30_000 });
    await page
        .locator(`${SHOWN_TEXT_EDITOR}.focused .view-line:visible`, { hasText: text })
        .first()
        .waitFor({ timeout: 15_000 });
}

/** Opens a workspace file through Quick Open. */
export async function openFile(page: Page, name: string): Promise<void> {
    await page.keyboard.press("Control+P");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: 15_000 });
    await input.fill(name);
    // The row itself, not Enter: the list may still show the last query's rows (recently opened
    // files first) when the new one appears, and Enter opens the highlighted one.
    await page
        .locator(".quick-input-list .monaco-list-row", { hasText: name })
        .first()
        .click({ timeout: 15_000 });
    await page.locator(`.tab[aria-label^="${name}"]`).first().waitFor({ timeout: 15_000 });
}

/** Opens a workspace file and runs it whole (PostHog: Run File), as a user would from its editor. */
export async function runFile(page: Page, name: string): Promise<void> {
    await openFile(page, name);
    await shownEditorLines(page).click();
    await runCommand(page, "PostHog: Run File");
}

/**
 * Exports the result the results page shows through its Export menu and VS Code's simple save
 * dialog, and returns the file once the extension says it is written ("Exported to ...").
 */
export async function exportThroughSaveDialog(
    page: Page,
    frame: Frame,
    menuItem: string | RegExp,
    target: string,
): Promise<string> {
    await frame.locator('[data-action="export"]').first().click();
    await frame.locator(".menu-item", { hasText: menuItem }).first().click();
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: 15_000 });
    // The dialog fills in the suggested file itself; text typed before that would be replaced.
    const extension = path.extname(target);
    await waitFor("the save dialog's suggested file", async () =>
        (await input.inputValue()).endsWith(extension),
    );
    await input.fill(target);
    // It completes paths as you type and reads folders while busy: accept only once it shows
    // exactly the path typed and is idle.
    const busy = page.locator(".quick-input-widget .monaco-progress-container.active");
    await waitFor(
        "the save dialog to settle on the typed path",
        async () => (await input.inputValue()) === target && (await busy.count()) === 0,
    );
    await page.keyboard.press("Enter");
    // The headless workbench keeps toasts hidden; the notification centre lists them as they come.
    await runCommand(page, "Notifications: Show Notifications");
    await page
        .locator(".notifications-center .notification-list-item", {
            hasText: `Exported to ${path.basename(target)}`,
        })
        .first()
        .waitFor({ timeout: 30_000 });
    await runCommand(page, "Notifications: Hide Notifications");
    return fs.readFileSync(target, "utf8");
}

/** The inner frame of the webview whose HTML has an element matching `selector`. */
export async function webviewFrame(
    page: Page,
    selector: string,
    timeoutMs = 30_000,
): Promise<Frame> {
    try {
        return await waitFor(
            `a webview frame with ${selector}`,
            async () => {
                for (const frame of webviewFrames(page)) {
                    if (
                        (await frame
                            .locator(selector)
                            .count()
                            .catch(() => 0)) > 0
                    )
                        return frame;
                }
                return undefined;
            },
            timeoutMs,
            200,
        );
    } catch (e) {
        // Say what the webviews show instead (an error message, a page still loading), and what
        // the workbench shows: a timeout alone left rare CI failures (the pseudo-locale run, the
        // page-messages suite's first run of a file) without a clue.
        throw new Error(
            `${(e as Error).message}; the webviews show: ${await webviewTexts(page)}; ` +
                `the workbench shows: ${await workbenchState(page)}`,
        );
    }
}

/** The frames of the workbench's webviews (their host frames and the pages inside). */
function webviewFrames(page: Page): Frame[] {
    return page.frames().filter((frame) => frame.url().includes("webview"));
}

/** The start of each webview page's visible text, for a failure's message. */
async function webviewTexts(page: Page): Promise<string> {
    const texts: string[] = [];
    for (const frame of webviewFrames(page)) {
        const text = await frame
            .locator("body")
            .innerText({ timeout: 2_000 })
            .catch(() => "");
        if (text.trim()) texts.push(JSON.stringify(text.replace(/\s+/g, " ").slice(0, 1500)));
    }
    return texts.join(" | ") || "(no webview text)";
}

function freePort(): Promise<number> {
    return new Promise((resolve) => {
        const probe = net.createServer();
        probe.listen(0, "127.0.0.1", () => {
            const { port } = probe.address() as net.AddressInfo;
            probe.close(() => resolve(port));
        });
    });
}

async function waitForHttp(url: string): Promise<void> {
    await waitFor(
        `${url} to come up`,
        () =>
            fetch(url).then(
                (response) => response.ok,
                () => false, // not up yet
            ),
        120_000,
        200,
    );
}

/**
 * Waits (bounded) until the workbench shows the configured theme, by the class it puts on its
 * root ("dark_modern", "light_modern"): a fresh workbench starts in its default theme and applies
 * the configured one a moment later.
 */
export async function waitForConfiguredTheme(page: Page, themeClass: string): Promise<void> {
    const workbench = page.locator(".monaco-workbench");
    await waitFor(
        `the workbench in its configured theme (${themeClass})`,
        async () => ((await workbench.getAttribute("class")) ?? "").includes(themeClass),
        60_000,
    );
}

/** The two themes every screenshot suite runs in, with the short name used in file names. */
const SUITE_THEMES = [
    { theme: "Default Dark Modern", label: "Dark Modern", mode: "dark", themeClass: "dark_modern" },
    {
        theme: "Default Light Modern",
        label: "Light Modern",
        mode: "light",
        themeClass: "light_modern",
    },
] as const;

/**
 * Switches an open workbench's colour theme the way a user does, through Preferences: Color
 * Theme, by the theme's label in the picker ("Light Modern"). A write to the user settings file
 * is not picked up by a running code-server workbench (tried: the theme stayed as it was).
 */
export async function pickColorTheme(page: Page, label: string): Promise<void> {
    const input = page.locator(".quick-input-widget input");
    await page.keyboard.press("F1");
    await input.fill(">Preferences: Color Theme");
    // The row itself, not Enter (runCommand): the palette may highlight "Browse Color Themes in
    // Marketplace" first, which offers only the Marketplace's themes.
    await page
        .locator(".quick-input-list .monaco-list-row", { hasText: "Preferences: Color Theme" })
        .first()
        .click({ timeout: 15_000 });
    await page
        .locator(".quick-input-list .monaco-list-row", { hasText: "Dark Modern" })
        .first()
        .waitFor({ timeout: 15_000 });
    await input.fill(label);
    // The filtered list's first row is the theme; a click on it only previews it (the picker
    // stays open and would put the old theme back on Escape): Enter keeps it.
    await page
        .locator(".quick-input-list .monaco-list-row", { hasText: label })
        .first()
        .waitFor({ timeout: 15_000 });
    await page.keyboard.press("Enter");
    await page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: 15_000 });
}

/**
 * Brings an open workbench back to a fresh one's editors and files, for the next suite on it:
 * closes what a failed step left open (a quick pick, a menu), closes every editor without saving
 * (an unsaved notebook or export is discarded, not kept for the next suite) and puts the
 * workspace's fixture files back as they were at the start.
 */
export async function discardEditors(bench: Workbench): Promise<void> {
    const { page } = bench;
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await runCommand(page, "View: Close All Editors");
    const dialog = page.locator(".monaco-dialog-box");
    await waitFor(
        "every editor closed",
        async () => {
            // Unsaved editors ask once for all of them: their changes are dropped.
            if ((await dialog.count()) > 0) {
                await dialog
                    .locator(".monaco-button", { hasText: "Don't Save" })
                    .first()
                    .click({ timeout: 5_000 })
                    .catch(() => undefined); // the dialog went away under the click
                return false;
            }
            return (await page.locator(".tabs-container .tab").count()) === 0;
        },
        30_000,
        200,
    );
    // With no editor open on them, files a test saved go back to the fixtures' content.
    fs.cpSync(path.join(ROOT, "test", "fixtures", "workspace"), bench.server.workspace, {
        recursive: true,
        force: true,
    });
}

/**
 * One mocha suite per theme (`<title> in VS Code (<theme>)`), each opening a workbench named
 * `<name>-<mode>` in its theme, closed before the next. With `oneWorkbench` (opt-in per file)
 * they share one workbench named `name` instead: opened in the theme of the first suite that
 * runs, switched to the next theme through the theme picker (its editors closed unsaved and its
 * files reset first, see discardEditors), closed after the last; the sandbox is shared, so the
 * bodies must only read it. Opt in once the file's tests pass that way: a test that finds its
 * webview or editor by a selector can find the closed one of the previous theme's suite, which
 * VS Code keeps hidden in the page (seen with the results chart and the notebook).
 */
export function describeInEachTheme(
    title: string,
    name: string,
    body: (suite: { theme: string; mode: "dark" | "light"; bench: () => Workbench }) => void,
    options: { oneWorkbench?: boolean } = {},
): void {
    // The full titles stay `<title> in VS Code (<theme>) <test>` for greps.
    describe(`${title} in VS Code`, function () {
        let opened: Workbench | undefined;

        after(async () => {
            await opened?.close();
        });

        for (const { theme, label, mode, themeClass } of SUITE_THEMES) {
            describe(`(${theme})`, function () {
                before(async () => {
                    if (opened && options.oneWorkbench) {
                        await discardEditors(opened);
                        await pickColorTheme(opened.page, label);
                    } else {
                        await opened?.close();
                        opened = await openWorkbench({
                            name: options.oneWorkbench ? name : `${name}-${mode}`,
                            settings: { "workbench.colorTheme": theme },
                        });
                    }
                    // A webview opened before the theme applied got the other theme's body class
                    // (seen on a fresh clone: "vscode-light" in the dark suite).
                    await waitForConfiguredTheme(opened.page, themeClass);
                });

                body({
                    theme,
                    mode,
                    bench: () => {
                        if (!opened) throw new Error(`the ${theme} workbench did not open`);
                        return opened;
                    },
                });
            });
        }
    });
}

/**
 * Right-clicks `row`, runs the context menu's item `label` and waits for the modal it asks
 * with. Resolves false (menu closed) when the item or the modal did not show, so a caller redrawn
 * under the menu can open it again.
 */
export async function runRowMenuItemToModal(
    page: Page,
    row: Locator,
    label: string,
): Promise<boolean> {
    await row.click({ button: "right" });
    return runMenuItemToModal(
        page,
        page.locator(".context-view .action-item", { hasText: label }).first(),
    );
}

/**
 * Runs an item of the menu on screen and waits for the modal it asks with. Hovered, the item
 * takes the menu's focus and Enter runs it: a click on it was sometimes not delivered while the
 * menu was still placing itself (seen on a row's context menu and on the Accounts menu's
 * submenu). Resolves false, with the menu closed, when the item or the modal did not show.
 */
export async function runMenuItemToModal(page: Page, item: Locator): Promise<boolean> {
    try {
        await item.hover({ timeout: 5_000 });
        await page.keyboard.press("Enter");
    } catch {
        await page.keyboard.press("Escape");
        return false;
    }
    // A slow host may take a while to show the modal.
    return page
        .locator(".monaco-dialog-box")
        .waitFor({ timeout: 30_000 })
        .then(() => true)
        .catch(() => false);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- page callbacks get the workbench's DOM */
declare const document: any;

/** What the workbench shows when a step fails: focus, tabs, the editor's text, notifications. */
export function workbenchState(page: Page): Promise<string> {
    return page
        .evaluate(() => {
            const texts = (selector: string) =>
                [...document.querySelectorAll(selector)].map((e: any) => String(e.textContent));
            const focused = document.activeElement;
            return JSON.stringify({
                focus: focused ? `${focused.tagName}.${focused.className}` : null,
                focusedEditors: document.querySelectorAll(".monaco-editor.focused").length,
                tabs: [...document.querySelectorAll(".tab")].map(
                    (t: any) =>
                        `${t.getAttribute("aria-label")}${t.classList.contains("active") ? " (active)" : ""}`,
                ),
                editorText: texts(".editor-instance .monaco-editor .view-line").join("\n"),
                notifications: texts(".notifications-center .notification-list-item"),
                toasts: texts(".notifications-toasts .notification-list-item"),
                dialog: texts(".monaco-dialog-box"),
                inert: [...document.querySelectorAll("[inert]")].map(
                    (e: any) => `${e.tagName}.${e.className}`,
                ),
                modal: [
                    ...document.querySelectorAll(
                        "[aria-modal='true'], .modal-editor-part, .dialog-modal-block",
                    ),
                ].map(
                    (e: any) =>
                        `${e.tagName}.${e.className} ${String(e.textContent).slice(0, 200)}`,
                ),
            });
        })
        .catch((err: unknown) => `the workbench could not be read: ${String(err)}`);
}
