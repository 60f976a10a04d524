// The experiment page's bundle and how the webview suites serve it: the page's own HTML and CSP,
// VS Code's webview API faked to record what the page posts.
import { randomBytes } from "node:crypto";
import path from "node:path";
import * as esbuild from "esbuild";
import { experimentHtml } from "../../src/experiments/pageHtml";
import type { TestServer } from "./server";

const root = path.resolve(__dirname, "../../..");

const fakeApi = `
window.__posted = [];
window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m) });`;

/** The experiment page's bundle, with esbuild.mjs's options for webviews. */
export async function buildExperimentPage(): Promise<void> {
    await esbuild.build({
        absWorkingDir: root,
        entryPoints: { experiment: "src/webview/experiment/main.ts" },
        bundle: true,
        outdir: "dist/webview",
        platform: "browser",
        format: "esm",
        target: "chrome120",
        loader: { ".css": "text" },
        logLevel: "warning",
    });
}

/** Serves the experiment page (its HTML as the extension writes it) at /page/experiment.html. */
export function serveExperimentPage(server: TestServer): string {
    const nonce = randomBytes(16).toString("base64");
    const html = experimentHtml({
        cspSource: server.origin,
        nonce,
        scriptUri: `${server.origin}/dist/experiment.js`,
    }).replace("</head>", `<script nonce="${nonce}">${fakeApi}</script></head>`);
    server.setPage("experiment", html);
    return `${server.origin}/page/experiment.html`;
}
