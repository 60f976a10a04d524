// The editor's side of signing in in the browser: the redirect address (the URI handler, made
// reachable by vscode.env.asExternalUri, so it works in desktop VS Code, a browser workbench and
// remote windows; a loopback listener for a host that refuses it), opening the browser, and
// routing the callback to the sign-in that waits for it.
import * as vscode from "vscode";
import type { LogDep, UiDep } from "../deps";
import { PendingSignIns } from "./oauth/callbacks";
import type { OAuthStore } from "./oauth/store";
import type { OAuthSession } from "./oauth/tokens";
import type { Session } from "./session";

export interface BrowserSignInDeps extends LogDep, UiDep {
    readonly extension: Pick<vscode.ExtensionContext, "extension">;
}

/** The path of the URI handler's callback: vscode://<extension id>/oauth-callback. */
const CALLBACK_PATH = "/oauth-callback";

export class BrowserSignIn implements vscode.UriHandler {
    readonly pending = new PendingSignIns();
    /**
     * Opens the authorization URL; integration tests put their own browser here. The URL goes as
     * a string: a vscode.Uri keeps its query decoded, so the `&` and `?` escaped inside
     * `redirect_uri` came out bare and split it (code-server's callback URI has a query of its
     * own; the sandbox answered "Mismatching redirect URI"). VS Code's openExternal takes a
     * string and opens it as written (extHostWindow.ts openUri and mainThreadWindow.ts $openUri,
     * microsoft/vscode, as in code-server 4.139.1 / VS Code 1.117.0).
     */
    openExternal: (url: string) => Promise<boolean> = async (url) =>
        vscode.env.openExternal(url as unknown as vscode.Uri);

    constructor(
        private readonly deps: BrowserSignInDeps,
        private readonly store: OAuthStore,
        /** Makes the host's OAuth HTTP client (the session's settings and log). */
        private readonly session: Pick<Session, "oauthHttp">,
    ) {}

    /** The editor's own callback URI, as the URI handler receives it. */
    callbackUri(): vscode.Uri {
        return vscode.Uri.from({
            scheme: vscode.env.uriScheme,
            authority: this.deps.extension.extension.id,
            path: CALLBACK_PATH,
        });
    }

    handleUri(uri: vscode.Uri): void {
        if (uri.path !== CALLBACK_PATH) return;
        const waiting = this.pending.size;
        const outcome = this.pending.handle(new URL(uri.toString(true)));
        if (outcome.ok) return;
        this.deps.log.warn(`sign-in callback refused: ${outcome.error.message}`);
        // With a sign-in waiting, its own failure is reported by the sign-in; a stray link, here.
        if (waiting === 0) void this.deps.ui.error(outcome.error.userMessage);
    }

    /** Runs the browser sign-in to `host`; the tokens are returned, nothing is stored. */
    async run(host: string, signal: AbortSignal): Promise<OAuthSession> {
        const http = this.session.oauthHttp(host);
        try {
            // The OAuth flow (and the scopes it asks for) loads on the first browser sign-in.
            const [{ signInWithBrowser }, { listenOnLoopback }] = await Promise.all([
                import("./oauth/browserSignIn"),
                import("./oauth/loopback"),
            ]);
            return await signInWithBrowser({
                http,
                registrations: this.store.registrations,
                pending: this.pending,
                redirect: async () => {
                    const callback = this.callbackUri();
                    const external = await vscode.env.asExternalUri(callback);
                    return { uri: external.toString(true), callback: callback.toString(true) };
                },
                loopback: () => listenOnLoopback(this.pending),
                openBrowser: (url) => this.openExternal(url),
                cannotOpen: (url) => this.deps.log.info(`open this address to sign in: ${url}`),
                signal,
            });
        } finally {
            void http.close();
        }
    }
}
