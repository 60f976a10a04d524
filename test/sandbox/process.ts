// The sandbox in a Node process of its own (the CLI, main.ts), for measurements that must not share
// a thread with the process driving the browser: the bench's end-to-end figures. A real PostHog is
// not in the test driver's process, and Playwright (in-process in the bench) handles every DevTools
// event of the workbench on its thread, which here would also serve the query being timed.
import { spawn } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import { KEYS, type SandboxKeys } from "./auth";

/** What a client needs of a sandbox it reaches only over HTTP. */
export interface SandboxAddress {
    /** e.g. http://127.0.0.1:43123 (no trailing slash) */
    url: string;
    projectId: number;
    keys: SandboxKeys;
    close(): Promise<void>;
}

export interface SandboxProcess extends SandboxAddress {
    pid: number;
    /** The process's scheduling priority (nice value; lower runs first). */
    priority: number;
}

/**
 * Starts `node out/test/sandbox/main.js --port 0` and resolves once it says where it listens.
 * With `priority` (a nice value, e.g. -10) it starts through `nice`, so that every thread of it
 * (the event loop, V8's and chDB's) has that priority; raising it needs root (CAP_SYS_NICE), and
 * without it `nice` runs the sandbox at the usual priority (`priority` in the result says which).
 */
export function startSandboxProcess(
    options: { priority?: number; timeoutMs?: number } = {},
): Promise<SandboxProcess> {
    const timeoutMs = options.timeoutMs ?? 60_000;
    const command = [process.execPath, path.join(__dirname, "main.js"), "--port", "0"];
    if (options.priority !== undefined) command.unshift("nice", "-n", String(options.priority));
    const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const kill = (): void => {
        if (child.exitCode === null) child.kill("SIGKILL");
    };
    process.once("exit", kill);
    return new Promise((resolve, reject) => {
        const fail = (why: string): void => {
            clearTimeout(timer);
            process.removeListener("exit", kill);
            kill();
            reject(new Error(`the sandbox process ${why}; its output:\n${output}`));
        };
        const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
        child.once("exit", (code) => fail(`exited (${code}) before it listened`));
        child.once("error", (err) => fail(`could not start (${err.message})`));
        const readError = (chunk: Buffer): void => void (output += chunk.toString());
        child.stderr.on("data", readError);
        const read = (chunk: Buffer): void => {
            output += chunk.toString();
            const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
            if (!url) return;
            clearTimeout(timer);
            child.removeAllListeners("exit");
            child.removeAllListeners("error");
            child.on("error", () => undefined);
            child.stdout.removeListener("data", read);
            child.stderr.removeListener("data", readError);
            // Its later output is dropped, read on so a full pipe never stalls it.
            child.stdout.resume();
            child.stderr.resume();
            resolve({
                url,
                projectId: 1,
                pid: child.pid ?? 0,
                priority: os.getPriority(child.pid),
                keys: { ...KEYS },
                close: () =>
                    new Promise<void>((done) => {
                        process.removeListener("exit", kill);
                        if (child.exitCode !== null) return done();
                        child.once("exit", () => done());
                        child.kill("SIGTERM");
                    }),
            });
        };
        child.stdout.on("data", read);
    });
}
