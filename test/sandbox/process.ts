// The sandbox in a Node process of its own (the CLI, main.ts), for measurements that must not share
// a thread with the process driving the browser: the bench's end-to-end figures. A real PostHog is
// not in the test driver's process, and Playwright (in-process in the bench) handles every DevTools
// event of the workbench on its thread, which here would also serve the query being timed.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
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
    /** The CPUs it may run on, as Linux lists them (e.g. "1" or "0-1"). */
    cpus: string;
}

/**
 * Starts `node out/test/sandbox/main.js --port 0` and resolves once it says where it listens.
 *
 * With `priority` (a nice value, e.g. -10) it runs ahead of other processes for the CPUs: it
 * starts through `nice`, so every thread of it (the event loop, V8's and chDB's) has that
 * priority, in a session of its own whose autogroup gets that priority too. Linux (with
 * CONFIG_SCHED_AUTOGROUP, on here: /proc/sys/kernel/sched_autogroup_enabled) shares the CPUs
 * between sessions first and applies nice values only inside each: code-server and Chromium
 * start sessions of their own, so a sandbox that was only `nice`d in the caller's session still
 * got one equal share against each of them (measured: its answer to the bench's query 1.4-1.6x
 * slower while the workbench opened a panel, at nice -10 as at 0). Raising either needs root
 * (CAP_SYS_NICE); without it the sandbox runs at the usual priority, and `priority` in the
 * result says which it got.
 *
 * With `cpus` (e.g. [1]) it runs only on those CPUs (`taskset`, util-linux), every thread of it:
 * a sandbox ahead of everything on every CPU leaves the workbench beside it nothing while it
 * computes, which a remote PostHog never does (see bench/workbench.mjs); `cpus` in the result
 * says where it may run.
 */
export function startSandboxProcess(
    options: { priority?: number; cpus?: readonly number[]; timeoutMs?: number } = {},
): Promise<SandboxProcess> {
    const timeoutMs = options.timeoutMs ?? 60_000;
    const command = [process.execPath, path.join(__dirname, "main.js"), "--port", "0"];
    if (options.priority !== undefined) command.unshift("nice", "-n", String(options.priority));
    if (options.cpus !== undefined)
        command.unshift("taskset", "--cpu-list", options.cpus.join(","));
    const child = spawn(command[0], command.slice(1), {
        stdio: ["ignore", "pipe", "pipe"],
        // A session (and so an autogroup) of its own.
        detached: options.priority !== undefined,
    });
    if (options.priority !== undefined && child.pid && autogroupsOn())
        trySetAutogroupPriority(child.pid, options.priority);
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
                priority: effectivePriority(child.pid ?? 0),
                cpus: allowedCpus(child.pid ?? 0),
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

/** The CPUs a process may run on, as Linux lists them ("0-1", "1"); "" where it does not say. */
export function allowedCpus(pid: number | "self"): string {
    try {
        const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
        return /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1] ?? "";
    } catch {
        return "";
    }
}

/** The CPUs in a Linux CPU list ("0-2,5" is 0, 1, 2 and 5). */
export function cpuNumbers(list: string): number[] {
    return list
        .split(",")
        .filter(Boolean)
        .flatMap((part) => {
            const [from, to = from] = part.split("-").map(Number);
            return Array.from({ length: to - from + 1 }, (_, i) => from + i);
        });
}

/** Whether the kernel shares CPU time between sessions first (see startSandboxProcess). */
export function autogroupsOn(): boolean {
    try {
        return fs.readFileSync("/proc/sys/kernel/sched_autogroup_enabled", "utf8").trim() === "1";
    } catch {
        return false;
    }
}

function trySetAutogroupPriority(pid: number, priority: number): void {
    try {
        fs.writeFileSync(`/proc/${pid}/autogroup`, String(priority));
    } catch {
        // Not allowed (no CAP_SYS_NICE): the usual priority, as `effectivePriority` reports.
    }
}

/**
 * The priority a process competes with: with autogroups on, its session's (other sessions'
 * processes are weighed against the group), else its own nice value; the higher of the two (the
 * one that holds it back) when both are set.
 */
function effectivePriority(pid: number): number {
    const own = os.getPriority(pid);
    if (!autogroupsOn()) return own;
    try {
        const group = /nice (-?\d+)/.exec(fs.readFileSync(`/proc/${pid}/autogroup`, "utf8"))?.[1];
        return group === undefined ? own : Math.max(own, Number(group));
    } catch {
        return own;
    }
}
