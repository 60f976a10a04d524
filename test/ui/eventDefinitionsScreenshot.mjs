// Screenshots of the Event Definitions view in code-server, signed in to the sandbox: the list with
// a row's tooltip (metrics) showing, then a row's details document.
// Usage: node test/ui/eventDefinitionsScreenshot.mjs [OUT_DIR]   (after `npm run build`)
// Writes OUT_DIR/event-definitions.png and OUT_DIR/event-definition-details.png (default /tmp).
// Set up like scripts/demo.mjs --screenshot, which only shows the container as it opens.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const outDir = path.resolve(process.argv[2] ?? "/tmp");
const harness = path.join(root, ".vscode-test", "harness");
const work = path.join(root, ".vscode-test", "ui-event-definitions");

fs.mkdirSync(outDir, { recursive: true });
const { startSandbox } = await import(path.join(root, "out", "test", "sandbox", "index.js"));
const sandbox = await startSandbox();

fs.rmSync(work, { recursive: true, force: true });
const workspace = path.join(work, "workspace");
fs.cpSync(path.join(root, "test", "fixtures", "workspace"), workspace, { recursive: true });
const userDir = path.join(work, "user-data");
fs.mkdirSync(path.join(userDir, "User"), { recursive: true });
fs.writeFileSync(
    path.join(userDir, "User", "settings.json"),
    JSON.stringify({
        "posthog-workbench.host": sandbox.url,
        "posthog-workbench.projectId": String(sandbox.projectId),
        "workbench.startupEditor": "none",
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "extensions.autoCheckUpdates": false,
        "workbench.tips.enabled": false,
        "security.workspace.trust.enabled": false,
        "chat.disableAIFeatures": true,
        "workbench.colorTheme": "Default Dark Modern",
    }),
);

const port = await freePort();
const server = spawn(
    path.join(harness, "node24", "bin", "node"),
    [
        path.join(harness, "cs", "node_modules", "code-server", "out", "node", "entry.js"),
        ...["--bind-addr", `127.0.0.1:${port}`, "--auth", "none"],
        ...["--config", path.join(work, "config.yaml"), "--user-data-dir", userDir],
        ...["--extensions-dir", path.join(work, "extensions")],
        "--disable-telemetry",
        "--disable-update-check",
        "--disable-workspace-trust",
        "--disable-getting-started-override",
        "--ignore-last-opened",
        ...["--vscode-option", "enable-smoke-test-driver"],
    ],
    {
        env: {
            ...process.env,
            // The extension adopts this key for the (loopback) sandbox host at start-up.
            POSTHOG_WORKBENCH_DEMO_HOST: sandbox.url,
            POSTHOG_WORKBENCH_DEMO_KEY: sandbox.keys.full,
        },
        stdio: "ignore",
        detached: true,
    },
);
const stop = () => {
    try {
        process.kill(-server.pid, "SIGTERM");
    } catch {
        // already gone
    }
};
process.on("exit", stop);

try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);
    const payload = [
        ["extensionDevelopmentPath", `vscode-remote://127.0.0.1:${port}${root}`],
        ["skipWelcome", "true"],
        ["skipReleaseNotes", "true"],
    ];
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    await screenshots(url);
} finally {
    await sandbox.close();
    stop();
}
process.exit(0);

async function screenshots(url) {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"],
    });
    try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(url);
        await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
        const container = page.locator('.activitybar [aria-label^="PostHog"]').first();
        await container.waitFor({ timeout: 30_000 });
        await container.click();
        // Collapse Experiments so the event definitions get the height.
        const experiments = page.locator('.pane-header[aria-label^="Experiments"]').first();
        await experiments.waitFor({ timeout: 30_000 });
        if ((await experiments.getAttribute("aria-expanded")) === "true") await experiments.click();
        const row = page.locator('.monaco-list-row[aria-label^="checkout_completed"]').first();
        await row.waitFor({ timeout: 30_000 }).catch(async (error) => {
            await page.screenshot({ path: path.join(outDir, "event-definitions-failed.png") });
            throw error;
        });
        await row.locator(".label-name").hover();
        await page.waitForSelector(".monaco-hover", { timeout: 10_000 }).catch(() => undefined);
        await page.waitForTimeout(1500);
        const list = path.join(outDir, "event-definitions.png");
        await page.screenshot({ path: list });
        console.log(`screenshot saved: ${list}`);

        await row.click();
        await page.waitForSelector('.tab[aria-label*="checkout_completed.md"]', {
            timeout: 20_000,
        });
        await page.mouse.move(900, 700);
        await page.waitForTimeout(1500);
        const details = path.join(outDir, "event-definition-details.png");
        await page.screenshot({ path: details });
        console.log(`screenshot saved: ${details}`);
    } finally {
        await browser.close();
    }
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
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${url} did not come up`);
}
