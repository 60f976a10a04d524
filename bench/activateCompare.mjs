// Two builds' activation, alternated: each run is a cold `require("dist/extension.js")` plus
// `activate()` with the stub `vscode` in a fresh process (bench/activate.mjs), first of one build
// and then of the other, so the machine's load weighs on both alike. Prints each build's medians
// (wall and CPU time) and the ratio of the second to the first, with the load average.
// Usage: node bench/activateCompare.mjs <root A> <root B> [runs]
// (each root holds a production build: `node esbuild.mjs --production` in it).
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [rootA, rootB, runsArg] = process.argv.slice(2);
if (!rootA || !rootB) {
    console.error("usage: node bench/activateCompare.mjs <root A> <root B> [runs]");
    process.exit(2);
}
const runs = Number(runsArg ?? 11);
const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "activate.mjs");

function once(root) {
    const run = spawnSync(
        process.execPath,
        ["--expose-gc", child, "extension", path.resolve(root)],
        {
            encoding: "utf8",
        },
    );
    if (run.status !== 0) throw new Error(`${root}: ${run.stderr}`);
    return JSON.parse(run.stdout);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
    os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", ");

const loadBefore = load();
const a = [];
const b = [];
for (let i = 0; i < runs; i++) {
    a.push(once(rootA));
    b.push(once(rootB));
}
for (const [name, results] of [
    [rootA, a],
    [rootB, b],
]) {
    const wall = median(results.map((r) => r.ms));
    const cpu = median(results.map((r) => r.cpuMs));
    console.log(
        `${name}: wall ${wall.toFixed(1)} ms, CPU ${cpu.toFixed(1)} ms ` +
            `(${results[0].files} files, ${(results[0].bytes / 1024).toFixed(0)} KB)`,
    );
}
const ratio = (pick) => median(b.map(pick)) / median(a.map(pick));
console.log(
    `B / A: wall ${ratio((r) => r.ms).toFixed(2)}x, CPU ${ratio((r) => r.cpuMs).toFixed(2)}x; ` +
        `${runs} runs each, load average ${loadBefore} before, ${load()} after`,
);
