// The column items of the header's menu and of a cell's context menu (for keyboard users, whose
// menu key opens the cell's): hide, move, freeze, the chooser and reset.
import * as l10n from "@vscode/l10n";
import type { ColumnControl } from "./columnControl";
import type { MenuItem } from "./menu";

/** The items for grid column `col`; `choose` opens the column chooser. */
export function columnItems(
    columns: ColumnControl,
    col: number,
    choose: () => void,
): (MenuItem | null)[] {
    const layout = columns.current();
    const items: (MenuItem | null)[] = [
        { label: l10n.t("Hide Column"), run: () => columns.hide(col) },
    ];
    if (col > 0)
        items.push({ label: l10n.t("Move Column Left"), run: () => columns.move(col, col - 1) });
    if (col < layout.shown.length - 1)
        items.push({ label: l10n.t("Move Column Right"), run: () => columns.move(col, col + 1) });
    items.push({
        label:
            layout.frozen === col + 1
                ? l10n.t("Unfreeze Columns")
                : l10n.t("Freeze up to This Column"),
        run: () => columns.freezeUpTo(col),
    });
    items.push(null, { label: l10n.t("Choose Columns…"), run: choose });
    if (columns.arranged)
        items.push({ label: l10n.t("Reset Columns"), run: () => columns.reset() });
    return items;
}
