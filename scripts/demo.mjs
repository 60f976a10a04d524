// `npm run demo`: builds the extension, starts the local PostHog sandbox, and opens VS Code with the
// extension signed in to the sandbox. Desktop `code` when it is on PATH; otherwise code-server in a
// browser (the URL is printed). With `--screenshot FILE` it opens the workbench in headless
// Chromium, shows the PostHog container, saves a screenshot and exits.
import { execSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const screenshot = args.includes("--screenshot")
    ? args[args.indexOf("--screenshot") + 1]
    : undefined;
const harness = path.join(root, ".vscode-test", "harness");
const demoDir = path.join(root, ".vscode-test", "demo");
const workspace = path.join(demoDir, "workspace");

execSync("npm run --silent build", { cwd: root, stdio: "inherit" });
const { startSandbox } = await import(path.join(root, "out", "test", "sandbox", "index.js"));
const sandbox = await startSandbox({ extraExperiments: 0 });
console.log(`PostHog sandbox: ${sandbox.url}  (demo key ${sandbox.keys.full})`);

// A workspace with a few queries to run, and user settings that point at the sandbox.
fs.mkdirSync(workspace, { recursive: true });
fs.cpSync(path.join(root, "test", "fixtures", "workspace"), workspace, { recursive: true });
const settings = {
    "posthog-workbench.host": sandbox.url,
    "posthog-workbench.projectId": String(sandbox.projectId),
    "workbench.startupEditor": "none",
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": false,
    "workbench.tips.enabled": false,
    "security.workspace.trust.enabled": false,
    "chat.disableAIFeatures": true,
};
const userDir = path.join(demoDir, "user-data");
fs.mkdirSync(path.join(userDir, "User"), { recursive: true });
fs.writeFileSync(path.join(userDir, "User", "settings.json"), JSON.stringify(settings, null, 2));
// The extension stores this key in SecretStorage for the sandbox host (loopback only) at start-up.
const demoEnv = {
    ...process.env,
    POSTHOG_WORKBENCH_DEMO_HOST: sandbox.url,
    POSTHOG_WORKBENCH_DEMO_KEY: sandbox.keys.full,
};

const hasDesktopCode = !screenshot && spawnSync("sh", ["-c", "command -v code"]).status === 0;
if (hasDesktopCode) {
    const code = spawn(
        "code",
        [
            "--new-window",
            `--user-data-dir=${userDir}`,
            `--extensionDevelopmentPath=${root}`,
            workspace,
        ],
        { env: demoEnv, stdio: "inherit" },
    );
    console.log("Opened desktop VS Code. Press Ctrl+C here to stop the sandbox.");
    code.on("exit", () => console.log("VS Code launcher exited; the sandbox keeps running."));
} else {
    if (!fs.existsSync(path.join(harness, "cs", "node_modules", "code-server"))) {
        execSync("bash test/harness/setup.sh", {
            cwd: root,
            stdio: "inherit",
            env: { ...process.env, HARNESS_DIR: harness },
        });
    }
    const port = await freePort();
    const server = spawn(
        path.join(harness, "node24", "bin", "node"),
        [
            path.join(harness, "cs", "node_modules", "code-server", "out", "node", "entry.js"),
            "--bind-addr",
            `127.0.0.1:${port}`,
            "--auth",
            "none",
            "--config",
            path.join(demoDir, "config.yaml"),
            "--user-data-dir",
            userDir,
            "--extensions-dir",
            path.join(demoDir, "extensions"),
            "--disable-telemetry",
            "--disable-update-check",
            "--disable-workspace-trust",
            "--disable-getting-started-override",
            "--ignore-last-opened",
            // Lets the URL payload load the extension under development (see test/harness).
            "--vscode-option",
            "enable-smoke-test-driver",
        ],
        { env: demoEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    const stop = () => {
        try {
            process.kill(-server.pid, "SIGTERM");
        } catch {
            // already gone
        }
    };
    process.on("exit", stop);
    process.on("SIGINT", () => process.exit(130));
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);
    const payload = [
        ["extensionDevelopmentPath", `vscode-remote://127.0.0.1:${port}${root}`],
        ["skipWelcome", "true"],
        ["skipReleaseNotes", "true"],
    ];
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    if (screenshot) {
        await takeScreenshot(url, screenshot);
        await sandbox.close();
        process.exit(0);
    }
    console.log(
        `\nVS Code (code-server) with PostHog Workbench on the sandbox:\n  ${url}\n\nPress Ctrl+C to stop.`,
    );
}

function freePort() {
    return new Promise((resolve) => {
        const probe = net.createServer();
        probe.listen(0, "127.0.0.1", () => {
            const { port } = probe.address();
            probe.close(() => resolve(port));
        });
    });
}

async function waitForHttp(url) {
    for (let i = 0; i < 300; i++) {
        try {
            if ((await fetch(url)).ok) return;
        } catch {
            // not up yet
        }
        await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${url} did not come up`);
}

async function takeScreenshot(url, file) {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        headless: true,
        args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
        ],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
    const container = page.locator('.activitybar [aria-label^="PostHog"]').first();
    await container.waitFor({ timeout: 30_000 });
    await container.click();
    await page.waitForTimeout(Number(process.env.DEMO_SCREENSHOT_WAIT ?? 4000));
    await page.screenshot({ path: file });
    console.log(`screenshot saved: ${file}`);
    await browser.close();
}
