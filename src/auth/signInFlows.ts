import * as vscode from "vscode";
import type { PostHogClient, Project } from "../api";
import { checkHost } from "../api/host";
import { loadApi } from "../apiLoader";
import { CLOUD_HOSTS } from "../config";
import { withAbortSignal } from "../cancellation";
import { inLabel, quotedInMessage } from "../shared/plainText";
import { withProgress } from "../progress";
import type { Choice } from "../userPrompts";
import type { AuthDeps } from "./auth";
import { BrowserAccount } from "./browserAccount";
import { BrowserSignIn } from "./browserSignIn";
import { explainKeyProblem, checkKeyShape } from "./keyMessages";
import type { KeyStore } from "./keyStore";
import type { OAuthStore } from "./oauth/store";
import { PROJECT_NAMES } from "./projectNames";
import type { Session } from "./session";

const SELF_HOSTED = "self-hosted";
/** Hosts set by a workspace that the user agreed to sign in to (asked once per host). */
const WORKSPACE_HOSTS_AGREED = "posthog-workbench.workspaceHostsAgreed";

/**
 * Sign In, Sign Out, Switch Project and Switch Host: loaded with the first of them (or the first
 * browser callback), never at activation; src/auth/auth.ts holds what activation needs. Nothing
 * is saved until the key has been checked against the host, so a bad key leaves no trace.
 */
export class SignInFlows {
    /** The browser sign-in: redirect, URI handler, pending callbacks. */
    readonly browser: BrowserSignIn;
    /** The browser sign-in's tokens: getting them, revoking them, and their end. */
    private readonly account: BrowserAccount;

    constructor(
        private readonly deps: AuthDeps,
        private readonly keys: KeyStore,
        private readonly oauth: OAuthStore,
        private readonly session: Session,
    ) {
        this.browser = new BrowserSignIn(deps, this.oauth, this.session);
        this.account = new BrowserAccount(deps, this.oauth, this.session, this.browser);
    }

    /** Says that the server ended a browser sign-in (the session's `onDidEndOAuth`). */
    sayEnded(host: string): Promise<void> {
        return this.account.sayEnded(host);
    }

    /** Signs out of a browser sign-in from VS Code's Accounts menu. */
    async signOutOAuth(host: string): Promise<void> {
        await this.account.signOut(host);
        await this.session.reload();
    }

    async signIn(): Promise<boolean> {
        const host = await this.pickHost();
        if (!host) return false;
        if (!(await this.agreeToWorkspaceHost(host))) return false;
        const how = await this.account.pickMethod();
        if (!how) return false;
        if (how === "browser") {
            const done = await this.signInInBrowser(host);
            if (done !== "use_key") return done;
        }
        const key = await this.askKey(host);
        if (!key) return false;
        const client = this.session.createClient(host, key);
        try {
            return await this.finishSignIn(
                client,
                host,
                vscode.l10n.t("Checking your key with {0}...", host),
                async () => {
                    // Only now, with a key the host accepted, is anything stored.
                    await this.keys.set(host, key);
                    await this.account.forget(host);
                },
            );
        } finally {
            void client.close();
        }
    }

