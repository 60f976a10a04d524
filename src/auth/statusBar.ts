import * as vscode from "vscode";
import { inLabel, oneLine } from "../shared/plainText";
import type { Session, SessionState } from "./session";

/**
 * Shows the host and project, or that nobody is signed in. Clicking switches project when signed
 * in and signs in otherwise.
 */
export class SessionStatusBar implements vscode.Disposable {
    private readonly item = vscode.window.createStatusBarItem(
        "posthog-workbench.session",
        vscode.StatusBarAlignment.Left,
        50,
    );
    private readonly subscription: vscode.Disposable;

    constructor(
        session: Session,
        private readonly projectName: (projectId: string) => string | undefined,
    ) {
        this.item.name = "PostHog Workbench";
        this.subscription = session.onDidChange((state) => this.render(state));
        this.render(session.state);
        this.item.show();
    }

    render(state: SessionState): void {
        const restricted = vscode.workspace.isTrusted
            ? ""
            : "\n\nRestricted Mode: the host and project from workspace settings are ignored.";
        if (state.signedIn) {
            // The project's name comes from the server: the status bar renders `$(name)` icons.
            const name = this.projectName(state.projectId) ?? `project ${state.projectId}`;
            this.item.text = `$(graph) ${inLabel(name)}`;
            this.item.tooltip = `PostHog: ${oneLine(name)} on ${state.host}\nClick to switch project.${restricted}`;
            this.item.command = "posthog-workbench.switchProject";
            this.item.backgroundColor = undefined;
        } else {
            this.item.text = "$(sign-in) PostHog: Sign In";
            this.item.tooltip = `${state.reason}\nClick to sign in.${restricted}`;
            this.item.command = "posthog-workbench.signIn";
        }
    }

    dispose(): void {
        this.subscription.dispose();
        this.item.dispose();
    }
}
