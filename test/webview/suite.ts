// What a webview suite starts with: the page bundle built as the extension ships it, a server
// holding the suite's responses, and headless Chromium.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launch } from "./page";
import { startServer, type TestServer } from "./server";

const root = path.resolve(__dirname, "../../..");

export interface WebviewSuite {
    browser: Browser;
    server: TestServer;
    close(): Promise<void>;
}

/** The results page's bundles, built as the bench builds them (bench/buildWebview.mjs). */
function buildResultsPage(): void {
    execFileSync(process.execPath, [path.join(root, "bench", "buildWebview.mjs")], { cwd: root });
}

/**
 * Builds the page (`build`: the results page unless given), serves `data` (name -> response
 * text) and launches the browser.
 */
export async function startWebviewSuite(
    data: Record<string, string> = {},
    build: () => void | Promise<void> = buildResultsPage,
): Promise<WebviewSuite> {
    await build();
    const server = await startServer();
    for (const [name, text] of Object.entries(data)) server.setData(name, text);
    const browser = await launch();
    return {
        browser,
        server,
        async close() {
            await browser.close();
            await server.close();
        },
    };
}
