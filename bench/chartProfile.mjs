// Sums the CPU profiles that `BENCH_CHART_PROFILE=<dir>` writes (bench/chart.mjs): self time by
// function, and with names after the prefix each name's inclusive time; per profile, in ms.
// Usage: node bench/chartProfile.mjs <dir> [cold|ahead] [functionName...]
// (Minified names: build with `node esbuild.mjs` first for readable ones.)
import fs from "node:fs";
import path from "node:path";

const [dir, prefix = "", ...names] = process.argv.slice(2);
const files = fs.readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith(".cpuprofile"));
const self = new Map();
const inclusive = new Map();
for (const f of files) {
    const p = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    for (let i = 0; i < p.samples.length; i++) {
        const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
        const cf = byId.get(p.samples[i]).callFrame;
        const key = `${cf.functionName || "(anonymous)"} ${path.basename(cf.url)}:${cf.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + dt);
        const seen = new Set();
        for (let id = p.samples[i]; id !== undefined; id = parent.get(id)) {
            const name = byId.get(id).callFrame.functionName || "(anonymous)";
            if (seen.has(name)) continue;
            seen.add(name);
            inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
        }
    }
}
const each = (ms) => (ms / Math.max(1, files.length)).toFixed(1).padStart(7);
console.log(`${files.length} profiles`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${each(v)} ms self  ${k}`);
for (const n of names) console.log(`${each(inclusive.get(n) ?? 0)} ms in    ${n}`);
