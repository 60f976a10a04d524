// Moves package.json's user-facing strings (titles, names, descriptions of commands, views,
// settings, the walkthrough, chat and tools) into package.nls.json, leaving `%key%` in their
// place, as VS Code localises a manifest (package.nls.<lang>.json holds the translations).
// Idempotent: strings already `%key%` stay. Run it after adding a contribution:
// `node scripts/externalizePackageStrings.mjs`; test/packageCheck.mjs fails on any it missed.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const pkgPath = path.join(root, "package.json");
const nlsPath = path.join(root, "package.nls.json");
const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));
const nls = fs.existsSync(nlsPath) ? JSON.parse(fs.readFileSync(nlsPath, "utf8")) : {};

/** Fields whose strings a user reads (modelDescription is for the model, and stays). */
export const LOCALISED_FIELDS = new Set([
    "title",
    "name",
    "contextualTitle",
    "contents",
    "category",
    "description",
    "markdownDescription",
    "enumDescriptions",
    "markdownEnumDescriptions",
    "deprecationMessage",
    "markdownDeprecationMessage",
    "displayName",
    "userDescription",
    "fullName",
    "label",
    "altText",
]);
/** Where a field is not text for people: ids, names of things, paths. */
const NOT_TEXT = [
    /^contributes\.languageModelTools\.[^.]+\.name$/,
    /^contributes\.chatParticipants\.[^.]+\.name$/,
    /^contributes\.chatParticipants\.[^.]+\.commands\.[^.]+\.name$/,
    /\.inputSchema\./,
    /^contributes\.languages\./,
    /^contributes\.grammars\./,
    /^contributes\.jsonValidation\./,
    /^contributes\.snippets\./,
    /^contributes\.keybindings\./,
    /^contributes\.menus\./,
    /^contributes\.views\.[^.]+\.[^.]+\.(?!name$|contextualTitle$)/,
];

function idOf(item, index) {
    const id = item?.command ?? item?.id ?? item?.name ?? item?.view ?? String(index);
    return String(id).replace(/^posthog-workbench\./, "");
}

function walk(value, keyPath, visit) {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...keyPath, idOf(v, i)], visit));
    else if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) {
            if (LOCALISED_FIELDS.has(k)) visit(value, k, [...keyPath, k]);
            else walk(v, [...keyPath, k], visit);
        }
}

/** Every localisable string of the manifest: [dotted path, holder, field, index?]. */
export function localisable(manifest) {
    const found = [];
    const top = { displayName: manifest.displayName, description: manifest.description };
    for (const k of Object.keys(top)) found.push({ path: k, holder: manifest, field: k });
    walk(manifest.contributes, ["contributes"], (holder, field, keyPath) => {
        const dotted = keyPath.join(".");
        if (NOT_TEXT.some((re) => re.test(dotted))) return;
        if (Array.isArray(holder[field]))
            holder[field].forEach((_, i) =>
                found.push({ path: `${dotted}.${i}`, holder: holder[field], field: i }),
            );
        else if (typeof holder[field] === "string") found.push({ path: dotted, holder, field });
    });
    return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    let moved = 0;
    for (const { path: p, holder, field } of localisable(pkg)) {
        const text = holder[field];
        if (typeof text !== "string" || /^%[^%]+%$/.test(text)) continue;
        // One key per distinct category ("PostHog" on every command).
        const key = field === "category" ? "category" : p.replace(/^contributes\./, "");
        if (nls[key] !== undefined && nls[key] !== text) throw new Error(`key clash: ${key}`);
        nls[key] = text;
        holder[field] = `%${key}%`;
        moved++;
    }
    pkg.l10n = "./l10n";
    fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + "\n");
    fs.writeFileSync(nlsPath, JSON.stringify(nls, null, 4) + "\n");
    console.log(`moved ${moved} strings; package.nls.json has ${Object.keys(nls).length}`);
}
