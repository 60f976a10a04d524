// Comments under src/ keep the reason for a choice; the measurements behind it live in
// docs/performance.md (issue 42 item 7). Figures in comments go stale as the code and the machine
// change, so this fails on a comment that quotes one. Only comments are read (TypeScript's own
// parser finds them), so strings and code that hold such words are left alone. Figures the code
// enforces (a timeout, "default 5000 ms", "1 MB parts") are not measurements and pass.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(__dirname, "../../..");

/** What reads as a measurement: a range of durations or sizes, a timing, a statistic of runs. */
const MEASUREMENT: { name: string; pattern: RegExp }[] = [
    {
        name: "a range with a unit",
        pattern: /\b\d+(\.\d+)?\s?(-|–|to)\s?\d+(\.\d+)?\s?(ms|s|MB|KB)\b/,
    },
    { name: "took N", pattern: /\btook (about |~)?\d+(\.\d+)? ?(ms|s|MB|KB)\b/i },
    { name: "N ms of it", pattern: /\b\d+(\.\d+)? ?(ms|s) of it\b/ },
    { name: "medians or means of runs", pattern: /\b(medians?|means?) of \d+/i },
];

/** Every comment in a file's text, with its line. */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
    if (file.endsWith(".css")) return cssCommentsOf(text);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const seen = new Map<number, string>();
    const collect = (ranges: ts.CommentRange[] | undefined): void => {
        for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
    };
    const visit = (node: ts.Node): void => {
        // JSDoc nodes lie inside a comment; the comment itself is trivia of the next token.
        if (ts.isJSDoc(node)) return;
        const children = node.getChildren(source);
        if (children.length === 0) {
            collect(ts.getLeadingCommentRanges(text, node.pos));
            collect(ts.getTrailingCommentRanges(text, node.end));
        }
        children.forEach(visit);
    };
    visit(source);
    return [...seen]
        .sort(([a], [b]) => a - b)
        .map(([pos, comment]) => ({
            line: source.getLineAndCharacterOfPosition(pos).line + 1,
            text: comment,
        }));
}

/** A stylesheet's comments: CSS has only block comments. */
function cssCommentsOf(text: string): { line: number; text: string }[] {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
        line: text.slice(0, match.index).split("\n").length,
        text: match[0],
    }));
}

/** "file:line: name: the matched words" for each measurement in a comment. */
function figuresIn(file: string): string[] {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    return commentsOf(file, text).flatMap((comment) =>
        MEASUREMENT.flatMap(({ name, pattern }) => {
            // A comment may wrap a figure over two lines: read it as one line of words.
            const words = comment.text.replace(/\s*\n\s*(\*(?!\/)|\/\/)?\s*/g, " ");
            const match = pattern.exec(words);
            return match ? [`${file}:${comment.line}: ${name}: "${match[0]}"`] : [];
        }),
    );
}

function sourceFiles(dir: string): string[] {
    return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) return sourceFiles(rel);
        return /\.(ts|css)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
    });
}

describe("figures in comments", () => {
    it("no comment under src/ quotes a measurement (they go in docs/performance.md)", () => {
        const files = sourceFiles("src");
        assert.ok(files.length > 100, `only ${files.length} source files found under src/`);
        assert.deepEqual(
            files.flatMap(figuresIn),
            [],
            "move these figures to docs/performance.md and keep the reason in the comment",
        );
    });

    it("the check finds a planted measurement, and not the same words in code", () => {
        assert.deepEqual(figuresIn("test/fixtures/commentFigures/planted.ts"), [
            'test/fixtures/commentFigures/planted.ts:15: a range with a unit: "49-53 ms"',
        ]);
    });
});
