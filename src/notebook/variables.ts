// Notebook-wide `{variables.x}` values: set from the notebook toolbar (kept in the notebook's
// metadata) or in a variables cell of `name = value` lines. Pure: no `vscode` import.

/** `name = value` lines; `#` starts a comment line; a value keeps its inner spaces. */
export function parseVariablesCell(source: string): Record<string, string> {
    const values: Record<string, string> = {};
    for (const line of source.split(/\r?\n/)) {
        const trimmed = line.trim();
        if (trimmed === "" || trimmed.startsWith("#")) continue;
        const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*(.*)$/.exec(trimmed);
        if (match) values[match[1]] = match[2];
    }
    return values;
}

/** The line-level problems of a variables cell (lines that are not `name = value`). */
export function variablesCellProblems(source: string): { line: number; text: string }[] {
    return source
        .split(/\r?\n/)
        .map((text, line) => ({ text, line }))
        .filter(({ text }) => {
            const t = text.trim();
            return t !== "" && !t.startsWith("#") && !/^[A-Za-z_][A-Za-z0-9_]*\s*[=:]/.test(t);
        });
}
