// The `.hogqlnb` file: small, stable, and diffed line by line; `{cells.x}` expansion; a .hogql
// file as cells; the Markdown export. Results come from the sandbox over real HTTP.
import assert from "node:assert/strict";
import type { PostHogClient } from "../../src/api";
import { CellRefError, cellName, expandCellRefs } from "../../src/notebook/cellRefs";
import {
    parseNotebookFile,
    writeNotebookFile,
    type StoredNotebook,
} from "../../src/notebook/fileFormat";
import { cellsOfHogqlFile } from "../../src/notebook/fromHogqlFile";
import { notebookMarkdown } from "../../src/notebook/markdownExport";
import { markdownPreview, storedResult } from "../../src/notebook/resultOutput";
import { parseVariablesCell } from "../../src/notebook/variables";
import { useSandbox } from "./useSandbox";

/** Lines of `b` that differ from `a`, as [start, end) ranges of `b` (LCS line diff). */
function changedRanges(a: string[], b: string[]): { removed: number[]; added: [number, number][] } {
    const n = a.length;
    const m = b.length;
    const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--)
        for (let j = m - 1; j >= 0; j--)
            lcs[i][j] =
                a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const removed: number[] = [];
    const addedLines: number[] = [];
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[i] === b[j]) {
            i++;
            j++;
        } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) addedLines.push(j++);
        else removed.push(i++);
    }
    const added: [number, number][] = [];
    for (const line of addedLines) {
        const last = added.at(-1);
        if (last && last[1] === line) last[1] = line + 1;
        else added.push([line, line + 1]);
    }
    return { removed, added };
}

