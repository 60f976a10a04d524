// Issue 40: "A server that leaves out a field the contract calls optional changes no behaviour
// beyond that field." The client runs against the sandbox and against a proxy in front of it
// that answers the least PostHog may send (test/contract/minimal.ts: every field the contract
// does not require left out). The pure presenters the trees, pages and language model tools
// use turn both answers into text: the minimal one's must equal the normal one's except on the
// lines that show a left-out field, and show it as absent ("never", "—", "unknown"), never as
// "undefined", "NaN" or "null".
import assert from "node:assert/strict";
import type { ExperimentBasic, InsightVariable, PostHogClient } from "../../src/api";
import { readResponse } from "../../src/api/queryBytes";
import { detailsMarkdown, rowDescription } from "../../src/events/format";
import {
    experimentDescription,
    experimentState,
    hasStarted,
    isEnded,
    statusText,
} from "../../src/experiments/model";
import { mdText } from "../../src/experiments/markdown";
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
import { makeClient, type Sandbox } from "./api/helpers";
import { useSandbox } from "./useSandbox";

const NOW = Date.parse("2026-06-01T12:00:00Z");
const LOADED = new Date(NOW);

/** Words a presenter prints when it reads a field that is not there. */
const LEAKED = /\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]/;

/**
 * The minimal text equals the normal one line by line, except lines that show a left-out field:
 * both the normal and the minimal line match one of `dropped` (the same row of a table, say).
 * No line of the minimal text leaks "undefined" and the like.
 */
function assertSameExcept(normal: string, minimal: string, dropped: RegExp[], what: string) {
    const a = normal.split("\n");
    const b = minimal.split("\n");
    const both = `\n--- normal\n${normal}\n--- minimal\n${minimal}`;
    assert.equal(b.length, a.length, `${what}: the same lines${both}`);
    for (let i = 0; i < a.length; i++) {
        assert.doesNotMatch(b[i], LEAKED, `${what}: line ${i + 1} shows an absent field badly`);
        if (a[i] === b[i]) continue;
        assert.ok(
            dropped.some((d) => d.test(a[i]) && d.test(b[i])),
            `${what}: line ${i + 1} changed beyond a left-out field\n  normal:  ${a[i]}\n  minimal: ${b[i]}`,
        );
    }
}

