import * as vscode from "vscode";
import type { EventDefinition } from "../api";
import { inMarkdown, oneLine } from "../shared/plainText";
import { countText, personName, relativeTime, rowDescription } from "./format";

const P = "posthog-workbench";

/**
 * One event definition. `contextValue` is `eventDefinition:<verified|unverified>:<hidden|visible>`
 * so the `when` clauses of the context menu can offer only the edits that make sense.
 */
export class EventDefinitionNode extends vscode.TreeItem {
    /**
     * `usedInCode`: whether the workspace's code captures the event, once the workspace index is
     * built (undefined before: nothing is said).
     */
    constructor(
        readonly definition: EventDefinition,
        now = Date.now(),
        readonly usedInCode?: boolean,
    ) {
        // A label and description are plain text, but show every character: one line, cut.
        super(oneLine(definition.name), vscode.TreeItemCollapsibleState.None);
        this.id = `eventDefinition:${definition.id}`;
        const description = oneLine(rowDescription(definition, now));
        this.description = usedInCode ? vscode.l10n.t("in code · {0}", description) : description;
        this.iconPath = iconFor(definition);
        this.contextValue = [
            "eventDefinition",
            definition.verified ? "verified" : "unverified",
            definition.hidden ? "hidden" : "visible",
        ].join(":");
        // No tooltip here: VS Code calls resolveTreeItem on hover only for undefined properties,
        // and that is where the volume is queried.
        this.command = {
            command: `${P}.showEventDefinition`,
            title: vscode.l10n.t("Show Event Definition Details"),
            arguments: [this, { fromTree: true }],
        };
        this.accessibilityInformation = {
            label: [
                definition.name,
                definition.verified ? vscode.l10n.t("verified") : undefined,
                definition.hidden ? vscode.l10n.t("hidden") : undefined,
                usedInCode ? vscode.l10n.t("used in code") : undefined,
                vscode.l10n.t("last seen {0}", relativeTime(definition.last_seen_at, now)),
                definition.description ?? undefined,
            ]
                .filter(Boolean)
                .map((part) => oneLine(String(part)))
                .join(", "),
        };
    }
}

function iconFor(def: EventDefinition): vscode.ThemeIcon {
    if (def.verified)
        return new vscode.ThemeIcon("verified-filled", new vscode.ThemeColor("charts.green"));
    if (def.hidden)
        return new vscode.ThemeIcon("eye-closed", new vscode.ThemeColor("disabledForeground"));
    return new vscode.ThemeIcon("symbol-event");
}

/**
 * The hover of a row: what the row shows in full, plus owner and 30-day event volume. Server text
 * goes in through `inMarkdown`, not `appendText`, which leaves autolinks, bare URLs, HTML,
 * entities and invisible characters as they are.
 */
export function tooltipFor(def: EventDefinition, volume: string): vscode.MarkdownString {
    const tip = new vscode.MarkdownString("", true);
    // Trimmed: `**` after a space does not close the bold.
    const name = inMarkdown(def.name, { oneLine: true }).trim();
    if (name) tip.appendMarkdown(`**${name}**`);
    if (def.verified) tip.appendMarkdown(` $(verified-filled) ${vscode.l10n.t("verified")}`);
    if (def.hidden) tip.appendMarkdown(` $(eye-closed) ${vscode.l10n.t("hidden")}`);
    tip.appendMarkdown("\n\n");
    const description = def.description?.trim();
    if (description) tip.appendMarkdown(`${inMarkdown(description)}\n\n`);
    const line = (label: string, value: string): void => {
        tip.appendMarkdown(`${label}: ${inMarkdown(value, { oneLine: true })}  \n`);
    };
    if (def.tags?.length) line(vscode.l10n.t("Tags"), def.tags.join(", "));
    line(vscode.l10n.t("Last seen"), relativeTime(def.last_seen_at));
    line(vscode.l10n.t("Owner"), personName(def.owner) ?? vscode.l10n.t("nobody"));
    line(vscode.l10n.t("Events in the last 30 days"), volume);
    return tip;
}

/** The last row while the service has more: loads the next page where it is clicked. */
export class LoadMoreNode extends vscode.TreeItem {
    /** `capped`: the service stopped counting at `count`, so it is shown as a lower bound. */
    constructor(loaded: number, count: number, capped = false) {
        super(vscode.l10n.t("Load more…"), vscode.TreeItemCollapsibleState.None);
        this.id = "eventDefinitions:loadMore";
        this.description = vscode.l10n.t("{0} of {1}", countText(loaded), countText(count, capped));
        this.iconPath = new vscode.ThemeIcon("fold-down");
        this.contextValue = "loadMore";
        this.command = {
            command: `${P}.loadMoreEventDefinitions`,
            title: vscode.l10n.t("Load More Event Definitions"),
        };
    }
}

/** A row that says something instead of listing (nothing found, or a load failed). */
export class MessageNode extends vscode.TreeItem {
    constructor(
        label: string,
        options: { detail?: string; icon?: string; command?: vscode.Command },
    ) {
        super(label, vscode.TreeItemCollapsibleState.None);
        this.id = `eventDefinitions:message:${label}`;
        // The detail can be a server's error sentence.
        this.description = options.detail === undefined ? undefined : oneLine(options.detail);
        this.tooltip = options.detail;
        this.iconPath = new vscode.ThemeIcon(options.icon ?? "info");
        this.contextValue = "message";
        this.command = options.command;
    }
}

export type EventDefinitionsElement = EventDefinitionNode | LoadMoreNode | MessageNode;