describe("HogQL notebook file", () => {
    let client: PostHogClient;
    let notebook: StoredNotebook;

    const FIRST =
        "-- name: browsers\nSELECT properties.$browser AS browser, count() AS c\nFROM events\nGROUP BY browser\nORDER BY c DESC\nLIMIT 3";
    const SECOND =
        "SELECT event, count() AS c\nFROM events\nGROUP BY event\nORDER BY c DESC\nLIMIT 3";

    useSandbox((started) => ({ client } = started));
    before(async () => {
        const run = async (text: string) =>
            storedResult(await client.runQuery({ kind: "HogQLQuery", query: text }), 500);
        notebook = {
            cells: [
                {
                    kind: "hogql",
                    source: FIRST,
                    outputs: [{ result: await run(FIRST) }],
                    execution: {
                        order: 1,
                        success: true,
                        durationMs: 12,
                        endedAt: "2026-11-23T20:00:00.000Z",
                    },
                },
                {
                    kind: "hogql",
                    source: SECOND,
                    outputs: [{ result: await run(SECOND) }],
                    execution: {
                        order: 2,
                        success: true,
                        durationMs: 9,
                        endedAt: "2026-11-23T20:00:01.000Z",
                    },
                },
            ],
        };
        for (const cell of notebook.cells)
            cell.outputs![0].markdown = markdownPreview(cell.outputs![0].result!);
    });

    it("saves a two-cell notebook with its results in a small file that reads back the same", () => {
        const text = writeNotebookFile(notebook);
        const bytes = Buffer.byteLength(text);
        assert.ok(bytes < 3000, `the file is small (${bytes} bytes)`);
        assert.ok(notebook.cells[0].outputs![0].result!.results.length === 3, "3 rows were kept");
        const { dropped, ...read } = parseNotebookFile(text);
        assert.deepEqual(read, notebook);
        assert.deepEqual(dropped, [], "nothing is left out");
        assert.equal(writeNotebookFile(parseNotebookFile(text)), text, "writing is stable");
        // One row per line, one source line per line.
        const lines = text.split("\n");
        for (const sourceLine of FIRST.split("\n"))
            assert.ok(
                lines.some(
                    (l) =>
                        l.trim() === `${JSON.stringify(sourceLine)},` ||
                        l.trim() === JSON.stringify(sourceLine),
                ),
            );
        const row = notebook.cells[1].outputs![0].result!.results[0];
        assert.ok(
            lines.some((l) => l.trim().startsWith(JSON.stringify(row))),
            "a row is one line",
        );
    });

    it("sorts keys, so the file does not depend on the order they were set in", () => {
        const text = writeNotebookFile(notebook);
        const reordered: StoredNotebook = {
            cells: notebook.cells.map((c) => ({
                execution: c.execution,
                outputs: c.outputs,
                source: c.source,
                kind: c.kind,
            })),
        };
        assert.equal(writeNotebookFile(reordered), text);
        const keys = [...text.matchAll(/^ {6}"(\w+)":/gm)].map((m) => m[1]);
        assert.deepEqual(keys.slice(0, 4), ["execution", "kind", "outputs", "source"]);
    });

    it("changing one line of one query changes one line-range of the file, nothing else", () => {
        const before = writeNotebookFile(notebook).split("\n");
        const edited: StoredNotebook = structuredClone(notebook);
        edited.cells[1].source = SECOND.replace("LIMIT 3", "LIMIT 5");
        const after = writeNotebookFile(edited).split("\n");
        const diff = changedRanges(before, after);
        assert.equal(diff.added.length, 1, "one range changed");
        const [start, end] = diff.added[0];
        assert.equal(end - start, 1, "one line");
        assert.equal(after[start].trim(), '"LIMIT 5"');
        assert.equal(diff.removed.length, 1);
        assert.equal(before[diff.removed[0]].trim(), '"LIMIT 3"');

        // A new line in the first query: one added line, nothing removed.
        const grown: StoredNotebook = structuredClone(notebook);
        grown.cells[0].source = FIRST.replace(
            "FROM events",
            "FROM events\nWHERE event = '$pageview'",
        );
        const diff2 = changedRanges(before, writeNotebookFile(grown).split("\n"));
        assert.deepEqual(diff2.removed, []);
        assert.equal(diff2.added.length, 1);
        assert.equal(diff2.added[0][1] - diff2.added[0][0], 1);
    });

    it("caps the rows an output keeps and says how many there were", async () => {
        const raw = await client.runQuery({
            kind: "HogQLQuery",
            query: "SELECT number FROM numbers(1000) LIMIT 1000",
        });
        const result = storedResult(raw, 20);
        assert.equal(result.results.length, 20);
        assert.equal(result.rowCount, 1000);
        assert.equal(result.cap, 20);
        assert.match(markdownPreview(result).at(-1)!, /10 of 1,000 rows/);
    });

    it("expands {cells.x} into a subquery and maps error offsets back to the placeholder", () => {
        assert.equal(cellName(FIRST), "browsers");
        assert.equal(cellName("SELECT 1\n-- name: late"), undefined);
        const text = "SELECT browser FROM {cells.browsers} WHERE c > {variables.min}";
        const expansion = expandCellRefs(text, (name) => (name === "browsers" ? FIRST : undefined));
        assert.ok(
            expansion.text.startsWith("SELECT browser FROM (SELECT properties.$browser AS browser"),
        );
        assert.match(expansion.text, /LIMIT 3\) AS browsers WHERE c > \{variables\.min\}$/);
        // An error after the expansion maps to the same text in the cell.
        const at = expansion.text.indexOf("c > ");
        assert.deepEqual(expansion.toSource(at, at + 1), {
            start: text.indexOf("c > "),
            end: text.indexOf("c > ") + 1,
        });
        // An error inside the expansion maps to the placeholder.
        const inner = expansion.text.indexOf("$browser");
        assert.deepEqual(expansion.toSource(inner, inner + 3), {
            start: text.indexOf("{cells"),
            end: text.indexOf("{cells") + "{cells.browsers}".length,
        });
        // Not in strings or comments; an explicit alias is kept.
        assert.equal(
            expandCellRefs("SELECT '{cells.x}' -- {cells.x}", () => undefined).text,
            "SELECT '{cells.x}' -- {cells.x}",
        );
        assert.equal(
            expandCellRefs("SELECT * FROM {cells.a} AS t", () => "SELECT 1").text,
            "SELECT * FROM (SELECT 1) AS t",
        );
        assert.throws(
            () => expandCellRefs("SELECT * FROM {cells.nope}", () => undefined),
            CellRefError,
        );
        assert.throws(
            () =>
                expandCellRefs("SELECT * FROM {cells.a}", (n) =>
                    n === "a" ? "SELECT * FROM {cells.a}" : undefined,
                ),
            /refers to itself/,
        );
    });

    it("the expanded query runs on the sandbox", async () => {
        const text = expandCellRefs("SELECT count() AS n FROM {cells.browsers}", (n) =>
            n === "browsers" ? FIRST : undefined,
        ).text;
        const raw = await client.runQuery({ kind: "HogQLQuery", query: text });
        assert.equal(raw.layout.rowStarts.length, 1);
    });

    it("an implicit alias after {cells.x} (FROM {cells.x} t) gets no second alias and runs on the sandbox", async () => {
        const queryOf = (n: string): string | undefined => (n === "browsers" ? FIRST : undefined);
        const text = expandCellRefs(
            "SELECT count() AS n FROM {cells.browsers} t JOIN {cells.browsers} u ON 1 = 1 WHERE 1 = 1",
            queryOf,
        ).text;
        assert.doesNotMatch(text, /AS browsers/);
        const raw = await client.runQuery({ kind: "HogQLQuery", query: text });
        assert.equal(raw.layout.rowStarts.length, 1);
        assert.match(
            expandCellRefs("SELECT 1 FROM {cells.browsers} WHERE 1 = 1", queryOf).text,
            /\) AS browsers WHERE/,
        );
    });

    it("opens a .hogql file as one cell per statement, comments kept with their statement", () => {
        const file = "-- first\nSELECT 1;\n\n-- second\nSELECT 2; -- trailing\n\nSELECT 3\n";
        assert.deepEqual(cellsOfHogqlFile(file), [
            "-- first\nSELECT 1",
            "-- second\nSELECT 2 -- trailing",
            "SELECT 3",
        ]);
    });

    it("reads a variables cell", () => {
        assert.deepEqual(
            parseVariablesCell("# days back\ndays = 7\nbrowser: Chrome \nnot a line"),
            {
                days: "7",
                browser: "Chrome",
            },
        );
    });

    it("exports the notebook as Markdown with queries and results as tables", () => {
        const md = notebookMarkdown({ ...notebook, variables: { days: "7" } }, "Browsers");
        assert.match(md, /^# Browsers\n/);
        assert.match(md, /```hogql\n-- name: browsers\nSELECT properties/);
        assert.match(md, /\| browser \| c \|\n\| --- \| --- \|/);
        assert.match(md, /\| `days` \| 7 \|/);
    });
});
