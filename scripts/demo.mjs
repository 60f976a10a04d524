// `npm run demo`: builds the extension, starts the local PostHog sandbox, and opens VS Code with the
// extension signed in to it. Desktop `code` when it is on PATH; otherwise code-server in a browser
// (the URL is printed). With `--screenshot FILE` it opens the workbench in headless Chromium,
// shows the PostHog container (or, with `--open NAME`, that fixture file), saves a screenshot and
// exits. `--theme NAME` sets the colour theme (e.g. "Default Light Modern"); `--no-build` skips the
// build when the caller has just built (scripts/screenshotHogql.mjs). `--sign-in browser` (with
// `--screenshot`) signs in through the sandbox's consent page instead of the demo key.
import { execSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureHarness } from "../test/harness/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const screenshot = option("--screenshot");
const openName = option("--open");
const theme = option("--theme");
const browserSignIn = option("--sign-in") === "browser";

if (!args.includes("--no-build"))
    execSync("npm run --silent build", { cwd: root, stdio: "inherit" });
const hasDesktopCode = !screenshot && spawnSync("sh", ["-c", "command -v code"]).status === 0;
// Without desktop VS Code the demo runs in code-server: install it (and Chromium) on first use, the
// same way `npm test` does.
if (!hasDesktopCode && !ensureHarness("current")) {
    console.error("The demo needs code-server, and its setup failed (see above).");
    process.exit(1);
}
const { openFile, openWorkbench, startCodeServer } = await import(
    path.join(root, "out", "test", "ui", "workbench.js")
);
const { BROWSER_SANDBOX_ADDRESS, signInInBrowser } = await import(
    path.join(root, "out", "test", "ui", "browserConsent.js")
);
const { startSandbox } = await import(path.join(root, "out", "test", "sandbox", "index.js"));

/**
 * The sandbox on the loopback address a browser sign-in works with in code-server (see
 * test/ui/browserConsent.ts); where the system has only 127.0.0.1 (macOS), on that.
 */
async function startDemoSandbox() {
    try {
        return await startSandbox({ address: BROWSER_SANDBOX_ADDRESS });
    } catch {
        return startSandbox();
    }
}
const themeSettings = theme ? { "workbench.colorTheme": theme } : {};

if (screenshot) {
    const bench = await openWorkbench(
        {
            name: "demo-screenshot",
            settings: themeSettings,
            ...(browserSignIn ? { env: { POSTHOG_WORKBENCH_DEMO_KEY: "" } } : {}),
        },
        startDemoSandbox,
    );
    try {
        if (browserSignIn) {
            await bench.page
                .locator(".statusbar-item", { hasText: "PostHog: Sign In" })
                .first()
                .click({ timeout: 60_000 });
            await signInInBrowser(bench.page, bench.sandbox);
        }
        if (openName) {
            // Tall enough for a fixture file of about 45 lines.
            await bench.page.setViewportSize({ width: 1280, height: 1000 });
            await openFile(bench.page, openName);
            await bench.page.locator(".monaco-editor .view-lines").first().waitFor();
            // Run lenses show the extension is active; the grammar colours tokens a moment later.
            await bench.page
                .locator(".codelens-decoration")
                .first()
                .waitFor({ timeout: 20_000 })
                .catch(() => undefined);
            await bench.page.waitForTimeout(1500);
        } else {
            await bench.page.locator('.activitybar [aria-label^="PostHog"]').first().click();
            await bench.page
                .locator('.monaco-list-row[aria-label^="Running"]')
                .first()
                .waitFor({ timeout: 30_000 });
            await bench.page.waitForTimeout(1500);
        }
        await bench.page.screenshot({ path: screenshot });
        console.log(`screenshot saved: ${screenshot}`);
    } finally {
        await bench.close();
    }
    process.exit(0);
}

const sandbox = await startDemoSandbox();
console.log(`PostHog sandbox: ${sandbox.url}  (demo key ${sandbox.keys.full})`);
// The sandbox is also an OAuth server (test/sandbox/oauth.ts): PostHog: Sign Out, then Sign In
// with "Sign in with PostHog (browser)" opens its consent page; Allow signs in.
console.log("To sign in the other way: Sign Out, Sign In, then 'Sign in with PostHog (browser)'.");
const settings = {
    "posthog-workbench.host": sandbox.url,
    "posthog-workbench.projectId": String(sandbox.projectId),
    ...themeSettings,
};
// The extension stores this key in SecretStorage for the sandbox host (loopback only) at start-up.
const env = {
    POSTHOG_WORKBENCH_DEMO_HOST: sandbox.url,
    POSTHOG_WORKBENCH_DEMO_KEY: sandbox.keys.full,
};

if (hasDesktopCode) {
    const demoDir = path.join(root, ".vscode-test", "demo-desktop");
    const userDir = path.join(demoDir, "user-data");
    const workspace = path.join(demoDir, "workspace");
    fs.mkdirSync(path.join(userDir, "User"), { recursive: true });
    fs.cpSync(path.join(root, "test", "fixtures", "workspace"), workspace, { recursive: true });
    fs.writeFileSync(
        path.join(userDir, "User", "settings.json"),
        JSON.stringify(settings, null, 2),
    );
    spawn(
        "code",
        [
            "--new-window",
            `--user-data-dir=${userDir}`,
            `--extensionDevelopmentPath=${root}`,
            workspace,
        ],
        { env: { ...process.env, ...env }, stdio: "inherit" },
    );
    console.log("Opened desktop VS Code. Press Ctrl+C here to stop the sandbox.");
} else {
    const server = await startCodeServer({ name: "demo", settings, env });
    // Ctrl+C, a closed terminal or `kill`: take code-server (its own process group) down too.
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
        process.on(signal, () => {
            server.stop();
            process.exit(130);
        });
    console.log(
        `\nVS Code (code-server) with PostHog Workbench on the sandbox:\n  ${server.url}\n\nPress Ctrl+C to stop.`,
    );
}
