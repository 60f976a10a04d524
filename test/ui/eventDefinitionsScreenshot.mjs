// Screenshots of the Event Definitions view in code-server, signed in to the sandbox: the list with
// a row's tooltip (30-day volume) showing, then a row's details rendered in the Markdown preview.
// Usage: node test/ui/eventDefinitionsScreenshot.mjs [OUT_DIR]   (after `npm run build`)
// Writes OUT_DIR/event-definitions.png and OUT_DIR/event-definition-details.png (default /tmp).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const outDir = path.resolve(process.argv[2] ?? "/tmp");
const { openWorkbench, webviewFrame } = await import(
    path.join(root, "out", "test", "ui", "workbench.js")
);

fs.mkdirSync(outDir, { recursive: true });
const bench = await openWorkbench({
    name: "ui-event-definitions",
    settings: { "workbench.colorTheme": "Default Dark Modern" },
});
try {
    await screenshots(bench.page);
} finally {
    await bench.close();
}
process.exit(0);

async function screenshots(page) {
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
    // The tooltip queries the row's 30-day volume first; wait for it to show the event's name.
    await page
        .locator(".monaco-hover", { hasText: "checkout_completed" })
        .first()
        .waitFor({ state: "visible", timeout: 15_000 });
    const list = path.join(outDir, "event-definitions.png");
    await page.screenshot({ path: list });
    console.log(`screenshot saved: ${list}`);

    await row.click();
    // The details open rendered, in the Markdown preview (a webview): wait for its heading.
    const preview = await webviewFrame(page, "h1", 20_000);
    await preview.locator("h1", { hasText: "checkout_completed" }).waitFor({ timeout: 20_000 });
    await page.mouse.move(900, 700);
    const details = path.join(outDir, "event-definition-details.png");
    await page.screenshot({ path: details });
    console.log(`screenshot saved: ${details}`);
}
