// The refresh mode setting describes what PostHog does with each value on POST /query/
// (posthog/api/query.py, posthog/hogql_queries/query_runner.py ExecutionMode).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

interface Setting {
    enum: string[];
    enumDescriptions: string[];
}

describe("refresh mode setting", () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, "../../../package.json"), "utf8")) as {
        contributes: { configuration: { properties: Record<string, Setting> } };
    };
    // The manifest's texts live in package.nls.json (`%key%` in package.json), as VS Code reads them.
    const nls = JSON.parse(
        readFileSync(join(__dirname, "../../../package.nls.json"), "utf8"),
    ) as Record<string, string>;
    const text = (value: string) => nls[/^%(.+)%$/.exec(value)?.[1] ?? ""] ?? value;
    const setting = pkg.contributes.configuration.properties["posthog-workbench.query.refreshMode"];
    const describe_ = (mode: string) => text(setting.enumDescriptions[setting.enum.indexOf(mode)]);

    it("offers every mode the query endpoint runs differently, async_except_on_cache_miss included", () => {
        assert.deepEqual(setting.enum, [
            "blocking",
            "force_blocking",
            "async",
            "force_async",
            "async_except_on_cache_miss",
            "force_cache",
        ]);
        assert.equal(setting.enumDescriptions.length, setting.enum.length);
    });

    it("says force_cache runs as blocking there, and never that it only reads the cache", () => {
        assert.match(describe_("force_cache"), /as blocking/);
        assert.doesNotMatch(describe_("force_cache"), /never calculate|only cached/i);
        assert.match(describe_("force_blocking"), /refresh: true/);
        assert.match(describe_("async_except_on_cache_miss"), /stale.*none cached, calculate now/);
    });
});
