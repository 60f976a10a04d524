// Which files of the open workspace the index reads, and their text: findFiles with the
// workspace's files.exclude and search.exclude, less what its .gitignore files ignore. Only the
// text of a file the finder could read is loaded (its size is checked first).
import * as vscode from "vscode";
import { turnPacer } from "../../api/eventLoop";
import { GitIgnoreRules } from "../workspaceIgnore";
import { CODE_FILES_GLOB, languageOfPath } from "../workspaceFiles";
import type { IndexedFile } from "../workspaceIndex";
import { DEFAULT_LIMITS } from "../types";

/**
 * Larger files are not read at all: the finder skips text over its length limit anyway, and a
 * UTF-8 character is at most 4 bytes (VS Code's length counts UTF-16 units).
 */
const MAX_BYTES = DEFAULT_LIMITS.maxLength * 4;

/** The workspace folders' code files, with the rules that decided which. */
export interface WorkspaceListing {
    files: IndexedFile[];
    /** Per workspace folder URI: its .gitignore rules. */
    ignores: Map<string, GitIgnoreRules>;
}

/**
 * One glob of the patterns a files.exclude / search.exclude setting turns on. A `when` clause
 * (`{ when: "$(basename).ts" }`) depends on sibling files, which findFiles cannot express: such
 * patterns are left out, so at worst a generated file is read too.
 */
function excludeGlob(folder: vscode.WorkspaceFolder): string | undefined {
    const patterns = new Set<string>();
    for (const section of ["files", "search"]) {
        const setting = vscode.workspace
            .getConfiguration(section, folder.uri)
            .get<Record<string, unknown>>("exclude", {});
        for (const [pattern, on] of Object.entries(setting)) {
            if (on === true) patterns.add(pattern);
        }
    }
    return patterns.size ? `{${[...patterns].join(",")}}` : undefined;
}

/** The exclude findFiles gets for `folder` (null: no excludes at all, not even the defaults). */
function excludeFor(folder: vscode.WorkspaceFolder): vscode.RelativePattern | null {
    const glob = excludeGlob(folder);
    return glob ? new vscode.RelativePattern(folder, glob) : null;
}

/** Reads the .gitignore files of one folder (those not excluded themselves). */
async function gitIgnores(
    folder: vscode.WorkspaceFolder,
    token: vscode.CancellationToken | undefined,
): Promise<GitIgnoreRules> {
    const rules = new GitIgnoreRules();
    const found = await vscode.workspace.findFiles(
        new vscode.RelativePattern(folder, "**/.gitignore"),
        excludeFor(folder),
        undefined,
        token,
    );
    for (const uri of found) {
        const text = await readText(uri);
        if (text !== undefined) rules.add(relativePath(folder, uri), text);
    }
    return rules;
}

function relativePath(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string {
    const base = folder.uri.path.endsWith("/") ? folder.uri.path : `${folder.uri.path}/`;
    return uri.path.startsWith(base) ? uri.path.slice(base.length) : uri.path;
}

/** Every code file of the workspace that no exclude setting and no .gitignore leaves out. */
export async function listWorkspace(token?: vscode.CancellationToken): Promise<WorkspaceListing> {
    const files: IndexedFile[] = [];
    const ignores = new Map<string, GitIgnoreRules>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
        const rules = await gitIgnores(folder, token);
        ignores.set(folder.uri.toString(), rules);
        const found = await vscode.workspace.findFiles(
            new vscode.RelativePattern(folder, CODE_FILES_GLOB),
            excludeFor(folder),
            undefined,
            token,
        );
        // Matching .gitignore rules costs tens of microseconds a path: 10,000 paths in one turn
        // would hold the host for hundreds of milliseconds (docs/performance.md).
        const pacer = turnPacer(8);
        for (const uri of found) {
            await pacer.pace();
            const language = languageOfPath(uri.path);
            if (language && !rules.ignores(relativePath(folder, uri)))
                files.push({ id: uri.toString(), language });
        }
    }
    return { files, ignores };
}

/**
 * Whether one file (a new or changed one) belongs in the index: a code file in a workspace
 * folder, not .gitignored, and not excluded (findFiles asked for that one path decides, so the
 * settings' globs are matched by VS Code itself).
 */
export async function isIndexed(
    uri: vscode.Uri,
    ignores: ReadonlyMap<string, GitIgnoreRules>,
): Promise<boolean> {
    if (!languageOfPath(uri.path)) return false;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return false;
    const path = relativePath(folder, uri);
    if (ignores.get(folder.uri.toString())?.ignores(path)) return false;
    // A path with glob characters cannot be asked for literally; it is kept.
    if (/[*?[\]{}]/.test(path)) return true;
    const found = await vscode.workspace.findFiles(
        new vscode.RelativePattern(folder, path),
        excludeFor(folder),
        1,
    );
    return found.length > 0;
}

/**
 * A file's text: an open document's (edits not yet saved included), else the file's, decoded as
 * UTF-8; undefined when it is gone or too big to be worth reading.
 */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
    const open = vscode.workspace.textDocuments.find(
        (document) => document.uri.toString() === uri.toString(),
    );
    if (open) return open.getText();
    try {
        const stat = await vscode.workspace.fs.stat(uri);
        if (stat.size > MAX_BYTES) return undefined;
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
        return undefined;
    }
}
