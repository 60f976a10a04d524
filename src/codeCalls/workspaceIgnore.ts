// .gitignore rules for the workspace index: VS Code 1.106's findFiles applies files.exclude and a
// given exclude glob, but not .gitignore (that option is still a proposal, findFiles2), so the
// index reads each .gitignore itself. The `ignore` package implements git's pattern rules.
// Imports nothing from vscode.
import ignore, { type Ignore } from "ignore";

/** The .gitignore files of one workspace folder, each applying to the folder it sits in. */
export class GitIgnoreRules {
    /** By the folder of the .gitignore, relative to the workspace folder ("" for its root). */
    private readonly rules = new Map<string, Ignore>();

    /** Adds one .gitignore; `path` is relative to the workspace folder, with "/" separators. */
    add(path: string, text: string): void {
        const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
        this.rules.set(folder, ignore().add(text));
    }

    /** Whether a file (relative to the workspace folder, "/" separators) is ignored. */
    ignores(path: string): boolean {
        for (const [folder, rules] of this.rules) {
            if (folder && !path.startsWith(folder)) continue;
            const inner = path.slice(folder.length);
            if (inner && rules.ignores(inner)) return true;
        }
        return false;
    }

    get size(): number {
        return this.rules.size;
    }
}