    /**
     * The end of both sign-ins: lists the projects with `client` (under a cancellable
     * notification titled `checking`), asks for the project, and only then stores the credential
     * (`store`) and switches to the host and project. False when cancelled or refused (said).
     */
    private async finishSignIn(
        client: PostHogClient,
        host: string,
        checking: string,
        store: () => Promise<void>,
    ): Promise<boolean> {
        const projects = await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Notification, title: checking, cancellable: true },
            (_progress, token) =>
                withAbortSignal(token, (signal) => this.validate(client, host, signal)),
        );
        if (!projects) return false;
        const project = await this.pickProject(projects, "Pick the project to work in");
        if (!project) return false;
        await store();
        await this.deps.config.setHost(host);
        await this.rememberProjects(projects);
        await this.deps.config.setProjectId(String(project.id));
        await this.session.reload();
        void this.deps.ui.info(
            vscode.l10n.t("Signed in to {0}, project {1}.", host, quotedInMessage(project.name)),
        );
        return true;
    }

    async signOut(): Promise<void> {
        const check = checkHost(this.session.state.host);
        if (!check.ok) {
            // No key can belong to it; the reason, not the setting, which may be hostile.
            await this.session.reload();
            void this.deps.ui.info(
                vscode.l10n.t(
                    "The PostHog host setting (posthog-workbench.host) is not usable: {0}",
                    check.reason,
                ),
            );
            return;
        }
        const host = check.origin;
        await this.keys.delete(host);
        await this.account.signOut(host);
        await this.session.reload();
        await this.offerToForget(host);
    }

    /**
     * After Sign Out, offers to delete what this workspace keeps from `host`: its query history
     * and the results stored for a window reload. Keeping them is the default (a dismissed
     * notification); other hosts' entries are never touched.
     */
    private async offerToForget(host: string): Promise<void> {
        const signedOut = vscode.l10n.t(
            "Signed out of {0}; its key was removed from this machine.",
            host,
        );
        const runs = this.deps.history.countOf(host);
        const results = await this.deps.panels.storedCount(host);
        if (runs === 0 && results === 0) {
            void this.deps.ui.info(signedOut);
            return;
        }
        const remove = vscode.l10n.t("Delete History and Results");
        const choice = await this.deps.ui.info(
            vscode.l10n.t(
                "{0} This workspace still keeps query history and stored results from {3} (history entries: {1}, stored results: {2}). Delete them too?",
                signedOut,
                runs,
                results,
                host,
            ),
            remove,
            vscode.l10n.t("Keep Them"),
        );
        if (choice !== remove) return;
        const deletedRuns = await this.deps.history.clearHost(host);
        const deletedResults = await this.deps.panels.deleteStored(host);
        void this.deps.ui.info(
            vscode.l10n.t(
                "Deleted the query history and stored results from {2} (history entries: {0}, stored results: {1}).",
                deletedRuns,
                deletedResults,
                host,
            ),
        );
    }

    /**
     * Signs in in the browser, checks the tokens by listing the projects, asks for the project,
     * and only then stores the tokens. "use_key" when the host has no OAuth and the user chose to
     * paste a key instead.
     */
    private async signInInBrowser(host: string): Promise<boolean | "use_key"> {
        const tokens = await this.account.tokens(host);
        if (tokens === false || tokens === "use_key") return tokens;
        const source = await this.session.tokenSource(tokens);
        const client = await this.session.createOAuthClient(tokens);
        try {
            return await this.finishSignIn(
                client,
                host,
                vscode.l10n.t("Loading your projects on {0}...", host),
                async () => {
                    // The tokens as they are now: listing the projects may have refreshed them.
                    await this.oauth.set(source.tokens);
                    if (await this.keys.get(host)) await this.keys.delete(host);
                },
            );
        } finally {
            void client.close();
            if (!(await this.oauth.get(host))) this.session.forgetTokenSource(host);
        }
    }

    async switchProject(): Promise<void> {
        const client = await this.session.client();
        // Cancellable, and bounded anyway: each page has the client's deadline and the list
        // iterator stops on a next link that loops.
        const projects = await withProgress("PostHog: loading projects", ({ signal }) =>
            collectProjects(client, signal),
        );
        const project = await this.pickProject(projects, "Switch to project", true);
        if (!project) return;
        await this.rememberProjects(projects);
        await this.deps.config.setProjectId(String(project.id));
        await this.session.reload();
    }

    async switchHost(): Promise<void> {
        const current = this.session.state.host;
        const hosts = [...new Set([...this.keys.hosts(), ...this.oauth.hosts()])];
        const choices: Choice<string | undefined>[] = hosts.map((host) => ({
            label: host,
            description: host === current ? vscode.l10n.t("current") : vscode.l10n.t("signed in"),
            value: host,
        }));
        choices.push({
            label: vscode.l10n.t("$(sign-in) Sign in to another host..."),
            value: undefined,
        });
        const picked = await this.deps.ui.pick(choices, {
            title: vscode.l10n.t("Switch PostHog host"),
        });
        if (picked === undefined) {
            if (choices.length > 0) await this.signIn();
            return;
        }
        await this.deps.config.setHost(picked);
        await this.session.reload();
        if (!this.session.state.signedIn) await this.switchProject();
    }

    /** Learns project names in the background (e.g. after the demo signed in without a pick). */
    async learnProjectNames(): Promise<void> {
        try {
            await this.rememberProjects(await collectProjects(await this.session.client()));
        } catch (error) {
            this.deps.log.debug(
                `could not list projects: ${error instanceof Error ? error.message : String(error)}`,
            );
        }
    }

    private async rememberProjects(projects: Project[]): Promise<void> {
        const names = {
            ...this.deps.extension.globalState.get<Record<string, string>>(PROJECT_NAMES),
        };
        for (const project of projects) names[String(project.id)] = project.name;
        await this.deps.extension.globalState.update(PROJECT_NAMES, names);
    }

    private async pickHost(): Promise<string | undefined> {
        const configured = this.deps.config.host;
        const choices: Choice<string>[] = [
            {
                label: vscode.l10n.t("US Cloud"),
                description: CLOUD_HOSTS[0],
                value: CLOUD_HOSTS[0],
            },
            {
                label: vscode.l10n.t("EU Cloud"),
                description: CLOUD_HOSTS[1],
                value: CLOUD_HOSTS[1],
            },
        ];
        const configuredCheck = checkHost(configured);
        if (configuredCheck.ok && !CLOUD_HOSTS.includes(configuredCheck.origin as never)) {
            choices.push({
                label:
                    this.deps.config.hostSource === "workspace"
                        ? vscode.l10n.t("Host set by this workspace")
                        : vscode.l10n.t("Configured host"),
                description: configuredCheck.origin,
                value: configuredCheck.origin,
            });
        }
        choices.push({
            label: vscode.l10n.t("Self-hosted..."),
            description: vscode.l10n.t("Enter your instance's URL"),
            value: SELF_HOSTED,
        });
        const picked = await this.deps.ui.pick(choices, {
            title: vscode.l10n.t("Sign in to PostHog (1/3): host"),
            placeHolder: vscode.l10n.t(
                "Where is your PostHog? Keys from one cloud region don't work in the other.",
            ),
        });
        if (picked !== SELF_HOSTED) return picked;
        const url = await this.deps.ui.input({
            title: vscode.l10n.t("Sign in to PostHog (1/3): self-hosted URL"),
            prompt: vscode.l10n.t("Your instance's URL (https; plain http only for localhost)"),
            placeHolder: vscode.l10n.t("https://posthog.example.com"),
            validate: (value) => {
                const check = checkHost(value);
                return check.ok ? undefined : check.reason;
            },
        });
        if (!url) return undefined;
        const check = checkHost(url);
        return check.ok ? check.origin : undefined;
    }

    /**
     * Before the first sign-in to a host that the workspace's settings chose, not the user's, says
     * so in a modal and asks: a repository could point the host anywhere and so collect the key
     * typed next. Asked once per host (remembered in global state), and not for a host that
     * already has a key here.
     */
    private async agreeToWorkspaceHost(host: string): Promise<boolean> {
        if (this.deps.config.hostSource !== "workspace") return true;
        const configured = checkHost(this.deps.config.host);
        if (!configured.ok || configured.origin !== host) return true;
        const state = this.deps.extension.globalState;
        const agreed = state.get<string[]>(WORKSPACE_HOSTS_AGREED) ?? [];
        if (agreed.includes(host) || this.keys.hosts().includes(host)) return true;
        if (this.oauth.hosts().includes(host)) return true;
        const yes = await this.deps.ui.confirm(
            vscode.l10n.t("This workspace chose the PostHog host {0}.", host),
            vscode.l10n.t(
                "The PostHog host (posthog-workbench.host) is set by this workspace's settings, not by your own. Sign in only if you trust {0}: the personal API key you enter next is sent to it.",
                host,
            ),
            vscode.l10n.t("Sign In to This Host"),
        );
        if (yes) await state.update(WORKSPACE_HOSTS_AGREED, [...agreed, host]);
        return yes;
    }

    private async askKey(host: string): Promise<string | undefined> {
        const key = await this.deps.ui.input({
            title: vscode.l10n.t("Sign in to PostHog (2/3): personal API key"),
            prompt: vscode.l10n.t(
                "Paste a personal API key for {0} (Settings > Personal API keys; it starts with phx_). It is stored in VS Code's secret storage and only sent to {1}.",
                host,
                host,
            ),
            password: true,
            placeHolder: vscode.l10n.t("phx_..."),
            validate: (value) => checkKeyShape(value.trim()),
        });
        const trimmed = key?.trim();
        if (!trimmed) return undefined;
        const problem = checkKeyShape(trimmed);
        if (problem) {
            void this.deps.ui.error(problem);
            return undefined;
        }
        return trimmed;
    }

    /** Checks the key: `/users/@me/` first, `/projects/` for keys without `user:read`. */
    private async validate(
        client: PostHogClient,
        host: string,
        signal: AbortSignal,
    ): Promise<Project[] | undefined> {
        const { isPostHogApiError } = loadApi();
        try {
            try {
                await client.getCurrentUser({ signal });
            } catch (error) {
                // 403 here means a valid key without `user:read`: the project list decides.
                if (!(isPostHogApiError(error) && error.status === 403)) throw error;
            }
            const projects = await collectProjects(client, signal);
            if (projects.length === 0) {
                void this.deps.ui.error(
                    vscode.l10n.t(
                        "The key works, but it has access to no project on {0}. Give the key access to a project in PostHog, then sign in again.",
                        host,
                    ),
                );
                return undefined;
            }
            return projects;
        } catch (error) {
            if (signal.aborted) return undefined;
            this.deps.log.warn(
                `sign-in check failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            const choice = await this.deps.ui.error(
                explainKeyProblem(error, host),
                vscode.l10n.t("Show Log"),
            );
            if (choice === vscode.l10n.t("Show Log")) this.deps.log.show(true);
            return undefined;
        }
    }

    private async pickProject(
        projects: Project[],
        title: string,
        alwaysAsk = false,
    ): Promise<Project | undefined> {
        if (projects.length === 1 && !alwaysAsk) return projects[0];
        const current = this.deps.config.projectId;
        return this.deps.ui.pick(
            projects.map((project) => ({
                label: inLabel(project.name),
                description: vscode.l10n.t(
                    "id {0}{1}",
                    project.id,
                    String(project.id) === current ? " (current)" : "",
                ),
                value: project,
            })),
            { title, placeHolder: vscode.l10n.t("Projects this sign-in can access") },
        );
    }
}

function collectProjects(client: PostHogClient, signal?: AbortSignal): Promise<Project[]> {
    return client.iterateProjects({ signal }).all();
}
