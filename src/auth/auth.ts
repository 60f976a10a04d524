import * as vscode from "vscode";
import type { Config } from "../config";
import type { LogDep, UiDep } from "../deps";
import { PROVIDER_ID, PostHogAccounts } from "./accountProvider";
import type { BrowserSignIn } from "./browserSignIn";
import { demoKeyFrom } from "./demoKey";
import { KeyStore } from "./keyStore";
import { OAuthStore } from "./oauth/store";
import { PROJECT_NAMES } from "./projectNames";
import { Session } from "./session";
import type { SignInFlows } from "./signInFlows";

/** What sign-in needs: the settings it changes, the stored keys' places, and what a host left. */
export interface AuthDeps extends LogDep, UiDep {
    readonly config: Config;
    readonly extension: Pick<
        vscode.ExtensionContext,
        "secrets" | "globalState" | "extensionMode" | "extension"
    >;
    /** The query log, counted and cleared per host on sign-out. */
    readonly history: {
        countOf(host: string): number;
        clearHost(host: string): Promise<number>;
    };
    /** The stored results, counted and deleted per host on sign-out. */
    readonly panels: {
        storedCount(host: string): Promise<number>;
        deleteStored(host: string): Promise<number>;
    };
}

/**
 * The stored keys and tokens, the session, and PostHog's account provider: what activation and
 * the status bar need. Sign In, Sign Out, Switch Project and Switch Host, and the browser
 * sign-in's callback, are in src/auth/signInFlows.ts, loaded with the first of them
 * (docs/performance.md, "Activation").
 */
export class Auth implements vscode.Disposable {
    readonly keys: KeyStore;
    /** Browser sign-ins' tokens (SecretStorage) and registered clients. */
    readonly oauth: OAuthStore;
    readonly session: Session;
    /** PostHog's account provider, once registered (VS Code's Accounts menu). */
    accounts: PostHogAccounts | undefined;
    private loading: Promise<SignInFlows> | undefined;
    private loaded: SignInFlows | undefined;
    private readonly subscriptions: vscode.Disposable[] = [];

    constructor(private readonly deps: AuthDeps) {
        this.keys = new KeyStore(deps.extension.secrets, deps.extension.globalState);
        this.oauth = new OAuthStore(deps.extension.secrets, deps.extension.globalState);
        this.session = new Session(deps.config, this.keys, deps.log, this.oauth);
        this.subscriptions.push(
            this.session.onDidEndOAuth(({ host }) => void this.run((f) => f.sayEnded(host))),
        );
    }

    /** The sign-in flows' code, loaded once; a failed load is tried again next time. */
    flows(): Promise<SignInFlows> {
        this.loading ??= import("./signInFlows").then(
            (m) =>
                (this.loaded = new m.SignInFlows(this.deps, this.keys, this.oauth, this.session)),
            (error: unknown) => {
                this.loading = undefined;
                throw error;
            },
        );
        return this.loading;
    }

    /**
     * The browser sign-in (integration tests put their own browser in it): there once the flows
     * have loaded (`flows()`), as they have for every sign-in that waits for a callback.
     */
    get browser(): BrowserSignIn {
        if (!this.loaded) throw new Error("the sign-in flows have not loaded yet (auth.flows())");
        return this.loaded.browser;
    }

    async signIn(): Promise<boolean> {
        return (await this.flows()).signIn();
    }

    async signOut(): Promise<void> {
        return (await this.flows()).signOut();
    }

    async switchProject(): Promise<void> {
        return (await this.flows()).switchProject();
    }

    async switchHost(): Promise<void> {
        return (await this.flows()).switchHost();
    }

    /** Learns project names in the background (e.g. after the demo signed in without a pick). */
    async learnProjectNames(): Promise<void> {
        return (await this.flows()).learnProjectNames();
    }

    /**
     * Registers the browser sign-in's URI handler and PostHog's account provider (VS Code's
     * Accounts menu), returning what to dispose.
     */
    register(): vscode.Disposable[] {
        const accounts = (this.accounts = new PostHogAccounts(this.oauth, {
            signIn: () => this.signIn(),
            signOutOAuth: async (host) => (await this.flows()).signOutOAuth(host),
            currentHost: () => this.session.state.host,
        }));
        return [
            // A callback comes while a sign-in waits, which loaded the flows; a stray link loads them.
            vscode.window.registerUriHandler({
                handleUri: (uri) => void this.run((f) => f.browser.handleUri(uri)),
            }),
            accounts,
            vscode.authentication.registerAuthenticationProvider(
                PROVIDER_ID,
                vscode.l10n.t("PostHog"),
                accounts,
            ),
        ];
    }

    /** The name of a project seen at sign-in or switch, for the status bar. */
    projectName(projectId: string): string | undefined {
        return this.deps.extension.globalState.get<Record<string, string>>(PROJECT_NAMES)?.[
            projectId
        ];
    }

    /**
     * The demo (`npm run demo`) hands over the sandbox's key; accepted in development and test
     * mode only, for loopback hosts only (see demoKey.ts).
     */
    async adoptDemoKey(): Promise<void> {
        const demo = demoKeyFrom(
            process.env,
            this.deps.extension.extensionMode === vscode.ExtensionMode.Production,
        );
        if (demo) await this.keys.set(demo.host, demo.key);
    }

    /** Runs `action` with the flows in the background, logging a failure. */
    private async run(action: (flows: SignInFlows) => unknown): Promise<void> {
        try {
            await action(await this.flows());
        } catch (error) {
            this.deps.log.error(`sign-in: ${String(error)}`);
        }
    }

    dispose(): void {
        for (const subscription of this.subscriptions) subscription.dispose();
        this.session.dispose();
    }
}
