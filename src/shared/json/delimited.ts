// Cells of CSV and TSV text, for the extension's exports and the grid's clipboard alike. A text
// value from the server may be written to make a spreadsheet run it: `=HYPERLINK(...)` from a
// page URL runs in Excel, Sheets and LibreOffice when the file is opened or the text pasted (CSV
// injection, OWASP). Such a cell gets a leading apostrophe, which these read as "this is text".
// Only text values are touched: a number (-5, +3 as sent, or a wide BigNumber) is written as it
// is. Pure: no Node or DOM APIs.
import { valueText } from "./lossless";

/** What a spreadsheet reads as the start of a formula (OWASP: =, +, -, @, tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Separators a spreadsheet may split a comma-separated file on instead of commas (Excel uses the
 * locale's list separator, `;` in much of Europe): a cell holding one is quoted, so that no part
 * of it starts a cell of its own (`x;=HYPERLINK(...)`).
 */
const OTHER_SEPARATORS = /[;\t]/;

/** `text` with a leading `'` when a spreadsheet would read it as a formula. */
export function neutraliseFormula(text: string): string {
    return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * `text` quoted as CSV (RFC 4180) and spreadsheets' TSV want it when it holds the separator, a
 * double quote, CR or LF: inside double quotes, each double quote doubled.
 */
export function quoteField(text: string, separator: string): string {
    const needs = text.includes(separator) || /["\r\n]/.test(text);
    return needs ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One cell of delimited text: `value` with every digit (objects as compact JSON), quoted as
 * needed; with `neutralise`, a text value that would start a formula is made inert, and in a
 * comma-separated file one holding another separator is quoted too.
 */
export function delimitedField(value: unknown, separator: string, neutralise: boolean): string {
    const text = valueText(value);
    if (!neutralise || typeof value !== "string") return quoteField(text, separator);
    const safe = neutraliseFormula(text);
    if (separator === "," && OTHER_SEPARATORS.test(safe)) return `"${safe.replace(/"/g, '""')}"`;
    return quoteField(safe, separator);
}

/** One cell on its own (a single copied value): no quotes, a formula made inert if asked. */
export function singleField(value: unknown, neutralise: boolean): string {
    const text = valueText(value);
    return neutralise && typeof value === "string" ? neutraliseFormula(text) : text;
}
