// Runs one plain-Node mocha suite and prints `<name>: N passed, N failed` for test/runAll.mjs.
// Usage: node test/mochaSuite.mjs <name> <dir under out/test> [timeoutMs]
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Mocha from "mocha";

const [name, dir, timeout = "30000"] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");
const base = path.join(root, "out", "test", dir);

function findTests(folder) {
    if (!fs.existsSync(folder)) return [];
    return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) return findTests(full);
        return entry.name.endsWith(".test.js") ? [full] : [];
    });
}

const mocha = new Mocha({ ui: "bdd", timeout: Number(timeout), color: process.stdout.isTTY });
if (process.env.MOCHA_GREP) mocha.grep(process.env.MOCHA_GREP);
for (const file of findTests(base).sort()) mocha.addFile(file);
// The unit suite's sandbox traffic is held to PostHog's API contract (test/contract/).
if (dir === "unit") {
    const require = createRequire(import.meta.url);
    const { checkSuiteTraffic } = require(
        path.join(root, "out", "test", "contract", "suiteCheck.js"),
    );
    checkSuiteTraffic(mocha.suite);
}
await mocha.loadFilesAsync();
const runner = mocha.run((failures) => {
    console.log(`${name}: ${runner.stats?.passes ?? 0} passed, ${failures} failed`);
    // Open handles (a server a test forgot) must not keep CI waiting.
    process.exit(failures > 0 ? 1 : 0);
});
