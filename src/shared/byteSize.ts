// A byte count as people read it ("38 kB", "1.2 GB"), in the display language's digits and unit
// names. Used by the extension (query history) and by the results page; no `vscode` or DOM import.

/** Units Intl may format (ECMA-402's sanctioned units), by powers of 1000. */
const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const;

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string | undefined, unit: string, digits: number): Intl.NumberFormat {
    const key = `${locale ?? ""}|${unit}|${digits}`;
    let f = formats.get(key);
    if (!f) {
        f = new Intl.NumberFormat(locale, {
            style: "unit",
            unit,
            unitDisplay: "short",
            maximumFractionDigits: digits,
        });
        formats.set(key, f);
    }
    return f;
}

/** `bytes` in the largest unit that keeps the number at least 1; one decimal below 10. */
export function formatByteSize(bytes: number, locale?: string): string {
    let value = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
    let i = 0;
    while (value >= 1000 && i < UNITS.length - 1) {
        value /= 1000;
        i++;
    }
    return formatOf(locale, UNITS[i], i > 0 && value < 10 ? 1 : 0).format(value);
}
