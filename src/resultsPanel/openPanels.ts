// Remembers, in the workspace's memento, which stored result each open results panel shows, so a
// window reload restores the panel even when the workbench lost its webview state. VS Code keeps
// a webview's state only inside the editor layout, which it saves every few seconds and at
// shutdown (a browser may cut that last save short): a reload soon after a result arrives brings
// the tab back with no state, or with an earlier result's. A memento value is written at once.
import type * as vscode from "vscode";

/** One panel: its title and the stored results it showed, the current one last. */
interface Entry {
    title: string;
    keys: string[];
}

const mementoKey = "posthog-workbench.results.openPanels";
/** As many as the store keeps; older keys are deleted from disk anyway. */
const keep = 8;

export class OpenPanels<P extends object> {
    /** Panels of the previous window session that have not been restored yet. */
    private readonly unclaimed: Entry[];
    private readonly live = new Map<P, Entry>();

    constructor(private readonly memento: vscode.Memento) {
        this.unclaimed = memento.get<Entry[]>(mementoKey, []).filter(isEntry);
    }

    /** Records that `panel`, now titled `title`, shows the result stored under `key`. */
    shown(panel: P, title: string, key: string): Thenable<void> {
        const entry = this.live.get(panel) ?? { title, keys: [] };
        entry.title = title;
        entry.keys = [...entry.keys.filter((k) => k !== key), key].slice(-keep);
        // Most recently shown last.
        this.live.delete(panel);
        this.live.set(panel, entry);
        return this.save();
    }

    /** Forgets a panel the user closed. */
    closed(panel: P): Thenable<void> {
        return this.live.delete(panel) ? this.save() : Promise.resolve();
    }

    /**
     * The key a restored panel should show: the latest result of the previous session's panel
     * that showed `stateKey` (the state may be older than the panel's last result), or, without
     * a state key, of the panel with the same title, else of the most recent one.
     */
    claim(title: string, stateKey: string | null): string | null {
        const index = stateKey
            ? this.unclaimed.findIndex((e) => e.keys.includes(stateKey))
            : lastIndex(this.unclaimed, (e) => e.title === title, this.unclaimed.length - 1);
        if (index < 0) return stateKey;
        const [entry] = this.unclaimed.splice(index, 1);
        return entry.keys[entry.keys.length - 1] ?? stateKey;
    }

    private save(): Thenable<void> {
        const entries = [...this.unclaimed, ...this.live.values()].slice(-keep);
        return this.memento.update(mementoKey, entries);
    }
}

function lastIndex<T>(items: T[], test: (item: T) => boolean, otherwise: number): number {
    for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
    return otherwise;
}

function isEntry(value: unknown): value is Entry {
    const e = value as Entry | null;
    return (
        typeof e === "object" &&
        e !== null &&
        typeof e.title === "string" &&
        Array.isArray(e.keys) &&
        e.keys.every((k) => typeof k === "string")
    );
}
