import * as vscode from "vscode";

/**
 * The status bar item of a running query: what runs, the seconds since the run began and Cancel
 * (a click cancels every run in progress).
 *
 * It does not spin. A `~spin` icon is a CSS animation that has the workbench draw a frame many
 * times a second for as long as it shows: microsoft/vscode#96094 measured 20+% of a core in the
 * GPU process for one status bar spinner (VS Code then slowed its spin to 20 frames a second,
 * #96096). Measured here too, in code-server's Chromium without a GPU: the spinner took CPU from
 * the run itself and delayed the first data cell (see docs/performance.md, "Run status item").
 * A count that changes once a second says the query is
 * alive, and says for how long, for one frame a second.
 */
export class RunStatusItem implements vscode.Disposable {
    private readonly item = vscode.window.createStatusBarItem(
        "posthog-workbench.queryStatus",
        vscode.StatusBarAlignment.Left,
        49,
    );
    private label = "";
    private startedAt = 0;
    private ticker: ReturnType<typeof setInterval> | undefined;

    constructor() {
        this.item.name = vscode.l10n.t("PostHog query");
        this.item.command = "posthog-workbench.cancelQuery";
        this.item.tooltip = vscode.l10n.t("A HogQL query is running. Click to cancel it.");
        this.item.accessibilityInformation = {
            label: vscode.l10n.t("A HogQL query is running; press to cancel it."),
            role: "button",
        };
    }

    /**
     * Shows `label` (what runs, e.g. "HogQL (2 of 3)"). The seconds count from the first show
     * after the item was hidden: a file's statements run one after another under one count.
     */
    show(label: string): void {
        this.label = label;
        if (!this.ticker) {
            this.startedAt = Date.now();
            this.ticker = setInterval(() => this.render(), 1000);
        }
        this.render();
        this.item.show();
    }

    hide(): void {
        clearInterval(this.ticker);
        this.ticker = undefined;
        this.item.hide();
    }

    dispose(): void {
        this.hide();
        this.item.dispose();
    }

    private render(): void {
        const seconds = Math.floor((Date.now() - this.startedAt) / 1000);
        this.item.text = `$(watch) ${
            seconds === 0
                ? vscode.l10n.t("{0} · Cancel", this.label)
                : vscode.l10n.t("{0} {1} · Cancel", this.label, elapsedText(seconds))
        }`;
    }
}

/** "7 s", "2 min 5 s". */
function elapsedText(seconds: number): string {
    return seconds < 60
        ? vscode.l10n.t("{0} s", seconds)
        : vscode.l10n.t("{0} min {1} s", Math.floor(seconds / 60), seconds % 60);
}
