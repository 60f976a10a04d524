// The test module VS Code's extension host loads: runs every out/test/integration/**/*.test.js
// with mocha and prints the summary line the CI reads. The tests under restricted/ need an
// untrusted workspace and run in a workbench of their own (restricted/index.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import Mocha from "mocha";
import { checkSuiteTraffic } from "../contract/suiteCheck";
import { closeSharedSandbox } from "./fixture";

export function findTests(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === "restricted" ? [] : findTests(full);
        return entry.name.endsWith(".test.js") ? [full] : [];
    });
}

/** Runs `files` in order with mocha; the summary line starts with `label` (one word). */
export function runFiles(label: string, files: string[]): Promise<void> {
    const mocha = new Mocha({ ui: "bdd", timeout: 60_000, color: false });
    const grep = process.env.INTEGRATION_GREP;
    if (grep) mocha.grep(grep);
    for (const file of files) mocha.addFile(file);
    mocha.suite.afterAll(closeSharedSandbox);
    // Every exchange with a sandbox is held to PostHog's API contract (test/contract/).
    checkSuiteTraffic(mocha.suite);
    return new Promise((resolve, reject) => {
        const runner = mocha.run((failures) => {
            const passed = runner.stats?.passes ?? 0;
            // The driver and CI read this line; keep its shape.
            console.log(`${label}: ${passed} passed, ${failures} failed`);
            if (failures > 0) reject(new Error(`${failures} ${label} test(s) failed`));
            else if (passed === 0) reject(new Error(`no ${label} test ran`));
            else resolve();
        });
    });
}

export function run(): Promise<void> {
    // The log check reads what every other suite left in the log: it runs last, by name here
    // rather than by where its file name sorts.
    const last = path.join(__dirname, "logs.test.js");
    const files = findTests(__dirname)
        .sort()
        .filter((file) => file !== last);
    return runFiles("integration", [...files, last]);
}
