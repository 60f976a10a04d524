// How the user arranged a result's columns: which are shown, in what order, and how many stay in
// place while scrolling right. Part of a result's view state (resultsProtocol.ts ViewState) so it
// goes wherever the view goes (a reload, the panel and a tab), and remembered per query text in
// the page's state (WebviewState.layouts), keyed by `queryKey`. Imported by the page and the host.

/** The user's arrangement of one result's columns. */
export interface ColumnLayout {
    /**
     * The result's column names in the service's order when the layout was made: a layout
     * applies only to a result with the same columns (the query's text may stay while they
     * change, as with `select *` on a table that gained a column).
     */
    names: string[];
    /** The columns shown, as indices into `names`, left to right; hidden ones are absent. */
    shown: number[];
    /** How many of the shown columns, from the left, stay in place while scrolling right. */
    frozen: number;
}

/** Every column in the service's order, none frozen. */
export function defaultLayout(names: readonly string[]): ColumnLayout {
    return { names: names.slice(), shown: names.map((_, i) => i), frozen: 0 };
}

/** True when the layout shows every column in the service's order with none frozen. */
export function isDefaultLayout(layout: ColumnLayout): boolean {
    return (
        layout.frozen === 0 &&
        layout.shown.length === layout.names.length &&
        layout.shown.every((c, i) => c === i)
    );
}

/**
 * The layout if it is sound and made for these column names, else null. State comes back from
 * storage the page does not control: every index is checked, none repeated, at least one shown.
 */
export function layoutFor(layout: unknown, names: readonly string[]): ColumnLayout | null {
    if (!layout || typeof layout !== "object") return null;
    const l = layout as Partial<ColumnLayout>;
    if (!Array.isArray(l.names) || !Array.isArray(l.shown) || typeof l.frozen !== "number")
        return null;
    if (l.names.length !== names.length || l.names.some((n, i) => n !== names[i])) return null;
    const seen = new Set<number>();
    for (const c of l.shown) {
        if (!Number.isInteger(c) || c < 0 || c >= names.length || seen.has(c)) return null;
        seen.add(c);
    }
    if (l.shown.length === 0) return null;
    const frozen = Math.max(0, Math.min(Math.floor(l.frozen), l.shown.length));
    return { names: names.slice(), shown: l.shown.slice(), frozen };
}

/**
 * The key a query's layout is remembered under: a hash of its text with runs of white space made
 * one space and the ends trimmed (re-indenting a query keeps its layout). FNV-1a, 32 bits, twice
 * with different seeds: short, and collisions between a user's queries are unlikely.
 */
export function queryKey(text: string): string {
    const normal = text.replace(/\s+/g, " ").trim();
    let a = 0x811c9dc5;
    let b = 0x01000193 ^ normal.length;
    for (let i = 0; i < normal.length; i++) {
        const ch = normal.charCodeAt(i);
        a = Math.imul(a ^ ch, 0x01000193);
        b = Math.imul(b ^ ch, 0x5bd1e995);
    }
    return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
