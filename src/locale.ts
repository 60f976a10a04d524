// The language VS Code shows (`vscode.env.language`), for dates, numbers and relative times in
// modules that do not import vscode: l10nSetup.ts sets it before anything runs; plain Node tests
// keep "en".
let language = "en";

export function setDisplayLanguage(tag: string): void {
    try {
        language = Intl.getCanonicalLocales(tag)[0] ?? "en";
    } catch {
        // VS Code's pseudo-locale (qps-ploc) and the like: keep the previous language.
    }
}

export function displayLanguage(): string {
    return language;
}
