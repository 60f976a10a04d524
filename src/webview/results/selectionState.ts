// The grid's selection as view state (kept with sort, filter and scroll) and back.
import type { SelectionState } from "../../shared/resultsProtocol";
import type { Selection } from "./selection";

/** The selection to save, or undefined when nothing is selected. */
export function selectionState(selection: Selection): SelectionState | undefined {
    if (!selection.active) return undefined;
    const { anchorRow, anchorCol, focusRow, focusCol, mode } = selection;
    return { anchorRow, anchorCol, focusRow, focusCol, mode };
}

/** Selects what `state` saved (clamped to the grid's rows and columns). */
export function restoreSelection(selection: Selection, state: SelectionState): void {
    selection.set(state.anchorRow, state.anchorCol, state.mode, false);
    selection.set(state.focusRow, state.focusCol, state.mode, true);
}
