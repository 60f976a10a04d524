// A notebook as Markdown: prose as written, queries in ```hogql fences, results as tables (every
// row the output kept), errors as quotes, charts as the PNG the renderer drew (when it sent one).
// Pure: no `vscode` import.
import type { StoredNotebook } from "./fileFormat";
import { markdownPreview } from "./resultOutput";

/** `images[i][j]`: a data: URL of cell i's output j drawn as a chart, when there is one. */
export function notebookMarkdown(
    notebook: StoredNotebook,
    title: string,
    images: Map<string, string> = new Map(),
): string {
    const out: string[] = [`# ${title}`, ""];
    const variables = Object.entries(notebook.variables ?? {});
    if (variables.length) {
        out.push("| variable | value |", "| --- | --- |");
        for (const [k, v] of variables) out.push(`| \`${k}\` | ${v.replace(/\|/g, "\\|")} |`);
        out.push("");
    }
    notebook.cells.forEach((cell, i) => {
        if (cell.kind === "markdown") {
            out.push(cell.source.trimEnd(), "");
            return;
        }
        const fence = cell.source.includes("```") ? "````" : "```";
        out.push(
            `${fence}${cell.kind === "variables" ? "properties" : "hogql"}`,
            cell.source.trimEnd(),
            fence,
            "",
        );
        (cell.outputs ?? []).forEach((output, j) => {
            const image = images.get(`${i}:${j}`);
            if (image) out.push(`![Chart of cell ${i + 1}](${image})`, "");
            if (output.result)
                out.push(...markdownPreview(output.result, output.result.results.length), "");
            if (output.error)
                out.push(...output.error.message.split("\n").map((l) => `> ${l}`), "");
            if (output.text) out.push("```text", ...output.text, "```", "");
        });
    });
    return `${out.join("\n").trimEnd()}\n`;
}
