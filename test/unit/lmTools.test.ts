// The language model tools' answers, against the sandbox over real HTTP, and drafting with a
// model: the draft is checked by PostHog's own parser and a broken draft gets exactly one retry.
import assert from "node:assert/strict";
import {
    draftPrompt,
    draftWithModel,
    extractSql,
    type DraftContext,
    type DraftModel,
} from "../../src/lm/draftWithModel";
import { draftContext } from "../../src/lm/draftContext";
import * as path from "node:path";
import { HogQLParserClient } from "../../src/hogql/parser/parserClient";
import { draftParser } from "../../src/lm/hogqlParse";
import { parseLossless } from "../../src/shared/json/lossless";
import { table } from "../../src/lm/markdown";
import {
    MODEL_ROWS,
    eventDefinitionText,
    eventNamesText,
    experimentResultsText,
    experimentsText,
    propertyNamesText,
    runQueryText,
    schemaText,
} from "../../src/lm/toolText";
import { readResponse } from "../../src/api/queryBytes";
import { makeClient, type Sandbox } from "./api/helpers";
import { useSandbox } from "./useSandbox";

// The extension's own parser worker (dist/hogqlParser.js, built by `npm run build`).
const parserClient = new HogQLParserClient(path.resolve(__dirname, "../../../dist/hogqlParser.js"));
const parseHogQL = draftParser((text) => parserClient.parse(text));

/** A model that answers from a script and records the prompts it was given. */
function scriptedModel(...answers: string[]): DraftModel & { prompts: string[] } {
    const prompts: string[] = [];
    return {
        prompts,
        async complete(prompt: string) {
            prompts.push(prompt);
            const next = answers.shift();
            if (next === undefined)
                throw new Error(`no scripted answer for prompt ${prompts.length}`);
            return next;
        },
    };
}

const CONTEXT: DraftContext = {
    tables: [{ name: "events", fields: ["event", "timestamp", "properties"] }],
    eventNames: ["$pageview", "signed_up"],
    currentQuery: "SELECT 1",
};

