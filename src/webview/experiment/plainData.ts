// The experiment page's data as the page shows it: every string without the bidi, zero-width and
// control characters that would reorder or hide what a reader sees (names, descriptions and keys
// are the server's; our own words have none).
import { withoutControls } from "../../shared/plainText";

/** `value` with every string in it passed through `withoutControls`. */
export function plainData<T>(value: T): T {
    if (typeof value === "string") return withoutControls(value) as T;
    if (Array.isArray(value)) return value.map((v: unknown) => plainData(v)) as T;
    if (value !== null && typeof value === "object")
        return Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, plainData(v as unknown)]),
        ) as T;
    return value;
}
