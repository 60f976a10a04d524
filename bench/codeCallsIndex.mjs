/* global performance */
// `npm run bench`: indexing a generated 10,000-file workspace (src/codeCalls/workspaceIndex.ts)
// with the finder's worker, dist/codeCalls.js: the whole build's time and this thread's longest
// block meanwhile (what the extension host would feel; issue 45's bar is under 50 ms).
// Alone: `node bench/codeCallsIndex.mjs` after `npm run build` prints the figures.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const FILES = 10_000;
/** Lines of ordinary code around each file's calls, so files are of a usual size (about 60 lines). */
const FILLER = 50;

/** The fixture files of test/fixtures/workspace/usages/src/, one per language family. */
function templates(root) {
    const dir = path.join(root, "test", "fixtures", "workspace", "usages", "src");
    return fs
        .readdirSync(dir)
        .filter((file) => file.endsWith(".txt"))
        .map((file) => ({
            name: file.slice(0, -4),
            text: fs.readFileSync(path.join(dir, file), "utf8"),
        }));
}

function filler(name, i) {
    const comment = /\.(py|rb)$/.test(name) ? "#" : "//";
    const lines = [];
    for (let n = 0; n < FILLER; n++)
        lines.push(`${comment} ${i}:${n} posthog.capture("not_a_call_${n}") in a comment`);
    return lines.join("\n");
}

/** Writes the workspace: FILES files, each a template with its own event name and filler. */
function generate(root, dir) {
    const sources = templates(root);
    for (let i = 0; i < FILES; i++) {
        const { name, text } = sources[i % sources.length];
        const folder = path.join(dir, `m${Math.floor(i / 100)}`);
        if (i % 100 === 0) fs.mkdirSync(folder, { recursive: true });
        const body = text.replaceAll("usages_checkout_completed", `event_${i % 500}`);
        fs.writeFileSync(path.join(folder, `${i}-${name}`), `${filler(name, i)}\n${body}`);
    }
}

function list(dir, languageOfPath) {
    const files = [];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const language = languageOfPath(file);
        if (language) files.push({ id: file, language });
    }
    return files;
}

/**
 * The baseline: this thread's longest block while it does nothing and a worker thread spins for
 * `ms`. On a loaded 2-core machine the OS alone holds a thread back for tens of milliseconds
 * while another thread of the process is busy; the index's figure is read against this one.
 */
async function idleHostBlockMs(ms) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const worker = new Worker(
        `const end = Date.now() + ${Math.round(ms)}; while (Date.now() < end);`,
        { eval: true },
    );
    await new Promise((resolve) => worker.once("exit", resolve));
    delay.disable();
    return delay.max / 1e6;
}

export async function codeIndexFigures(root) {
    const require = createRequire(import.meta.url);
    const out = path.join(root, "out", "src", "codeCalls");
    const { CodeCallsClient } = require(path.join(out, "client.js"));
    const { WorkspaceIndex } = require(path.join(out, "workspaceIndex.js"));
    const { languageOfPath } = require(path.join(out, "workspaceFiles.js"));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "codeIndex-"));
    try {
        generate(root, dir);
        const files = list(dir, languageOfPath);
        const client = new CodeCallsClient(path.join(root, "dist", "codeCalls.js"));
        try {
            const index = new WorkspaceIndex(client);
            const delay = monitorEventLoopDelay({ resolution: 1 });
            delay.enable();
            const started = performance.now();
            const outcome = await index.build(files, (id) => fs.promises.readFile(id, "utf8"));
            const buildMs = performance.now() - started;
            delay.disable();
            const { skipped } = index.stats();
            const baselineMs = await idleHostBlockMs(Math.min(buildMs, 20_000));
            return {
                files: files.length,
                outcome,
                events: index.referencedEvents().length,
                skipped,
                buildMs,
                // The longest the thread went without turning its event loop, grammar loads included.
                hostBlockMaxMs: delay.max / 1e6,
                hostBlockP99Ms: delay.percentile(99) / 1e6,
                idleHostBlockMaxMs: baselineMs,
            };
        } finally {
            client.dispose();
        }
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    console.log(JSON.stringify(await codeIndexFigures(root), null, 1));
}