describe("language model tools", function () {
    this.timeout(60_000);
    let sb: Sandbox;
    let client: ReturnType<typeof makeClient>["client"];

    useSandbox((started) => ({ sb, client } = started));

    it("runs HogQL and gives the model at most 50 rows, saying how many there were", async () => {
        const { text, result } = await runQueryText(client, "SELECT number AS n FROM numbers(80)");
        assert.equal(result.layout.rowStarts.length, 80, "the grid gets every row");
        assert.match(text, /^80 rows, 1 column\./);
        assert.match(text, /\| n \|/);
        assert.match(
            text,
            new RegExp(`Showing ${MODEL_ROWS} of 80 rows; the rest are left out\\.`),
        );
        assert.equal(text.split("\n").filter((l) => /^\| \d+ \|$/.test(l)).length, MODEL_ROWS);
    });

    it("tells the model every digit of numbers wider than a double; small ones stay numbers", async () => {
        const { text, result } = await runQueryText(
            client,
            "SELECT 9007199254740993 AS id, 12345678901234567890 AS big, " +
                "-9223372036854775808 AS low, 18446744073709551615 AS top, 7 AS small",
        );
        const rows = text.split("\n").filter((l) => /^\| -?\d/.test(l));
        assert.deepEqual(rows, [
            "| 9007199254740993 | 12345678901234567890 | -9223372036854775808 | 18446744073709551615 | 7 |",
        ]);
        const row = (await readResponse(result)).results?.[0] ?? [];
        assert.equal(typeof row[4], "number", "a number a double holds stays a number");
        assert.deepEqual(row.map(String), [
            "9007199254740993",
            "12345678901234567890",
            "-9223372036854775808",
            "18446744073709551615",
            "7",
        ]);
        // What the grid is sent when the model asks to see the result: the bytes as received.
        assert.match(
            Buffer.from(result.bytes).toString("utf8"),
            /\[9007199254740993,\s*12345678901234567890,\s*-9223372036854775808,\s*18446744073709551615,\s*7\]/,
        );
    });

    it("writes wide numbers inside nested values with every digit, as numbers", () => {
        const rows = parseLossless(
            '[[{"id":9007199254740993,"tags":[12345678901234567890]},0.1234567890123456789]]',
        ) as unknown[][];
        // The model's table is fenced text: its first row follows the header and the rule.
        const lines = table(["props", "ratio"], rows, 10).split("\n");
        const header = lines.indexOf("| props | ratio |");
        assert.ok(header >= 0, lines.join("\n"));
        assert.equal(
            lines[header + 2],
            '| {"id":9007199254740993,"tags":[12345678901234567890]} | 0.1234567890123456789 |',
        );
    });

    it("describes the schema: tables with columns, and one table in full", async () => {
        const all = await schemaText(client);
        assert.match(all, /^\d+ tables\./);
        assert.match(all, /\| events \| [^|]*timestamp:/);
        const events = await schemaText(client, "events");
        assert.match(events, /^Table `events`: \d+ columns\./);
        assert.match(events, /\| distinct_id \| \w+/);
        assert.match(await schemaText(client, "nope"), /^No table `nope`\. Tables: .*`events`/);
    });

    it("lists event names by volume, the most frequent first", async () => {
        const text = await eventNamesText(client);
        const rows = text
            .split("\n")
            .filter((l) => /^\| [^-]/.test(l))
            .slice(1)
            .map((l) => l.split("|").map((c) => c.trim()));
        assert.ok(rows.length > 3, text);
        assert.ok(rows.some((r) => r[1] === "$pageview"));
        const counts = rows.map((r) => Number(r[2]));
        assert.deepEqual(
            counts,
            [...counts].sort((a, b) => b - a),
        );
    });

    it("lists an event's property names from a sample of its events", async () => {
        const text = await propertyNamesText(client, "$pageview");
        assert.match(text, /Properties of `\$pageview` in a sample of \d+ recent events/);
        assert.match(text, /\| \$current_url \| \d+ \|/);
        assert.match(
            await propertyNamesText(client, "no such event"),
            /^No `no such event` events/,
        );
    });

    it("lists experiments and reads one's results with significance", async () => {
        const list = await experimentsText(client);
        assert.match(list, /\| id \| name \| state \| flag key \| start \| end \|/);
        assert.match(list, /Checkout button color/);
        const started = sb.state.experiments.find(
            (e) => e.start_date && !e.deleted && Array.isArray(e.metrics) && e.metrics.length > 0,
        );
        assert.ok(started, "the seed has a started experiment with metrics");
        const text = await experimentResultsText(client, started.id);
        assert.match(text, new RegExp(`^# Experiment ${started.id}: `));
        assert.match(text, /Variants: `control`/);
        assert.match(
            text,
            /\| variant \| samples \| mean \| chance to win \| interval \| significant \|/,
        );
        assert.match(text, /\| control \| \d+ \| [\d.]+ \| baseline \|/);
        assert.match(text, /\| \w+ \| \d+ \| [\d.]+ \| [\d.]+% \| \[[-\d., ]+\] \| (yes|no) \|/);
    });

    it("words an experiment's status as PostHog does: Exposure frozen, Running", async () => {
        const exp = sb.state.experiments.find((e) => e.name === "Email digest frequency")!;
        const flag = sb.state.featureFlags.find((f) => f.key === exp.feature_flag_key)!;
        const saved = flag.filters;
        // PostHog stamps every release group of the flag when it freezes exposure.
        flag.filters = {
            ...saved,
            groups: (saved.groups as object[]).map((g) => ({ ...g, exposure_frozen: true })),
        };
        try {
            const list = await experimentsText(client);
            assert.match(
                list,
                /\| \d+ \| Email digest frequency \| Exposure frozen \| email-digest-frequency \|/,
            );
            assert.match(list, /\| Checkout button color \| Running \|/);
            const text = await experimentResultsText(client, exp.id);
            assert.match(text, /^State: `Exposure frozen`;/m);
        } finally {
            flag.filters = saved;
        }
    });

    it("looks up an event definition: description, tags, volume", async () => {
        const text = await eventDefinitionText(client, "$pageview");
        assert.match(
            text,
            /^# `\$pageview`\n\nDescription:\n\n```text\nAutomatically captured when a page is viewed\.\n```/,
        );
        assert.match(text, /\| tags \| /);
        // From one HogQL query: PostHog no longer sends a volume with the definition.
        assert.match(text, /\| events in the last 30 days \| [1-9]\d* \|/);
        assert.match(
            await eventDefinitionText(client, "$pagevie"),
            /^No event definition named `\$pagevie`\. Similar: `\$pageview`/,
        );
    });

    it("gives the drafting model the project's tables and recent event names", async () => {
        const context = await draftContext(client, "SELECT 1");
        assert.ok(
            context.tables.some((t) => t.name === "events" && t.fields.includes("timestamp")),
        );
        assert.equal(context.eventNames[0] !== undefined, true);
        assert.ok(context.eventNames.includes("$pageview"));
        const prompt = draftPrompt("weekly signups", context);
        assert.match(prompt, /Request: weekly signups$/);
        assert.match(
            prompt,
            /Recent event names, most frequent first \(the project's data[^\n]*\):\n```json\n"\$pageview"\n/,
        );
    });
});

describe("drafting with a language model", () => {
    after(() => parserClient.dispose());
    it("takes the SQL out of a fenced answer, without a trailing semicolon", () => {
        assert.equal(extractSql("Here:\n```sql\nSELECT 1;\n```\nDone."), "SELECT 1");
        assert.equal(extractSql("  SELECT 2  "), "SELECT 2");
    });

    it("accepts a draft PostHog's parser accepts, in one attempt", async () => {
        const model = scriptedModel(
            "```sql\nSELECT count() FROM events WHERE event = '$pageview'\n```",
        );
        const outcome = await draftWithModel(model, "pageviews", CONTEXT, parseHogQL);
        assert.deepEqual(outcome, {
            ok: true,
            sql: "SELECT count() FROM events WHERE event = '$pageview'",
            attempts: 1,
        });
        assert.equal(model.prompts.length, 1);
        assert.match(model.prompts[0], /You write HogQL/);
    });

    it("sends a syntax error back once with the parser's message, and takes the fixed draft", async () => {
        const broken = "SELECT count( FROM events";
        const model = scriptedModel(broken, "SELECT count() FROM events");
        const outcome = await draftWithModel(model, "count events", CONTEXT, parseHogQL);
        assert.deepEqual(outcome, { ok: true, sql: "SELECT count() FROM events", attempts: 2 });
        const { error } = await parseHogQL(broken);
        assert.ok(error, "the broken draft really does not parse");
        assert.ok(model.prompts[1].includes(`Your previous answer was:\n${broken}`));
        assert.ok(model.prompts[1].includes(error.message));
    });

    it("gives up after one retry and returns the parser's error", async () => {
        const model = scriptedModel("SELEC 1", "SELECT FROM WHERE");
        const outcome = await draftWithModel(model, "anything", CONTEXT, parseHogQL);
        assert.equal(outcome.ok, false);
        assert.equal(outcome.attempts, 2);
        assert.equal(model.prompts.length, 2, "exactly one retry");
        assert.ok(!outcome.ok && outcome.error.message.length > 0);
    });
});
