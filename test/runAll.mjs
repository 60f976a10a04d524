// `npm test`: sets up the VS Code harness when missing, builds (type-checking the extension, the
// tests and the webview code), lints, then runs every suite: unit (plain Node), faults (the client
// against a hostile server), webview (headless Chromium), ui (the workbench in Chromium: webviews
// and screenshots) and integration (inside a real VS Code, then again in Restricted Mode for the
// tests under test/integration/restricted/). Prints one closing line
// `N passed, N failed` summed over all suites and exits non-zero on any failure. Before that line
// it lists each step's wall time (the harness install, the build, the lint, each suite), so CI's
// tail shows where the time went.
// Usage: npm test [-- --only package,unit,faults,webview,ui,integration,min-vscode] [--skip-lint]
//        [--min-vscode]
// `--min-vscode` also runs the integration suite on the oldest VS Code that package.json's
// `engines.vscode` allows (code-server 4.106.3, VS Code 1.106; installed on first use). It is
// opt-in: a second code-server build takes minutes the first time and the run doubles.
import { spawn } from "node:child_process";
import path from "node:path";
import { editorEnv, ensureHarness, vscodeVersion } from "./harness/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const onlyIndex = args.indexOf("--only");
const only = onlyIndex >= 0 ? args[onlyIndex + 1].split(",") : undefined;
const wants = (suite) => (only ? only.includes(suite) : suite !== "min-vscode");
const minVscode = args.includes("--min-vscode") || wants("min-vscode");

/** Runs a command with output passed through; resolves with its exit code and its stdout. */
function run(command, commandArgs, env = {}) {
    return new Promise((resolve) => {
        const child = spawn(command, commandArgs, {
            cwd: root,
            env: { ...process.env, ...env },
            stdio: ["ignore", "pipe", "inherit"],
        });
        let out = "";
        child.stdout.on("data", (chunk) => {
            out += chunk;
            process.stdout.write(chunk);
        });
        child.on("close", (code) => resolve({ code: code ?? 1, out }));
    });
}

/** Each step's name and wall time, for the closing summary. */
const timings = [];
const started = Date.now();

/** Seconds since `since`, to one decimal. */
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs `body` and records its wall time under `name`. */
async function timed(name, body) {
    const start = Date.now();
    try {
        return await body();
    } finally {
        timings.push({ name, seconds: seconds(start) });
    }
}

/** The step times and the total, one line each, printed before the closing count. */
function printTimings() {
    const width = Math.max(...timings.map(({ name }) => name.length), "total".length);
    console.log("\nWall time per step (s):");
    for (const { name, seconds: s } of timings) console.log(`  ${name.padEnd(width)} ${s}`);
    console.log(`  ${"total".padEnd(width)} ${seconds(started)}`);
}

let passed = 0;
let failed = 0;
const problems = [];
/** Each suite's mocha "N failing" report, repeated at the end: CI shows only the output's tail. */
const failureReports = [];

/** The "N failing" block of a mocha run's output (stack frames dropped), or undefined. */
function failingBlock(name, out) {
    const lines = out.split("\n");
    const start = lines.findIndex((line) => /^(\[vscode\] )?\s+\d+ failing\s*$/.test(line));
    if (start < 0) return undefined;
    const kept = lines
        .slice(start)
        .filter((line) => !/^(\[vscode\] )?\s+at /.test(line))
        .slice(0, 80);
    return `--- ${name} ---\n${kept.join("\n")}`;
}

async function step(name, command, commandArgs, env) {
    console.log(`\n=== ${name} ===`);
    const { code, out } = await timed(name, () => run(command, commandArgs, env));
    const counts = [...out.matchAll(/^(?:\w+: )?(\d+) passed, (\d+) failed/gm)].at(-1);
    if (counts) {
        passed += Number(counts[1]);
        failed += Number(counts[2]);
    }
    const report = failingBlock(name, out);
    if (report) failureReports.push(report);
    if (code !== 0) {
        problems.push(`${name} exited with ${code}`);
        // A suite that died before reporting still counts as a failure.
        if (!counts || Number(counts[2]) === 0) failed += 1;
    }
    return code === 0;
}

const harnessOk = await timed(
    "harness check or install",
    () =>
        (!(wants("integration") || wants("ui")) || ensureHarness("current")) &&
        (!minVscode || ensureHarness("min")),
);
if (!harnessOk) {
    console.log("The VS Code test harness could not be set up (see above).");
    printTimings();
    console.log("0 passed, 1 failed");
    process.exit(1);
}

const built = await step("build", "npm", ["run", "--silent", "build"]);
if (!built) {
    printTimings();
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(1);
}
if (!args.includes("--skip-lint") && !only) await step("lint", "npm", ["run", "--silent", "lint"]);
if (wants("package")) await step("package", "node", ["test/packageCheck.mjs"]);
if (wants("unit")) await step("unit", "node", ["test/mochaSuite.mjs", "unit", "unit", "60000"]);
if (wants("faults")) await step("faults", "node", ["out/test/faults/run.js"]);
if (wants("webview"))
    await step("webview", "node", ["test/mochaSuite.mjs", "webview", "webview", "120000"]);
if (wants("ui")) await step("ui", "node", ["test/mochaSuite.mjs", "ui", "ui", "240000"]);
const testTimeout = process.env.TEST_TIMEOUT ?? "900";
if (wants("integration")) {
    await step("integration", "node", ["out/test/integration/runTest.js"], {
        ...editorEnv("current"),
        TEST_TIMEOUT: testTimeout,
    });
    // The same editor in Restricted Mode: workspace trust on, the folder untrusted.
    await step(
        "integration in Restricted Mode",
        "node",
        ["out/test/integration/runTest.js", "--restricted"],
        { ...editorEnv("current"), TEST_TIMEOUT: testTimeout },
    );
}
if (minVscode)
    await step(
        `integration on VS Code ${vscodeVersion("min")} (min-vscode)`,
        "node",
        ["out/test/integration/runTest.js"],
        { ...editorEnv("min"), TEST_TIMEOUT: testTimeout },
    );

if (failureReports.length)
    console.log(`\nFailures (repeated from above):\n${failureReports.join("\n")}`);
if (problems.length) console.log(`\nProblems: ${problems.join("; ")}`);
printTimings();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