describe("a server that sends only the fields the contract requires (issue 40)", function () {
    this.timeout(60_000);
    let sb: Sandbox;
    let minimal: MinimalServer;
    let contract: Contract;
    let normal: PostHogClient;
    let least: PostHogClient;

    useSandbox((started) => ({ sb, client: normal } = started));
    before(async () => {
        contract = new Contract();
        minimal = await startMinimalServer(contract, sb.url);
        ({ client: least } = makeClient(sb, { host: minimal.url }));
    });
    after(async () => {
        await least?.close();
        await minimal?.close();
    });

    it("leaves out optional fields, and its answers still keep the contract", async () => {
        const page = await least.listExperimentsPage({ limit: 100 });
        const started = page.results.filter((e) => e.status === "running");
        assert.ok(started.length > 0, "the seed has running experiments");
        for (const e of page.results) {
            assert.ok(!("start_date" in e), "an optional field is left out");
            assert.equal(typeof e.name, "string", "a required field stays");
        }
        await least.getExperiment(started[0].id);
        await least.listEventDefinitionsPage({ limit: 5 });
        await least.listInsightVariables();
        await least.runQuery({ kind: "HogQLQuery", query: "SELECT 1 AS one" });
        const violations = minimal.exchanges.flatMap((x) => contract.check(x));
        assert.deepEqual(violations.map(formatViolation), []);
    });

    it("lists experiments: names, statuses, states and counts come through", async () => {
        const a = await normal.listExperimentsPage({ limit: 100 });
        const b = await least.listExperimentsPage({ limit: 100 });
        assert.equal(b.count, a.count);
        const shown = (e: ExperimentBasic) => [
            e.id,
            e.name,
            e.feature_flag_key,
            statusText(e),
            experimentState(e),
            hasStarted(e),
        ];
        assert.deepEqual(b.results.map(shown), a.results.map(shown));
        for (let i = 0; i < a.results.length; i++) {
            // The tree row: the flag key stays; the dates and conclusion were left out.
            const line = experimentDescription(b.results[i]);
            assert.equal(line, experimentDescription(a.results[i]).split(" · ")[0]);
            assert.doesNotMatch(line, LEAKED);
        }
        // The language model tool's table: every cell but the dates the same.
        const noDates = (t: string) => t.replace(/\d{4}-\d{2}-\d{2}/g, "");
        const [ta, tb] = [await experimentsText(normal), await experimentsText(least)];
        assert.doesNotMatch(tb, LEAKED);
        assert.equal(noDates(tb), noDates(ta));
    });

    it("gets an experiment: its page, Markdown and results say the same but for left-out fields", async () => {
        const list = await normal.listExperimentsPage({ limit: 100 });
        const states = new Set<string>();
        for (const row of list.results) {
            const a = await normal.getExperiment(row.id);
            const b = await least.getExperiment(row.id);
            const what = `experiment ${row.id} (${row.status})`;
            const pa = experimentPageData(a, new Map(), null, LOADED);
            const pb = experimentPageData(b, new Map(), null, LOADED);
            states.add(pb.state);
            assert.equal(pb.name, pa.name, what);
            assert.equal(pb.state, pa.state, what);
            // What the page offers depends on the state, not on a left-out date.
            assert.deepEqual(
                pb.actions.map((x) => x.id),
                pa.actions.map((x) => x.id),
                `${what}: the page's actions`,
            );
            const facts = (d: typeof pa) =>
                [...d.facts, ...d.flag].map((f) => `${f.label}: ${f.value}`).join("\n");
            assertSameExcept(
                facts(pa),
                facts(pb),
                [
                    /^Start: (\d{4}-.*|—)$/,
                    /^End: /,
                    /^Conclusion: /,
                    /^Conclusion comment: /,
                    // UserBasic requires only the id, uuid and email.
                    /^Created by: /,
                    // MinimalFeatureFlag leaves `active` and `filters` optional: unknown is
                    // "—", never "no" (a running experiment's flag is on).
                    /^Active: (yes|no|—)$/,
                    /^Rollout: /,
                ],
                `${what}: page facts`,
            );
            if (b.feature_flag && b.feature_flag.active === undefined)
                assert.ok(
                    pb.flag.some((f) => f.value === "—" && f.label === "Active"),
                    what,
                );
            // The page's protocol says `archived: boolean`; PostHog may leave it out.
            assert.equal(pb.archived, pa.archived, `${what}: archived`);
            // Its JSON holds nulls on purpose (no holdout): only words that are never data.
            assert.doesNotMatch(JSON.stringify(pb), /undefined|NaN|\[object Object\]/, what);
            const mb = pageMarkdown(b, pb, sb.url, String(sb.projectId));
            assertNoLeak(mb, `${what}: Markdown`);
            assert.ok(mb.startsWith(`# ${mdText(b.name, { oneLine: true })}\n`), what);
            const ra = await experimentResultsText(normal, row.id);
            const rb = await experimentResultsText(least, row.id);
            assertNoLeak(rb, `${what}: results tool`);
            const head = (t: string) => t.split("\n").slice(0, 3).join("\n");
            // Dates and conclusion may be left out; the state and the flag may not.
            const noStart = (t: string) => t.replace(/; start .*$/m, "");
            assert.equal(noStart(head(rb)), noStart(head(ra)), `${what}: results tool`);
            assert.match(rb, hasStarted(b) ? /; start unknown;/ : /; start not started;/, what);
            assert.match(rb, isEnded(b) ? /; end unknown\b/ : /; end none\b/, what);
        }
        assert.deepEqual([...states].sort(), ["complete", "draft", "paused", "running"]);
    });

    it("lists and gets event definitions: names, last seen and volumes come through", async () => {
        const a = await normal.listEventDefinitionsPage({ limit: 100 });
        const b = await least.listEventDefinitionsPage({ limit: 100 });
        assert.equal(b.count, a.count);
        assert.deepEqual(
            b.results.map((d) => [d.id, d.name, d.last_seen_at]),
            a.results.map((d) => [d.id, d.name, d.last_seen_at]),
        );
        for (let i = 0; i < a.results.length; i++) {
            // The tree row: when last seen stays; tags and description were left out.
            const row = rowDescription(b.results[i], NOW);
            assert.equal(row, rowDescription(a.results[i], NOW).split(" · ")[0]);
            assert.doesNotMatch(row, LEAKED);
        }
        for (const def of a.results.slice(0, 8)) {
            const one = await normal.getEventDefinition(def.id);
            const two = await least.getEventDefinition(def.id);
            assertSameExcept(
                detailsMarkdown(one, 1234, NOW),
                detailsMarkdown(two, 1234, NOW),
                [
                    // The description (one line in the seed), or that there is none.
                    /^(?![#|`-])\S/,
                    /^\| Verified \| /,
                    /^\| Hidden \| /,
                    /^\| Tags \| /,
                    /^\| Owner \| /,
                    // "by <name>": UserBasic requires only the id, uuid and email.
                    /^\| (Created|Updated) \| /,
                ],
                `details of ${def.name}`,
            );
            const rows = (t: string) => t.split("\n").filter((l) => l.startsWith("| "));
            assertSameExcept(
                rows(await eventDefinitionText(normal, def.name)).join("\n"),
                rows(await eventDefinitionText(least, def.name)).join("\n"),
                [/^\| tags \| /, /^\| verified \| /, /^\| hidden \| /],
                `event definition tool for ${def.name}`,
            );
        }
    });

    it("lists insight variables: names and types come through, defaults read as none", async () => {
        const a = await normal.listInsightVariables();
        const b = await least.listInsightVariables();
        assert.ok(a.length > 0);
        const shown = (v: InsightVariable) => [v.id, v.name, v.code_name, v.type];
        assert.deepEqual(b.map(shown), a.map(shown));
        for (let i = 0; i < a.length; i++) {
            const [x, y] = [describeVariable(a[i]), describeVariable(b[i])];
            assert.equal(y, `${b[i].type} · no default`);
            assert.equal(y.split(" · ")[0], x.split(" · ")[0].replace(" (multiple)", ""));
        }
        // Without a default, each is asked for, as a variable PostHog holds no default for.
        const names = b.map((v) => v.code_name);
        assert.deepEqual(namesToPrompt(names, b), names);
    });

    it("runs a HogQL query: every row comes through, columns named by position", async () => {
        const sql = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY event LIMIT 5";
        const { text: a, result: ra } = await runQueryText(normal, sql);
        const { text: b, result: rb } = await runQueryText(least, sql);
        assert.deepEqual((await readResponse(rb)).results, (await readResponse(ra)).results);
        assert.match(b, /^5 rows, 2 columns\./);
        assertSameExcept(a, b, [/^\| (event \| n|column 1 \| column 2) \|$/], "query tool");
    });
});

function assertNoLeak(text: string, what: string): void {
    assert.doesNotMatch(text, LEAKED, `${what}: an absent field shown badly\n${text}`);
}
