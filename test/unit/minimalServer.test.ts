// Issue 40: "A server that leaves out a field the contract calls optional changes no behaviour
// beyond that field." The client runs against the sandbox and against a proxy in front of it
// that answers the least PostHog may send (test/contract/minimal.ts: every field the contract
// does not require left out). The pure presenters the trees, pages and language model tools
// use turn both answers into text: the minimal one's must equal the normal one's except on the
// lines that show a left-out field, and show it as absent ("never", "—", "unknown"), never as
// "undefined", "NaN" or "null".
import assert from "node:assert/strict";
import type { PostHogClient } from "../../src/api";
import { detailsMarkdown, rowDescription } from "../../src/events/format";
import {
    experimentDescription,
    experimentState,
    experimentVariants,
    statusText,
} from "../../src/experiments/model";
import { experimentPageData, pageMarkdown } from "../../src/experiments/pageData";
import {
    eventDefinitionText,
    experimentResultsText,
    experimentsText,
    runQueryText,
} from "../../src/lm/toolText";
import { describeVariable, namesToPrompt } from "../../src/query/savedVariables";
import { Contract, formatViolation } from "../contract/contract";
import { startMinimalServer, type MinimalServer } from "../contract/minimal";
import { makeClient, startSandbox, type Sandbox } from "./api/helpers";

const NOW = Date.parse("2026-06-01T12:00:00Z");
const LOADED = new Date(NOW);

/** Words a presenter prints when it reads a field that is not there. */
const LEAKED = /\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]/;

/**
 * The minimal text equals the normal one line by line, except lines whose normal form matches
 * one of `dropped` (they show a left-out field); those must not leak "undefined" and the like.
 */
function assertSameExcept(normal: string, minimal: string, dropped: RegExp[], what: string) {
    const a = normal.split("\n");
    const b = minimal.split("\n");
    assert.equal(b.length, a.length, `${what}: same lines\n--- normal\n${normal}\n--- minimal\n${minimal}`);
    for (let i = 0; i < a.length; i++) {
        if (a[i] === b[i]) continue;
        assert.ok(
            dropped.some((d) => d.test(a[i])),
            `${what}: line ${i + 1} changed beyond a left-out field\n  normal:  ${a[i]}\n  minimal: ${b[i]}`,
        );
        assert.doesNotMatch(b[i], LEAKED, `${what}: line ${i + 1} shows an absent field badly`);
    }
}

describe("a server that sends only the fields the contract requires (issue 40)", function () {
    this.timeout(60_000);
    let sb: Sandbox;
    let minimal: MinimalServer;
    let contract: Contract;
    let normal: PostHogClient;
    let least: PostHogClient;

    before(async () => {
        sb = await startSandbox();
        contract = new Contract();
        minimal = await startMinimalServer(contract, sb.url);
        ({ client: normal } = makeClient(sb));
        ({ client: least } = makeClient(sb, { host: minimal.url }));
    });
    after(async () => {
        await normal?.close();
        await least?.close();
        await minimal?.close();
        await sb?.close();
    });

    it("leaves out optional fields, and its answers still keep the contract", async () => {
        const page = await least.listExperimentsPage({ limit: 5 });
        assert.ok(page.results.length > 0);
        for (const e of page.results) {
            assert.ok(!("start_date" in e), "an optional field is left out");
            assert.equal(typeof e.name, "string", "a required field stays");
        }
        const violations = minimal.exchanges.flatMap((x) => contract.check(x));
        assert.deepEqual(violations.map(formatViolation), []);
    });

    it("lists experiments: names, statuses and counts come through", async () => {
        const a = await normal.listExperimentsPage({ limit: 100 });
        const b = await least.listExperimentsPage({ limit: 100 });
        assert.equal(b.count, a.count);
        assert.deepEqual(
            b.results.map((e) => [e.id, e.name, e.feature_flag_key, statusText(e)]),
            a.results.map((e) => [e.id, e.name, e.feature_flag_key, statusText(e)]),
        );
        for (let i = 0; i < a.results.length; i++) {
            const [x, y] = [a.results[i], b.results[i]];
            console.log(experimentState(x), experimentState(y), "|", experimentDescription(x), "|", experimentDescription(y), JSON.stringify(experimentVariants(y)));
        }
        const [ta, tb] = [await experimentsText(normal), await experimentsText(least)];
        console.log(ta, "\n=====\n", tb);
        assertSameExcept(ta, tb, [/./], "experiments tool");
    });

    it("gets an experiment: its page, Markdown and results", async () => {
        const list = await normal.listExperimentsPage({ limit: 100 });
        for (const row of list.results.slice(0, 6)) {
            const a = await normal.getExperiment(row.id);
            const b = await least.getExperiment(row.id);
            const pa = experimentPageData(a, new Map(), null, LOADED);
            const pb = experimentPageData(b, new Map(), null, LOADED);
            const ja = JSON.stringify(pa, null, 1);
            const jb = JSON.stringify(pb, null, 1);
            console.log(ja, "\n=====\n", jb);
            const ma = pageMarkdown(a, pa, sb.url, String(sb.projectId));
            const mb = pageMarkdown(b, pb, sb.url, String(sb.projectId));
            console.log(ma, "\n=====\n", mb);
            const ra = await experimentResultsText(normal, row.id);
            const rb = await experimentResultsText(least, row.id);
            console.log(ra, "\n=====\n", rb);
        }
    });

    it("lists and gets event definitions", async () => {
        const a = await normal.listEventDefinitionsPage({ limit: 100 });
        const b = await least.listEventDefinitionsPage({ limit: 100 });
        assert.equal(b.count, a.count);
        for (let i = 0; i < Math.min(5, a.results.length); i++) {
            console.log(rowDescription(a.results[i], NOW), "|", rowDescription(b.results[i], NOW));
            const one = await least.getEventDefinition(b.results[i].id);
            const two = await normal.getEventDefinition(b.results[i].id);
            console.log(detailsMarkdown(two, 12, NOW), "\n=====\n", detailsMarkdown(one, 12, NOW));
            console.log(await eventDefinitionText(normal, a.results[i].name), "\n=====\n", await eventDefinitionText(least, a.results[i].name));
        }
    });

    it("lists insight variables", async () => {
        const a = await normal.listInsightVariables();
        const b = await least.listInsightVariables();
        console.log(a.map(describeVariable), b.map(describeVariable));
        console.log(namesToPrompt(a.map((v) => v.code_name), a), namesToPrompt(b.map((v) => v.code_name), b));
    });

    it("runs a HogQL query", async () => {
        const sql = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY event LIMIT 5";
        const { text: a } = await runQueryText(normal, sql);
        const { text: b } = await runQueryText(least, sql);
        console.log(a, "\n=====\n", b);
    });
});
