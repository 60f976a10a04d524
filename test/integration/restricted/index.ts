// The test module of the Restricted Mode run: a workbench with workspace trust on and the
// folder left untrusted (test/integration/runTest.ts --restricted), running restricted/*.test.js.
import * as fs from "node:fs";
import * as path from "node:path";
import { runFiles } from "../index";

export function run(): Promise<void> {
    const files = fs
        .readdirSync(__dirname)
        .filter((name) => name.endsWith(".test.js"))
        .sort()
        .map((name) => path.join(__dirname, name));
    return runFiles("restricted", files);
}
