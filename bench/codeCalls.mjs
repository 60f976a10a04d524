/* global performance */
// `npm run bench`: finding PostHog calls (src/codeCalls/) in a 5,000-line file with the bundle,
// dist/codeCalls.js, and its grammars. In this thread (what a worker spends), and through the
// worker (what the extension host spends: its longest block while the worker reads the file).
import { createRequire } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const RUNS = 15;
const LINES = 5_000;

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

/** A React component file of whole functions: hooks, captures in handlers, comments, templates. */
function tsxFile() {
    const lines = [
        'import posthog from "posthog-js";',
        'import { useFeatureFlagEnabled } from "posthog-js/react";',
        "",
    ];
    for (let i = 1; lines.length + 8 <= LINES; i++) {
        lines.push(
            `export function Step${i}({ user }: { user: { id: string; name: string } }) {`,
            `    const enabled = useFeatureFlagEnabled("flag-${i}");`,
            `    // posthog.capture("not-a-call-${i}") in a comment`,
            `    const label = \`Hello \${user.name}, step ${i}\`;`,
            `    if (enabled) posthog.capture("step_${i}_viewed", { id: user.id, label });`,
            `    return <button onClick={() => posthog.capture("step_${i}_clicked")}>{label}</button>;`,
            "}",
            "",
        );
    }
    return lines.join("\n");
}

/** A Python module of whole functions: captures old and new style, flag reads, docstrings. */
function pythonFile() {
    const lines = ["import posthog", ""];
    for (let i = 1; lines.length + 8 <= LINES; i++) {
        lines.push(
            `def step_${i}(user_id, label):`,
            `    """posthog.capture("not-a-call-${i}") in a docstring"""`,
            `    if posthog.feature_enabled("flag-${i}", user_id):`,
            `        posthog.capture("step_${i}_viewed", distinct_id=user_id, properties={"label": label})`,
            `    posthog.capture(user_id, "step_${i}_done")`,
            `    return f"step {label} {${i}}"`,
            "",
            "",
        );
    }
    return lines.join("\n");
}

/** Milliseconds of one call, and its result. */
async function timed(run) {
    const started = performance.now();
    const result = await run();
    return { ms: performance.now() - started, result };
}

export async function codeCallsFigures(root) {
    const require = createRequire(import.meta.url);
    const bundlePath = path.join(root, "dist", "codeCalls.js");
    const { findCalls } = require(bundlePath);
    const { CodeCallsClient } = require(path.join(root, "out", "src", "codeCalls", "client.js"));
    const files = { typescriptreact: tsxFile(), python: pythonFile() };
    const figures = {};
    for (const [language, text] of Object.entries(files)) {
        // The first call loads the runtime (once) and the grammar.
        const first = await timed(() => findCalls(text, language));
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push((await timed(() => findCalls(text, language))).ms);
        const client = new CodeCallsClient(bundlePath);
        await client.find(text, language);
        const trips = [];
        const blocks = [];
        for (let i = 0; i < RUNS; i++) {
            const delay = monitorEventLoopDelay({ resolution: 1 });
            delay.enable();
            trips.push((await timed(() => client.find(text, language))).ms);
            delay.disable();
            blocks.push(delay.max / 1e6);
        }
        client.dispose();
        figures[language] = {
            lines: text.split("\n").length,
            calls: first.result.calls.length,
            firstMs: first.ms,
            inThreadMs: median(runs),
            workerRoundTripMs: median(trips),
            // Each run's longest block of this thread while the worker read the file; the median run.
            hostBlockMs: median(blocks),
        };
    }
    return figures;
}
