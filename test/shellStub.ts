// Runs a command line as a user would paste it into a terminal: through a real POSIX shell (sh,
// which is dash on Debian, and bash with history expansion on, as interactively), with `curl`
// replaced by a stub that records its arguments, and a canary command that records any call.
// Used by the unit tests of "Copy as cURL" and the faults suite's figure.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The shells a pasted command is tried in. */
export const SHELLS = ["sh", "bash"] as const;
export type ShellName = (typeof SHELLS)[number];

/** The command hostile inputs call; the stub records every call of it. */
export const CANARY = "pwned";

/** What one run did. */
export interface ShellRun {
    /** The arguments `curl` was called with, or undefined when it was not called. */
    argv: string[] | undefined;
    /** Calls of the canary and files created in the working folder (`touch`, `>file`). */
    ran: string[];
    /** The shell's exit code. */
    code: number | null;
    stderr: string;
}

/** Runs `command` in `shell` with only `env` (and a PATH that finds the stubs first). */
export async function runInShell(
    shell: ShellName,
    command: string,
    env: Record<string, string>,
): Promise<ShellRun> {
    const dir = await mkdtemp(join(tmpdir(), "curl-stub-"));
    try {
        const bin = join(dir, "bin");
        const cwd = join(dir, "cwd");
        await mkdir(bin);
        await mkdir(cwd);
        const argvFile = join(dir, "argv");
        const ranFile = join(dir, "ran");
        await writeFile(
            join(bin, "curl"),
            `#!/bin/sh\nfor a in "$@"; do printf '%s\\000' "$a"; done > '${argvFile}'\n`,
            { mode: 0o755 },
        );
        await writeFile(join(bin, CANARY), `#!/bin/sh\necho "${CANARY} $*" >> '${ranFile}'\n`, {
            mode: 0o755,
        });
        // Interactive bash expands `!` history references; a script does only when told.
        const script = `${shell === "bash" ? "set -o history -H\n" : ""}${command}\n`;
        const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
            (resolve, reject) => {
                const child = spawn(shell, [], {
                    cwd,
                    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: dir, ...env },
                    stdio: ["pipe", "ignore", "pipe"],
                });
                let err = "";
                child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
                child.on("error", reject);
                child.on("close", (exit) => resolve({ code: exit, stderr: err }));
                child.stdin.end(script);
            },
        );
        const argv = existsSync(argvFile)
            ? (await readFile(argvFile, "utf8")).split("\0").slice(0, -1)
            : undefined;
        const ran = [
            ...(existsSync(ranFile) ? (await readFile(ranFile, "utf8")).trim().split("\n") : []),
            ...(await readdir(cwd)).map((name) => `created ${name}`),
        ];
        return { argv, ran, code, stderr };
    } finally {
        await rm(dir, { recursive: true, force: true });
    }
}

/** A double-quoted part allowed outside single quotes: one variable, or quotes themselves. */
const SANCTIONED = /^(?:\$POSTHOG_API_KEY|\$POSTHOG_PROJECT_ID|'+)$/;

/**
 * Counts the characters a POSIX shell would interpret outside single quotes: anything but
 * letters, digits, hyphens, spaces and `\` line continuations between words, and inside double
 * quotes `$`, backticks, backslashes and `!`, except a double-quoted part that is exactly one of
 * the two variables or a run of `'`. Zero means only those variables are expanded.
 */
export function metacharsOutsideQuotes(command: string): number {
    let count = 0;
    let i = 0;
    while (i < command.length) {
        const c = command[i];
        if (c === "'") {
            const end = command.indexOf("'", i + 1);
            if (end < 0) return count + command.length - i;
            i = end + 1;
        } else if (c === '"') {
            let end = i + 1;
            while (end < command.length && command[end] !== '"')
                end += command[end] === "\\" ? 2 : 1;
            const inner = command.slice(i + 1, end);
            if (!SANCTIONED.test(inner)) count += (inner.match(/[$`\\!]/g) ?? []).length;
            if (end >= command.length) count++;
            i = end + 1;
        } else if (c === "\\" && command[i + 1] === "\n") {
            i += 2;
        } else {
            if (!/[A-Za-z0-9 \n-]/.test(c)) count++;
            i++;
        }
    }
    return count;
}
