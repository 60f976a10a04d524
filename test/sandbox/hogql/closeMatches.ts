// Python's difflib.get_close_matches(word, possibilities, n=1, cutoff=0.6), which PostHog's
// printer (posthog/hogql/printer/base.py @8722f436, visit_call) uses to suggest a function for an
// unknown name. The same algorithm as CPython's Lib/difflib.py (SequenceMatcher without junk, as
// get_close_matches builds it: the word as the second sequence, each possibility as the first),
// so the sandbox suggests what PostHog suggests.

/** SequenceMatcher(None, a, b): the sum of the sizes of get_matching_blocks(). */
function matchingCharacters(a: string, b: string): number {
    // b2j: each character of b and the indices where it occurs. Autojunk applies from 200
    // characters of b; function names are far shorter.
    const b2j = new Map<string, number[]>();
    for (let j = 0; j < b.length; j++) {
        const list = b2j.get(b[j]);
        if (list) list.push(j);
        else b2j.set(b[j], [j]);
    }
    const longest = (alo: number, ahi: number, blo: number, bhi: number) => {
        let besti = alo;
        let bestj = blo;
        let bestsize = 0;
        let j2len = new Map<number, number>();
        for (let i = alo; i < ahi; i++) {
            const next = new Map<number, number>();
            for (const j of b2j.get(a[i]) ?? []) {
                if (j < blo) continue;
                if (j >= bhi) break;
                const k = (j2len.get(j - 1) ?? 0) + 1;
                next.set(j, k);
                if (k > bestsize) {
                    besti = i - k + 1;
                    bestj = j - k + 1;
                    bestsize = k;
                }
            }
            j2len = next;
        }
        // Without junk the extensions of find_longest_match add nothing but equal characters
        // next to the match, which the loop above already counted.
        while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
            besti--;
            bestj--;
            bestsize++;
        }
        while (
            besti + bestsize < ahi &&
            bestj + bestsize < bhi &&
            a[besti + bestsize] === b[bestj + bestsize]
        )
            bestsize++;
        return [besti, bestj, bestsize] as const;
    };
    let total = 0;
    const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
    while (queue.length) {
        const [alo, ahi, blo, bhi] = queue.pop()!;
        const [i, j, k] = longest(alo, ahi, blo, bhi);
        if (k) {
            total += k;
            if (alo < i && blo < j) queue.push([alo, i, blo, j]);
            if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
        }
    }
    return total;
}

function quickRatioAtLeast(a: string, b: string, cutoff: number): boolean {
    const avail = new Map<string, number>();
    for (const ch of b) avail.set(ch, (avail.get(ch) ?? 0) + 1);
    let matches = 0;
    for (const ch of a) {
        const n = avail.get(ch) ?? 0;
        if (n > 0) matches++;
        avail.set(ch, n - 1);
    }
    return (2 * matches) / (a.length + b.length) >= cutoff;
}

/**
 * get_close_matches(word, possibilities, n, cutoff): up to `n` possibilities with a ratio of at
 * least `cutoff`, best first (heapq.nlargest over (ratio, name): a tie goes to the greater name).
 */
export function closeMatches(
    word: string,
    possibilities: readonly string[],
    n: number,
    cutoff: number,
): string[] {
    const scored: { ratio: number; name: string }[] = [];
    for (const x of possibilities) {
        const length = x.length + word.length;
        if (length === 0) continue;
        if ((2 * Math.min(x.length, word.length)) / length < cutoff) continue;
        if (!quickRatioAtLeast(x, word, cutoff)) continue;
        const ratio = (2 * matchingCharacters(x, word)) / length;
        if (ratio >= cutoff) scored.push({ ratio, name: x });
    }
    scored.sort((a, b) =>
        b.ratio !== a.ratio ? b.ratio - a.ratio : a.name < b.name ? 1 : a.name > b.name ? -1 : 0,
    );
    return scored.slice(0, n).map((s) => s.name);
}

/** The closest possibility to `word` with a ratio of at least 0.6, as get_close_matches(n=1). */
export function closeMatch(word: string, possibilities: readonly string[]): string | undefined {
    return closeMatches(word, possibilities, 1, 0.6)[0];
}
