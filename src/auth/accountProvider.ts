// PostHog in VS Code's Accounts menu: an authentication provider with one account per host signed
// in in the browser. Signing out there revokes the tokens at PostHog, then forgets them. Keys are
// not offered as sessions: another extension that asks for a PostHog session gets an OAuth access
// token with the scopes the user approved, never a personal API key.
import * as vscode from "vscode";
import type { OAuthStore } from "./oauth/store";
import type { OAuthSession } from "./oauth/tokens";

export const PROVIDER_ID = "posthog";

/** What the provider asks of sign-in. */
export interface AccountActions {
    signIn(): Promise<boolean>;
    signOutOAuth(host: string): Promise<void>;
    /** The host signed in to now (for the session createSession returns). */
    currentHost(): string;
}

export class PostHogAccounts implements vscode.AuthenticationProvider, vscode.Disposable {
    private readonly changed =
        new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
    readonly onDidChangeSessions = this.changed.event;
    private known: Map<string, vscode.AuthenticationSession> = new Map();
    private readonly subscription: vscode.Disposable;

    constructor(
        private readonly store: OAuthStore,
        private readonly actions: AccountActions,
    ) {
        this.subscription = store.onDidChange(() => void this.refresh());
        void this.refresh();
    }

    async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
        const sessions = await this.current();
        return sessions.filter((s) => !scopes || scopes.every((scope) => s.scopes.includes(scope)));
    }

    async createSession(): Promise<vscode.AuthenticationSession> {
        if (!(await this.actions.signIn()))
            throw new Error(vscode.l10n.t("Sign-in did not finish."));
        const host = this.actions.currentHost();
        const session = (await this.current()).find((s) => s.id === host);
        if (!session)
            throw new Error(
                vscode.l10n.t(
                    "Signed in with a personal API key; no account to add for {0}.",
                    host,
                ),
            );
        return session;
    }

    async removeSession(sessionId: string): Promise<void> {
        await this.actions.signOutOAuth(sessionId);
        await this.refresh();
    }

    private async current(): Promise<vscode.AuthenticationSession[]> {
        const sessions: vscode.AuthenticationSession[] = [];
        for (const host of this.store.hosts()) {
            const stored = await this.store.get(host);
            if (stored) sessions.push(asSession(stored));
        }
        return sessions;
    }

    /** Tells VS Code which accounts came, went or changed (a refresh rotates the token). */
    private async refresh(): Promise<void> {
        const now = new Map((await this.current()).map((s) => [s.id, s]));
        const added = [...now.values()].filter((s) => !this.known.has(s.id));
        const removed = [...this.known.values()].filter((s) => !now.has(s.id));
        const changed = [...now.values()].filter(
            (s) => this.known.has(s.id) && this.known.get(s.id)?.accessToken !== s.accessToken,
        );
        this.known = now;
        if (added.length + removed.length + changed.length > 0)
            this.changed.fire({ added, removed, changed });
    }

    dispose(): void {
        this.subscription.dispose();
        this.changed.dispose();
    }
}

function asSession(stored: OAuthSession): vscode.AuthenticationSession {
    const host = new URL(stored.host).host;
    return {
        id: stored.host,
        accessToken: stored.accessToken,
        account: { id: stored.host, label: host },
        scopes: stored.scope.split(" ").filter(Boolean),
    };
}
