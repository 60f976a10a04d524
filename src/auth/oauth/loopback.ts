// The loopback redirect (RFC 8252 §7.3), for a host that refuses the editor's own redirect URI:
// a listener on 127.0.0.1 that hands the browser's callback to the waiting sign-in and answers
// with a short plain page.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PendingSignIns } from "./callbacks";

/** A listening loopback redirect address. */
export interface LoopbackRedirect {
    /** http://127.0.0.1:<port>/callback */
    uri: string;
    close(): Promise<void>;
}

const PAGE = (text: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>PostHog sign-in</title></head><body><p>${text
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")}</p></body></html>`;

export async function listenOnLoopback(pending: PendingSignIns): Promise<LoopbackRedirect> {
    const server: Server = createServer((req, res) => {
        const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
        if (req.method !== "GET" || url.pathname !== "/callback") {
            res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
            return;
        }
        const outcome = pending.handle(url);
        const text = outcome.ok
            ? "Signed in to PostHog. You can close this tab and return to the editor."
            : outcome.error.userMessage;
        res.writeHead(outcome.ok ? 200 : 400, {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "no-store",
        }).end(PAGE(text));
    });
    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    return {
        uri: `http://127.0.0.1:${port}/callback`,
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}
