// VS Code's display language, which the extension writes into the page (`<html lang>`): dates,
// numbers and sorting follow it rather than whatever language the browser engine defaults to.
// (Read through globalThis: format.ts, which uses it, is also compiled for plain Node tests.)
const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
export const locale: string | undefined = page?.documentElement.lang || undefined;

let counts: Intl.NumberFormat | undefined;

/**
 * Counts (rows, columns) in the display language's digits and grouping. Made on first use, not
 * while the page starts: main.ts makes it once the page is idle.
 */
export function countFormat(): Intl.NumberFormat {
    return (counts ??= new Intl.NumberFormat(locale));
}
