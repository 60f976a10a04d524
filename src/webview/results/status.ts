// The status line: how many rows, why there may be more, how long it took, what it read and the
// query budget left (when the service said), cached or fresh, and the buttons that show the SQL
// the service ran.
import * as l10n from "@vscode/l10n";
import { formatByteSize } from "../../shared/byteSize";
import { countFormat, locale } from "./locale";
import type { ResultModel } from "./resultModel";

/** The explanation shown when HogQL's default LIMIT cut the result. */
export function limitNotice(limit: number | null, rowCount: number): string {
    const shown = countFormat().format(limit ?? rowCount);
    return l10n.t(
        "Showing the first {0} rows: HogQL adds LIMIT {0} when a query has none; add an explicit LIMIT (max 50,000) to get more",
        shown,
    );
}

function when(iso: string): string {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString(locale);
}

export class StatusLine {
    readonly element: HTMLElement;
    private readonly rows: HTMLElement;
    private readonly notice: HTMLElement;
    private readonly info: HTMLElement;
    private readonly buttons: HTMLElement;

    constructor(private readonly showSql: (dialect: "hogql" | "clickhouse") => void) {
        this.element = document.createElement("footer");
        this.element.className = "status";
        // Not a live region: it changes as rows load; the announcer reads the finished result.
        this.rows = document.createElement("span");
        this.rows.className = "status-rows";
        this.notice = document.createElement("span");
        this.notice.className = "status-notice";
        this.info = document.createElement("span");
        this.info.className = "status-info";
        this.buttons = document.createElement("span");
        this.buttons.className = "status-buttons";
        this.element.append(this.rows, this.notice, this.info, this.buttons);
    }

    update(model: ResultModel | null): void {
        if (!model) {
            // The panel opens when a run starts, so its page is ready when the rows arrive.
            this.rows.textContent = l10n.t("Waiting for the result…");
            this.notice.textContent = "";
            this.info.textContent = "";
            this.buttons.replaceChildren();
            return;
        }
        const meta = model.payload.meta;
        const shown = model.rowCount();
        const total = model.total;
        let rows =
            shown === total
                ? total === 1
                    ? l10n.t("{0} row", countFormat().format(total))
                    : l10n.t("{0} rows", countFormat().format(total))
                : l10n.t(
                      "{0} of {1} rows",
                      countFormat().format(shown),
                      countFormat().format(total),
                  );
        const columns = meta.columns.length;
        rows += ` × ${columns === 1 ? l10n.t("{0} column", columns) : l10n.t("{0} columns", columns)}`;
        if (model.error) rows += ` · ${l10n.t("could not read all rows")}`;
        else if (!model.complete)
            rows += ` · ${l10n.t("loading {0}%", Math.round((100 * model.received) / Math.max(1, total)))}`;
        this.rows.textContent = rows;
        this.notice.textContent = meta.hasMore ? limitNotice(meta.limit, total) : "";
        this.notice.hidden = !meta.hasMore;
        const parts = [
            l10n.t("{0} ms", countFormat().format(Math.round(model.payload.durationMs))),
        ];
        const { bytesRead, budgetRemainingBytes } = model.payload;
        if (typeof bytesRead === "number")
            parts.push(l10n.t("{0} read", formatByteSize(bytesRead, locale)));
        if (typeof budgetRemainingBytes === "number")
            parts.push(
                l10n.t(
                    "{0} of the query budget left",
                    formatByteSize(budgetRemainingBytes, locale),
                ),
            );
        const state = meta.isCached ? l10n.t("cached") : l10n.t("fresh");
        parts.push(
            meta.lastRefresh
                ? l10n.t("{0} (last refresh {1})", state, when(meta.lastRefresh))
                : state,
        );
        this.info.textContent = parts.join(" · ");
        this.info.title = meta.lastRefresh ?? "";
        const buttons: HTMLElement[] = [];
        if (meta.hasHogql)
            buttons.push(
                this.link(l10n.t("HogQL"), l10n.t("Show the HogQL the service ran"), "hogql"),
            );
        if (meta.hasClickhouse) {
            buttons.push(
                this.link(
                    l10n.t("ClickHouse SQL"),
                    l10n.t("Show the ClickHouse SQL the service ran"),
                    "clickhouse",
                ),
            );
        }
        this.buttons.replaceChildren(...buttons);
    }

    private link(label: string, title: string, dialect: "hogql" | "clickhouse"): HTMLElement {
        const b = document.createElement("button");
        b.className = "link";
        b.textContent = label;
        b.title = title;
        b.addEventListener("click", () => this.showSql(dialect));
        return b;
    }
}
