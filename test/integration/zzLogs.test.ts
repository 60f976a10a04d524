// Runs last (files run in name order): after every other suite has signed in, run queries and
// hit errors, the extension's log must hold no key and no Authorization value.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { activateExtension } from "./helpers";

function filesUnder(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : [full];
    });
}

describe("logs", () => {
    it("never contain a key or an Authorization value", async () => {
        const api = await activateExtension();
        api.ctx.log.info("log check: flushing");
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const logDir = api.ctx.extension.logUri.fsPath;
        const logs = filesUnder(logDir).map((file) => fs.readFileSync(file, "utf8"));
        const text = logs.join("\n");
        assert.ok(
            text.includes("log check: flushing"),
            `the log channel's file was found in ${logDir}`,
        );
        assert.ok(text.includes("session:"), "the log saw the sign-in activity");
        assert.doesNotMatch(text, /phx_[A-Za-z0-9]{6,}/, "no personal API key");
        assert.doesNotMatch(text, /phc_[A-Za-z0-9]{6,}/, "no project token");
        assert.doesNotMatch(text, /Bearer\s+\S/i, "no Authorization value");
    });
});
