import * as vscode from "vscode";
import type { EventDefinitionsFilter } from "./format";

const P = "posthog-workbench";

/**
 * Sets the context keys the view's menus read (package.json `when` clauses) from its filter.
 * Activation sets them for the first filter (src/lazyViews.ts), so the menus are right before
 * the tree's code has loaded; the tree sets them on each change.
 */
export function showFilterContext(filter: EventDefinitionsFilter): void {
    const set = (key: string, value: unknown): void => {
        void vscode.commands.executeCommand("setContext", `${P}.eventDefinitions.${key}`, value);
    };
    set("searching", filter.search !== "");
    set("includeHidden", filter.includeHidden);
    set("includePostHog", filter.includePostHog);
    set("ordering", filter.ordering);
    set("usage", filter.usage);
}
