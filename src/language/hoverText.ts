// The Markdown of a HogQL hover: one line of help for a function or keyword, the columns of a
// table. No `vscode` import, so the unit tests render it as VS Code would.
import { codeSpan, inMarkdown } from "../shared/plainText";
import { catalogueFacts, findFunction, keywordDescription, signatureFor } from "./hogqlCatalog";
import type { HogQLTable } from "./languageFeatures";

/**
 * The hover's Markdown for `word` (a function when `isCall` or not a keyword, a keyword, or a
 * table of the schema). Table and field names and types are the server's: code spans and
 * escaped text, so no backtick, link or HTML in them makes anything.
 */
export function hoverMarkdown(
    word: string,
    isCall: boolean,
    tables: readonly HogQLTable[],
): string | undefined {
    const fn = findFunction(word);
    const keyword = keywordDescription(word);
    if (fn && (isCall || !keyword))
        return `\`${signatureFor(fn)}\`\n\n${fn.description}\n\n${catalogueFacts(fn)}`;
    if (keyword) return `**${word.toUpperCase()}**: ${keyword}`;
    const table = tables.find((t) => t.name === word);
    if (table) {
        const columns = table.fields
            .map((f) => `${codeSpan(f.name)} ${inMarkdown(f.type, { oneLine: true })}`)
            .join(", ");
        return `Table ${codeSpan(table.name)}: ${columns}`;
    }
    return undefined;
}
