import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { CLIENT_VERSION, USER_AGENT } from "../../src/api/version";

describe("client version", () => {
    it("matches package.json (src/api cannot import it, so it is written twice)", () => {
        const pkg = JSON.parse(
            fs.readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8"),
        ) as { version: string };
        assert.equal(CLIENT_VERSION, pkg.version);
        assert.equal(USER_AGENT, `posthog-workbench/${pkg.version}`);
    });
});
