// The sentences of a Markdown page, for holding the README to plain writing (issue 42: under 25
// words a sentence on average, none over 50). Code, images and link targets are not prose, so they
// are left out; a code span counts as one word, as a reader takes it in at a glance.

/** One sentence of the page and where it stands. */
export interface Sentence {
    /** The sentence with its Markdown removed. */
    text: string;
    /** Its words: runs of characters that hold a letter or a digit. */
    words: number;
    /** True for a table cell: cells are not running prose, so they count only towards the longest. */
    inTable: boolean;
}

/** Inline Markdown removed: images dropped, links and emphasis kept as their text, code as one word. */
function plain(text: string): string {
    return text
        .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/<https?:[^>]*>/g, "link")
        .replace(/`[^`]*`/g, "code")
        .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, "$1");
}

/** A block's sentences: it ends at `.`, `!` or `?` before a space or the block's end. */
function split(block: string, inTable: boolean): Sentence[] {
    return plain(block)
        .split(/(?<=[.!?])\s+/)
        .map((text) => text.trim())
        .filter((text) => /[\p{L}\p{N}]/u.test(text))
        .map((text) => ({
            text,
            words: text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
            inTable,
        }));
}

/**
 * The sentences of a Markdown page: paragraphs, list items and table cells, each ending its last
 * sentence. Headings, fenced code, HTML comments and table rule lines are left out.
 */
export function sentences(markdown: string): Sentence[] {
    const lines = markdown
        .replace(/^```[\s\S]*?^```\s*$/gm, "")
        .replace(/<!--[\s\S]*?-->/g, "")
        .split("\n");
    const found: Sentence[] = [];
    let block: string[] = [];
    const flush = () => {
        if (block.length) found.push(...split(block.join(" "), false));
        block = [];
    };
    for (const line of lines) {
        const trimmed = line.trim();
        if (trimmed === "" || trimmed.startsWith("#")) {
            flush();
        } else if (trimmed.startsWith("|")) {
            flush();
            if (/^\|[\s|:-]+\|$/.test(trimmed)) continue;
            for (const cell of trimmed.slice(1, -1).split(/(?<!\\)\|/))
                found.push(...split(cell, true));
        } else if (/^([-*]|\d+\.)\s/.test(trimmed)) {
            flush();
            block.push(trimmed.replace(/^([-*]|\d+\.)\s/, ""));
        } else {
            block.push(trimmed);
        }
    }
    flush();
    return found;
}

/** The average words per sentence of running prose (table cells left out). */
export function averageWords(all: Sentence[]): number {
    const prose = all.filter((s) => !s.inTable);
    return prose.reduce((sum, s) => sum + s.words, 0) / Math.max(1, prose.length);
}
