// "Did you mean": the known name closest to a typed one, by edit distance. Pure (no vscode).

/** Edit distance (insert, delete, substitute, swap of neighbours), stopping above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    let before = Array.from({ length: b.length + 1 }, (_, j) => j);
    let previous: number[] = [];
    for (let i = 1; i <= a.length; i++) {
        const row = [i];
        let best = i;
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let value = Math.min(before[j] + 1, row[j - 1] + 1, before[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                value = Math.min(value, previous[j - 2] + 1);
            row.push(value);
            best = Math.min(best, value);
        }
        if (best > limit) return limit + 1;
        previous = before;
        before = row;
    }
    return before[b.length];
}

/**
 * The candidate closest to `name` (ties: the first, so pass candidates most used first), when it
 * is close: at most a third of the name's length in edits, and at most 3. Case differences count
 * as one edit each, so `Signed_Up` finds `signed_up`.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
    const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
    let best: string | undefined;
    let bestDistance = limit + 1;
    for (const candidate of candidates) {
        if (candidate === name) return undefined;
        const distance = editDistance(name, candidate, Math.min(limit, bestDistance - 1));
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}
