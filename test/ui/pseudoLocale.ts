// The pseudo-locale run's parts: the extension as VS Code would load it with a `qps-ploc`
// language pack (our bundles pseudo-translated at test time by @vscode/l10n-dev, never committed),
// and the check that a text a user sees holds no English of ours. Pseudo-translation replaces
// every letter with an accented look-alike ("Sign In" -> "Şīɠƞ Īƞ"), so an English word of our
// bundles that is still readable in the page bypassed the translation.
import * as fs from "node:fs";
import * as path from "node:path";
import { getL10nPseudoLocalized } from "@vscode/l10n-dev";
import { ROOT } from "./workbench";

export const PSEUDO_LOCALE = "qps-ploc";

/**
 * A copy of the extension in `dir` that carries `package.nls.qps-ploc.json` and
 * `l10n/bundle.l10n.qps-ploc.json` beside the English ones: the build (dist/) is copied and every
 * other entry is a link to the repository's, so the build under test is the one loaded.
 */
export function pseudoLocalisedExtension(dir: string): string {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, "l10n"), { recursive: true });
    const skip = new Set([".git", ".vscode-test", "l10n", "test", "out", "bench", "docs", "src"]);
    skip.add("node_modules");
    for (const entry of fs.readdirSync(ROOT)) {
        if (skip.has(entry)) continue;
        // The code is copied, not linked: the extension host tells which extension calls its API
        // by the real path of the calling module, and a linked dist/ is outside the copy.
        if (entry === "dist")
            fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), {
                recursive: true,
                filter: (from) => !from.endsWith(".map"),
            });
        else fs.symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
    }
    const pseudo = (from: string, to: string): void => {
        const english = JSON.parse(fs.readFileSync(path.join(ROOT, from), "utf8")) as Record<
            string,
            string
        >;
        fs.writeFileSync(path.join(dir, to), JSON.stringify(getL10nPseudoLocalized(english)));
    };
    fs.copyFileSync(
        path.join(ROOT, "l10n", "bundle.l10n.json"),
        path.join(dir, "l10n", "bundle.l10n.json"),
    );
    pseudo("l10n/bundle.l10n.json", `l10n/bundle.l10n.${PSEUDO_LOCALE}.json`);
    pseudo("package.nls.json", `package.nls.${PSEUDO_LOCALE}.json`);
    return dir;
}

/**
 * The user data files that make the workbench itself start in the pseudo-locale: what VS Code
 * writes when a language pack is installed (`languagepacks.json`, read by the server when it
 * serves the workbench, see vs/base/node/nls.ts), pointing at a core translation with no
 * messages, so VS Code's own text stays English and only ours is pseudo-translated. Without it
 * `--locale qps-ploc` finds no pack and the workbench, and so `vscode.env.language`, stays "en".
 */
export function pseudoLanguagePack(dir: string): Record<string, string> {
    const core = path.join(dir, "vscode.i18n.json");
    fs.writeFileSync(core, JSON.stringify({ contents: {} }));
    return {
        "languagepacks.json": JSON.stringify({
            [PSEUDO_LOCALE]: {
                hash: "pseudo-locale-test",
                extensions: [
                    { extensionIdentifier: { id: "test.pseudo-language-pack" }, version: "0.0.0" },
                ],
                translations: { vscode: core },
                label: "Pseudo Language",
            },
        }),
    };
}

/**
 * Words of 3 or more plain Latin letters in `text`, lower-cased. A word touching any other
 * letter is not one: "ŧħḗḗ" holds no plain word, and neither does a name like "Straße".
 */
export function englishWords(text: string): string[] {
    return (text.match(/(?<![\p{L}\p{N}_])[A-Za-z]{3,}(?![\p{L}\p{N}_])/gu) ?? []).map((w) =>
        w.toLowerCase(),
    );
}

/**
 * The English words `Intl` writes for a language it has no data for (the pseudo-locale falls
 * back to the default, en-US): month and day names, AM/PM, relative times. Dates follow
 * `vscode.env.language`; their words are not strings of ours.
 */
export function intlFallbackWords(): string {
    const out: string[] = [];
    for (let m = 0; m < 12; m++)
        for (const month of ["long", "short"] as const)
            out.push(
                new Intl.DateTimeFormat("en-US", { month, timeZone: "UTC" }).format(
                    Date.UTC(2026, m, 1),
                ),
            );
    for (let d = 0; d < 7; d++)
        for (const weekday of ["long", "short"] as const)
            out.push(
                new Intl.DateTimeFormat("en-US", { weekday, timeZone: "UTC" }).format(
                    Date.UTC(2026, 0, 4 + d),
                ),
            );
    out.push("AM PM");
    const units = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
    for (const numeric of ["auto", "always"] as const)
        for (const style of ["long", "short"] as const)
            for (const unit of units)
                for (const value of [-2, -1, 0, 1, 2])
                    out.push(
                        new Intl.RelativeTimeFormat("en-US", { numeric, style }).format(
                            value,
                            unit,
                        ),
                    );
    return out.join(" ");
}

/** Every string value in JSON-like data (names, descriptions, keys, cells), nested or not. */
export function stringValues(data: unknown, out: string[] = []): string[] {
    if (typeof data === "string") out.push(data);
    else if (Array.isArray(data)) for (const item of data) stringValues(item, out);
    else if (data && typeof data === "object")
        for (const value of Object.values(data)) stringValues(value, out);
    return out;
}

/**
 * The English words `texts` still show: any word of plain Latin letters once the sandbox's values
 * (`data`: whole names, descriptions, cells, each removed where it stands as a whole, so a data
 * value "copy" does not excuse the word in "Copy as CSV") are taken out, minus `allowedWords`
 * (product names kept as they are, Intl's fallback words). Every text of ours is
 * pseudo-translated in this run, so a plain English word left is a string that bypassed
 * localisation.
 */
export function untranslated(
    texts: { where: string; text: string }[],
    data: string[],
    allowedWords: string,
): string[] {
    const escape = (v: string): string => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const values = [...new Set(data.map((v) => v.trim()).filter(Boolean))].sort(
        (a, b) => b.length - a.length,
    );
    const dataPattern = new RegExp(
        `(?<![\\p{L}\\p{N}_])(?:${values.map(escape).join("|")})(?![\\p{L}\\p{N}_])`,
        "gu",
    );
    const excluded = new Set(englishWords(allowedWords));
    const found: string[] = [];
    for (const { where, text } of texts) {
        const ours = values.length ? text.replace(dataPattern, " ") : text;
        const words = englishWords(ours).filter((w) => !excluded.has(w));
        if (words.length) found.push(`${where}: ${[...new Set(words)].join(", ")} in "${text}"`);
    }
    return found;
}
