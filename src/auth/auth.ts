import * as vscode from "vscode";
import type { PostHogClient, Project } from "../api";
import { checkHost, isLoopbackHostname } from "../api/host";
import { loadApi } from "../apiLoader";
import { CLOUD_HOSTS } from "../config";
import { withAbortSignal } from "../cancellation";
import type { Ctx } from "../ctx";
import { inLabel, quotedInMessage } from "../plainText";
import { withProgress } from "../progress";
import type { Choice } from "../userPrompts";
import { explainKeyProblem, checkKeyShape } from "./keyMessages";
import { KeyStore } from "./keyStore";
import { Session } from "./session";

const SELF_HOSTED = "self-hosted";
const PROJECT_NAMES = "posthog-workbench.projectNames";

/**
 * Sign In, Sign Out, Switch Project and Switch Host. Nothing is saved until the key has been
 * checked against the host, so a bad key leaves no trace.
 */
export class Auth implements vscode.Disposable {
    readonly keys: KeyStore;
    readonly session: Session;

    constructor(private readonly ctx: Ctx) {
        this.keys = new KeyStore(ctx.extension.secrets, ctx.extension.globalState);
        this.session = new Session(ctx.config, this.keys, ctx.log);
    }

    async signIn(): Promise<boolean> {
        const host = await this.pickHost();
        if (!host) return false;
        const key = await this.askKey(host);
        if (!key) return false;
        const client = this.session.createClient(host, key);
        try {
            const projects = await vscode.window.withProgress(
                {
                    location: vscode.ProgressLocation.Notification,
                    title: vscode.l10n.t("Checking your key with {0}...", host),
                    cancellable: true,
                },
                (_progress, token) =>
                    withAbortSignal(token, (signal) => this.validate(client, host, signal)),
            );
            if (!projects) return false;
            const project = await this.pickProject(projects, "Pick the project to work in");
            if (!project) return false;
            // Only now, with a key the host accepted, is anything stored.
            await this.keys.set(host, key);
            await this.ctx.config.setHost(host);
            await this.rememberProjects(projects);
            await this.ctx.config.setProjectId(String(project.id));
            await this.session.reload();
            void this.ctx.ui.info(
                vscode.l10n.t(
                    "Signed in to {0}, project {1}.",
                    host,
                    quotedInMessage(project.name),
                ),
            );
            return true;
        } finally {
            void client.close();
        }
    }

    async signOut(): Promise<void> {
        const host = this.session.state.host;
        const origin = checkHost(host);
        if (origin.ok) await this.keys.delete(origin.origin);
        await this.session.reload();
        void this.ctx.ui.info(
            vscode.l10n.t("Signed out of {0}; its key was removed from this machine.", host),
        );
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
        await this.ctx.config.setProjectId(String(project.id));
        await this.session.reload();
    }

    async switchHost(): Promise<void> {
        const current = this.session.state.host;
        const choices: Choice<string | undefined>[] = this.keys.hosts().map((host) => ({
            label: host,
            description: host === current ? vscode.l10n.t("current") : vscode.l10n.t("signed in"),
            value: host,
        }));
        choices.push({
            label: vscode.l10n.t("$(sign-in) Sign in to another host..."),
            value: undefined,
        });
        const picked = await this.ctx.ui.pick(choices, {
            title: vscode.l10n.t("Switch PostHog host"),
        });
        if (picked === undefined) {
            if (choices.length > 0) await this.signIn();
            return;
        }
        await this.ctx.config.setHost(picked);
        await this.session.reload();
        if (!this.session.state.signedIn) await this.switchProject();
    }

    /** The name of a project seen at sign-in or switch, for the status bar. */
    projectName(projectId: string): string | undefined {
        return this.ctx.extension.globalState.get<Record<string, string>>(PROJECT_NAMES)?.[
            projectId
        ];
    }

    /** Learns project names in the background (e.g. after the demo signed in without a pick). */
    async learnProjectNames(): Promise<void> {
        try {
            await this.rememberProjects(await collectProjects(await this.session.client()));
        } catch (error) {
            this.ctx.log.debug(
                `could not list projects: ${error instanceof Error ? error.message : String(error)}`,
            );
        }
    }

    private async rememberProjects(projects: Project[]): Promise<void> {
        const names = {
            ...this.ctx.extension.globalState.get<Record<string, string>>(PROJECT_NAMES),
        };
        for (const project of projects) names[String(project.id)] = project.name;
        await this.ctx.extension.globalState.update(PROJECT_NAMES, names);
    }

    /** The demo (`npm run demo`) hands over the sandbox's key; accepted for loopback hosts only. */
    async adoptDemoKey(): Promise<void> {
        const host = process.env.POSTHOG_WORKBENCH_DEMO_HOST;
        const key = process.env.POSTHOG_WORKBENCH_DEMO_KEY;
        if (!host || !key) return;
        const check = checkHost(host);
        if (!check.ok || !isLoopbackHostname(new URL(check.origin).hostname)) return;
        await this.keys.set(check.origin, key);
    }

    private async pickHost(): Promise<string | undefined> {
        const configured = this.ctx.config.host;
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
                label: vscode.l10n.t("Configured host"),
                description: configuredCheck.origin,
                value: configuredCheck.origin,
            });
        }
        choices.push({
            label: vscode.l10n.t("Self-hosted..."),
            description: vscode.l10n.t("Enter your instance's URL"),
            value: SELF_HOSTED,
        });
        const picked = await this.ctx.ui.pick(choices, {
            title: vscode.l10n.t("Sign in to PostHog (1/3): host"),
            placeHolder: vscode.l10n.t(
                "Where is your PostHog? Keys from one cloud region don't work in the other.",
            ),
        });
        if (picked !== SELF_HOSTED) return picked;
        const url = await this.ctx.ui.input({
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

    private async askKey(host: string): Promise<string | undefined> {
        const key = await this.ctx.ui.input({
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
            void this.ctx.ui.error(problem);
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
                void this.ctx.ui.error(
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
            this.ctx.log.warn(
                `sign-in check failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            const choice = await this.ctx.ui.error(
                explainKeyProblem(error, host),
                vscode.l10n.t("Show Log"),
            );
            if (choice === vscode.l10n.t("Show Log")) this.ctx.log.show(true);
            return undefined;
        }
    }

    private async pickProject(
        projects: Project[],
        title: string,
        alwaysAsk = false,
    ): Promise<Project | undefined> {
        if (projects.length === 1 && !alwaysAsk) return projects[0];
        const current = this.ctx.config.projectId;
        return this.ctx.ui.pick(
            projects.map((project) => ({
                label: inLabel(project.name),
                description: vscode.l10n.t(
                    "id {0}{1}",
                    project.id,
                    String(project.id) === current ? " (current)" : "",
                ),
                value: project,
            })),
            { title, placeHolder: vscode.l10n.t("Projects this key can access") },
        );
    }

    dispose(): void {
        this.session.dispose();
    }
}

function collectProjects(client: PostHogClient, signal?: AbortSignal): Promise<Project[]> {
    return client.iterateProjects({ signal }).all();
}
