// Where a missing-variable error belongs in the editor. PostHog reports variables it could not
// fill without a position (posthog/hogql/variables.py: "Set a value or a default for each query
// variable. Missing: a, b. Did you mean: c?"; before that, "Variable a is missing from query"), so
// the placeholders are found in the statement. Pure: no `vscode`.
import { lexicalStateAt } from "../hogql/statementSplitter";

export interface VariableErrorRange {
    message: string;
    start: number;
    end: number;
}

/** The code names a missing-variable error names, or none when it is another error. */
export function missingVariableNames(message: string): string[] {
    const current = /Set a value or a default for each query variable\. Missing: ([^.?]+)/.exec(
        message,
    );
    if (current)
        return current[1]
            .split(",")
            .map((name) => name.trim())
            .filter(Boolean);
    const legacy = /Variable (\w+) is missing from query/.exec(message);
    return legacy ? [legacy[1]] : [];
}

/**
 * Ranges (offsets into `statement`) of every `{variables.name}` placeholder the error names, each
 * with one sentence saying what to do.
 */
export function missingVariableRanges(statement: string, message: string): VariableErrorRange[] {
    const names = new Set(missingVariableNames(message));
    if (names.size === 0) return [];
    const ranges: VariableErrorRange[] = [];
    for (const match of statement.matchAll(/\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g)) {
        const start = match.index ?? 0;
        if (!names.has(match[1]) || lexicalStateAt(statement, start).kind !== "code") continue;
        ranges.push({
            message: `No value for {variables.${match[1]}}: PostHog has no saved variable '${match[1]}' with a default; run again and enter a value, or create the variable in PostHog's SQL editor.`,
            start,
            end: start + match[0].length,
        });
    }
    return ranges;
}
