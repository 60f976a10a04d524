// The sandbox in a process of its own (the bench's end-to-end figures): it answers over HTTP, runs
// at the priority asked for (in an autogroup of its own where the kernel has them), and is gone
// once closed.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import {
    allowedCpus,
    autogroupsOn,
    cpuNumbers,
    startSandboxProcess,
    type SandboxProcess,
} from "../sandbox/process";

/** Whether this process may raise a priority (root, or CAP_SYS_NICE). */
function mayRaisePriority(): boolean {
    const mine = os.getPriority();
    try {
        os.setPriority(mine - 1);
        os.setPriority(mine);
        return true;
    } catch {
        return false;
    }
}

/** Runs a HogQL query on the sandbox over HTTP. */
function query(sandbox: SandboxProcess, hogql: string): Promise<Response> {
    return fetch(`${sandbox.url}/api/projects/${sandbox.projectId}/query/`, {
        method: "POST",
        headers: {
            authorization: `Bearer ${sandbox.keys.full}`,
            "content-type": "application/json",
        },
        body: JSON.stringify({ query: { kind: "HogQLQuery", query: hogql } }),
    });
}

function alive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch {
        return false;
    }
}

describe("sandbox process", function () {
    this.timeout(60_000);
    let sandbox: SandboxProcess | undefined;

    afterEach(async () => {
        await sandbox?.close();
        sandbox = undefined;
    });

    it("answers a HogQL query over HTTP from its own process, at the priority asked for, and stops when closed", async function () {
        const raise = mayRaisePriority();
        // Lower than this process's if allowed, else higher (nice values end at 19).
        const asked = raise ? os.getPriority() - 5 : Math.min(19, os.getPriority() + 5);
        sandbox = await startSandboxProcess({ priority: asked });
        assert.equal(sandbox.priority, asked);
        assert.notEqual(sandbox.pid, process.pid);
        if (autogroupsOn()) {
            // Sessions share the CPUs first: the sandbox's priority counts only in a group of its own.
            const group = (pid: number | "self") =>
                fs.readFileSync(`/proc/${pid}/autogroup`, "utf8").trim();
            assert.notEqual(
                group(sandbox.pid).split(" ")[0],
                group("self").split(" ")[0],
                "the sandbox shares this process's autogroup",
            );
            assert.match(group(sandbox.pid), new RegExp(`nice ${asked}$`));
        }
        const res = await query(sandbox, "SELECT 18446744073709551615 AS u, 1 + 1");
        assert.equal(res.status, 200);
        const text = await res.text();
        assert.match(text, /"results":\s*\[\s*\[\s*18446744073709551615,\s*2\s*\]\s*\]/);
        const pid = sandbox.pid;
        await sandbox.close();
        sandbox = undefined;
        assert.equal(alive(pid), false, "the sandbox process is still running after close()");
    });

    it("runs every thread of it only on the CPUs asked for", async function () {
        if (!fs.existsSync("/proc/self/status")) this.skip(); // Linux only, as `taskset`.
        const mine = cpuNumbers(allowedCpus("self"));
        const asked = mine[mine.length - 1];
        sandbox = await startSandboxProcess({ cpus: [asked] });
        assert.equal(sandbox.cpus, String(asked));
        // A query first, so chDB's threads are there too.
        const res = await query(sandbox, "SELECT count() FROM numbers(100000)");
        assert.equal(res.status, 200);
        const threads = fs.readdirSync(`/proc/${sandbox.pid}/task`);
        assert.ok(threads.length > 1, `only ${threads.length} thread`);
        for (const thread of threads) {
            const status = fs.readFileSync(`/proc/${sandbox.pid}/task/${thread}/status`, "utf8");
            assert.match(status, new RegExp(`^Cpus_allowed_list:\\s*${asked}$`, "m"), thread);
        }
        assert.equal(
            cpuNumbers(allowedCpus("self")).length,
            mine.length,
            "this process was pinned",
        );
    });

    it("says what the process printed when it cannot start", async () => {
        // A priority `nice` cannot parse: it exits at once with its usage error.
        await assert.rejects(
            startSandboxProcess({ priority: Number.NaN }),
            /the sandbox process exited \(\d+\) before it listened; its output:\n.*nice/s,
        );
    });
});
