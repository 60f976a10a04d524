// A tiny static server for the webview tests: dist/webview, the real panel HTML (same CSP) with a
// fake `acquireVsCodeApi`, and response fixtures.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { resultsHtml } from "../../src/resultsPanel/html";

const root = path.resolve(__dirname, "../../..");
const dist = path.join(root, "dist", "webview");

/** Records what the page posts and keeps its state, like the webview host does. */
const fakeApi = `
window.__posted = [];
window.__state = undefined;
window.acquireVsCodeApi = () => ({
    postMessage: (m) => window.__posted.push(m),
    getState: () => window.__state,
    setState: (s) => { window.__state = s; },
});`;

export interface TestServer {
    origin: string;
    /** Serves `text` at `/data/<name>.json`. */
    setData(name: string, text: string): void;
    /** Serves a page at `/page/<name>.html`. */
    setPage(name: string, html: string): void;
    close(): Promise<void>;
}

/**
 * The page as the panel serves it, plus the fake API in a nonce'd script (and extra head HTML);
 * `waiting` as a panel opened when its run starts.
 */
export function pageHtml(
    origin: string,
    extraHead = "",
    waiting?: string,
): { html: string; nonce: string } {
    const nonce = randomBytes(16).toString("base64");
    const html = resultsHtml({
        cspSource: origin,
        nonce,
        scriptUri: `${origin}/dist/results.js`,
        workerUri: `${origin}/dist/results.parse.worker.js`,
        waiting,
    }).replace("</head>", `<script nonce="${nonce}">${fakeApi}</script>${extraHead}</head>`);
    return { html, nonce };
}

export async function startServer(): Promise<TestServer> {
    const data = new Map<string, string>();
    const pages = new Map<string, string>();
    const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x");
        const send = (status: number, type: string, body: string | Buffer) => {
            res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
            res.end(body);
        };
        if (url.pathname.startsWith("/dist/")) {
            const file = path.join(dist, path.basename(url.pathname));
            if (!fs.existsSync(file)) return send(404, "text/plain", "not found");
            const type = file.endsWith(".js") ? "text/javascript" : "application/octet-stream";
            return send(200, type, fs.readFileSync(file));
        }
        const dataMatch = /^\/data\/(.+)\.json$/.exec(url.pathname);
        if (dataMatch && data.has(dataMatch[1]))
            return send(200, "application/json", data.get(dataMatch[1])!);
        const pageMatch = /^\/page\/(.+)\.html$/.exec(url.pathname);
        if (pageMatch && pages.has(pageMatch[1]))
            return send(200, "text/html", pages.get(pageMatch[1])!);
        if (url.pathname === "/") return send(200, "text/html", pageHtml(origin).html);
        send(404, "text/plain", "not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
        origin,
        setData: (name, text) => data.set(name, text),
        setPage: (name, html) => pages.set(name, html),
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}
