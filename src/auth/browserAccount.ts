// The browser sign-in's side of an account: getting its tokens (with the reasons it can fail),
// revoking them at Sign Out, and saying so when the server ended the sign-in. Auth (auth.ts) runs
// the questions around it and stores nothing before the project is picked.
import * as vscode from "vscode";
import type { LogDep, UiDep } from "../deps";
import { withProgress } from "../progress";
import type { BrowserSignIn } from "./browserSignIn";
import { SignInRefused } from "./oauth/callbacks";
import type { OAuthStore } from "./oauth/store";
import type { OAuthSession } from "./oauth/tokens";
import type { Session } from "./session";

export type BrowserAccountDeps = LogDep & UiDep;

export class BrowserAccount {
    constructor(
        private readonly deps: BrowserAccountDeps,
        private readonly store: OAuthStore,
        private readonly session: Session,
        private readonly browser: BrowserSignIn,
    ) {}

    /**
     * The tokens of a browser sign-in to `host`, under a cancellable notification; false when it
     * failed (said) or was cancelled, "use_key" when the host has no OAuth and the user chose to
     * paste a key instead.
     */
    async tokens(host: string): Promise<OAuthSession | false | "use_key"> {
        try {
            return await withProgress(
                vscode.l10n.t(
                    "Waiting for you to approve access to {0} in the browser (Cancel stops the sign-in)...",
                    host,
                ),
                ({ signal }) => this.browser.run(host, signal),
            );
        } catch (error) {
            return this.failed(host, error);
        }
    }

    /**
     * Ends the host's browser sign-in: revokes its tokens at PostHog (the refresh token takes its
     * access token along), then forgets them whatever the answer, so Sign Out always signs out.
     */
    async signOut(host: string): Promise<void> {
        const session = await this.store.get(host);
        if (!session) return;
        const http = this.session.oauthHttp(host);
        try {
            const meta = await http.discover();
            if (session.refreshToken)
                await http.revoke(meta, session.clientId, session.refreshToken, "refresh_token");
            await http.revoke(meta, session.clientId, session.accessToken, "access_token");
        } catch (error) {
            this.deps.log.warn(
                `could not revoke the sign-in on ${host}: ${error instanceof Error ? error.message : String(error)}`,
            );
            void this.deps.ui.warn(
                vscode.l10n.t(
                    "Could not reach {0} to revoke the sign-in; it was removed from this machine. You can revoke it in PostHog's settings.",
                    host,
                ),
            );
        } finally {
            void http.close();
        }
        await this.forget(host);
    }

    /** Forgets the host's browser sign-in here (no revocation). */
    async forget(host: string): Promise<void> {
        if (!this.store.hosts().includes(host) && !(await this.store.get(host))) return;
        await this.store.delete(host);
        this.session.forgetTokenSource(host);
    }

    /** The browser sign-in ended at the server: one message, with a way back in. */
    async sayEnded(host: string): Promise<void> {
        const ended = vscode.l10n.t(
            "Your PostHog sign-in on {0} has ended (revoked or expired); its tokens were removed from this machine.",
            host,
        );
        const again = vscode.l10n.t("Sign In");
        if ((await this.deps.ui.error(ended, again)) === again)
            await vscode.commands.executeCommand("posthog-workbench.signIn");
    }

    /** Browser first; a personal API key stays for CI, scripts and hosts without OAuth. */
    pickMethod(): Promise<"browser" | "key" | undefined> {
        return this.deps.ui.pick<"browser" | "key">(
            [
                {
                    label: vscode.l10n.t("Sign in with PostHog (browser)"),
                    description: vscode.l10n.t("Approve access in your browser; nothing to copy"),
                    value: "browser",
                },
                {
                    label: vscode.l10n.t("Use a personal API key"),
                    description: vscode.l10n.t("Paste a key you created in PostHog's settings"),
                    value: "key",
                },
            ],
            { title: vscode.l10n.t("Sign in to PostHog: how") },
        );
    }

    /** One message for a failed browser sign-in; a host without OAuth offers the key instead. */
    private async failed(host: string, error: unknown): Promise<false | "use_key"> {
        if (error instanceof SignInRefused && error.reason === "cancelled") return false;
        const failure = error as { name?: unknown; kind?: unknown; userMessage?: unknown };
        const text =
            typeof failure.userMessage === "string"
                ? failure.userMessage
                : error instanceof Error
                  ? error.message
                  : String(error);
        this.deps.log.warn(
            `browser sign-in to ${host} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (failure.kind === "no_oauth") {
            const useKey = vscode.l10n.t("Use a Personal API Key");
            const choice = await this.deps.ui.info(text, useKey);
            return choice === useKey ? "use_key" : false;
        }
        const showLog = vscode.l10n.t("Show Log");
        const choice = await this.deps.ui.error(text, showLog);
        if (choice === showLog) this.deps.log.show(true);
        return false;
    }
}
