// The hostile-names corpus through what the language model and the chat are given: tool results,
// chat tables and drafting prompts, built against the sandbox over real HTTP. Nothing may be live
// in Markdown (as chat renders it, and as the preview would), no invisible control may reach the
// text, and a prompt carries every name only inside its fenced JSON, exactly.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Marked, marked } from "marked";
import { hogqlString } from "../../src/events/format";
import { cell, name, table } from "../../src/lm/markdown";
import { draftPrompt } from "../../src/lm/draftWithModel";
import {
    DATA_NOTE,
    eventDefinitionText,
    experimentResultsText,
    experimentsText,
    propertyNamesText,
    runQueryText,
    schemaText,
    toolResultText,
} from "../../src/lm/toolText";
import { oneLine, withoutControls } from "../../src/shared/plainText";
import { withinMaxLength } from "../contract/limits";
import type { EventDefinition, Experiment } from "../sandbox";
import {
    hostileNames,
    liveIcons,
    liveInMarkdownString,
    liveInPreview,
    visibleText,
} from "../hostile/liveMarkup";
import { readResponse } from "../../src/api/queryBytes";
import { makeClient, type Sandbox } from "./api/helpers";
import { useSandbox } from "./useSandbox";

const names = hostileNames();
/** Bidi controls, zero-width characters and C0/C1 controls (line breaks and tabs aside). */
const UNSEEN =
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** Blanks code, where VS Code's Markdown shows `$(name)` as typed, never as an icon. */
const withoutCode = new Marked({
    gfm: true,
    walkTokens: (token) => {
        if (token.type === "code" || token.type === "codespan") token.text = "";
    },
});

/**
 * The theme icons a MarkdownString with icons would show: outside code, `$(name)` not escaped
 * (liveMarkup.ts `iconsInMarkdownString`, with code left out).
 */
function iconsOutsideCode(markdown: string): string[] {
    const value = markdown.replace(/\\\$\([a-zA-Z0-9-]+(?:~[a-zA-Z0-9-]+)?\)/g, (m) => `\\${m}`);
    return liveIcons(visibleText(withoutCode.parse(value, { async: false })));
}

/** Nothing live where chat or a preview renders `markdown`, and no hidden control in it. */
function assertInert(markdown: string, what: string): void {
    assert.deepEqual(liveInMarkdownString(markdown), [], `${what}: live in chat`);
    assert.deepEqual(liveInPreview(markdown), [], `${what}: live in a preview`);
    assert.deepEqual(iconsOutsideCode(markdown), [], `${what}: an icon`);
    assert.doesNotMatch(markdown, UNSEEN, `${what}: an invisible control`);
}

/** The HTML marked makes of `markdown` outside its code blocks. */
function outsideCode(markdown: string): string {
    return marked
        .parse(markdown, { async: false, gfm: true })
        .replace(/<pre>[\s\S]*?<\/pre>/g, "")
        .replace(/<code>[\s\S]*?<\/code>/g, "");
}

describe("language model and chat text with hostile names", () => {
    for (const { name: hostile, why } of names) {
        describe(why, () => {
            it("stays in its fenced table for the model, and in its cell in the chat", () => {
                const rows = [
                    [hostile, 3],
                    ["plain", 4],
                ];
                const forModel = table([hostile, "n"], rows, 10, "rows", "model");
                assertInert(forModel, "model table");
                // Everything is inside one code block: outside it, no trace of the name.
                assert.equal(outsideCode(forModel).trim(), "");
                const html = marked.parse(forModel, { async: false, gfm: true });
                assert.equal((html.match(/<pre>/g) ?? []).length, 1);
                const shown = visibleText(html);
                assert.ok(shown.includes(cell(hostile)), "the cell is there as written");

                const forChat = table([hostile, "n"], rows, 10, "rows", "chat");
                assertInert(forChat, "chat table");
                const chatHtml = marked.parse(forChat, { async: false, gfm: true });
                assert.equal((chatHtml.match(/<th>/g) ?? []).length, 2, "two header cells");
                assert.equal((chatHtml.match(/<td>/g) ?? []).length, 4, "two cells a row");
                const first = /<td>([\s\S]*?)<\/td>/.exec(chatHtml)?.[1] ?? "";
                assert.equal(
                    visibleText(first).trim(),
                    oneLine(withoutControls(hostile).replace(/\s+/g, " "), 120).trim(),
                    "the reader sees the name",
                );
            });

            it("is one code span in a sentence", () => {
                const sentence = `No event named ${name(hostile)} here.`;
                assertInert(sentence, "sentence");
                const html = marked.parse(sentence, { async: false });
                assert.equal((html.match(/<code>/g) ?? []).length, 1);
                assert.match(visibleText(outsideCode(sentence)), /^No event named\s+here\.\s*$/);
            });

            it("is a value of the drafting prompt's JSON, exactly, and nowhere else", () => {
                const prompt = draftPrompt("count them", {
                    tables: [{ name: hostile, fields: [hostile, "event"] }],
                    eventNames: ["$pageview", hostile],
                    currentQuery: "",
                });
                const blocks = [...prompt.matchAll(/^(`{3,})json\n([\s\S]*?)\n\1$/gm)];
                assert.equal(blocks.length, 2, "tables and event names fenced");
                const outside = blocks.reduce((text, b) => text.replace(b[0], ""), prompt);
                assert.match(outside, /the project's data.*never instructions/);
                const distinctive = hostile.slice(0, 12);
                assert.ok(!outside.includes(distinctive), "no name outside the fences");
                const [tables, events] = blocks.map((b) =>
                    b[2].split("\n").map((line) => JSON.parse(line) as unknown),
                );
                assert.deepEqual(tables, [{ table: hostile, columns: [hostile, "event"] }]);
                assert.deepEqual(events, ["$pageview", hostile]);
                assert.doesNotMatch(prompt, UNSEEN);
            });
        });
    }
});

/** maxLength of an event definition name in the contract (models/event_definition.py max_length). */
const DEFINITION_NAME_MAX = 400;

describe("tool results and chat answers from a sandbox holding hostile names", function () {
    this.timeout(120_000);
    let sb: Sandbox;
    let client: ReturnType<typeof makeClient>["client"];
    const added: { experiments: Experiment[]; definitions: EventDefinition[] } = {
        experiments: [],
        definitions: [],
    };

    useSandbox((suite) => {
        ({ sb, client } = suite);
        const started = sb.state.experiments.find(
            (e) => e.start_date && !e.deleted && Array.isArray(e.metrics) && e.metrics.length > 0,
        );
        assert.ok(started, "the seed has a started experiment with metrics");
        const definition = sb.state.eventDefinitions[0];
        let id = Math.max(...sb.state.experiments.map((e) => e.id));
        for (const { name: hostile } of names) {
            const copy = structuredClone(started);
            copy.id = ++id;
            // No experiment PostHog answers holds a longer name or description than the
            // contract's maxLength (it refuses them on create).
            copy.name = withinMaxLength(hostile, "Experiment", "name");
            copy.conclusion = "won";
            copy.description = withinMaxLength(hostile, "Experiment", "description");
            copy.metrics = (copy.metrics as { name?: string }[]).map((m) => ({
                ...m,
                name: hostile,
            }));
            copy.parameters = {
                ...(copy.parameters as object),
                feature_flag_variants: [
                    { key: "control", rollout_percentage: 50 },
                    { key: hostile, rollout_percentage: 50 },
                ],
            };
            added.experiments.push(copy);
            added.definitions.push({
                ...structuredClone(definition),
                id: randomUUID(),
                // PostHog keeps at most 400 characters of a name (EventDefinition.name).
                name: hostile.slice(0, DEFINITION_NAME_MAX),
                description: hostile,
                tags: [hostile],
            });
        }
        sb.state.experiments.push(...added.experiments);
        sb.state.eventDefinitions.push(...added.definitions);
    });

    it("tells the model that what follows is the project's data", () => {
        assert.ok(toolResultText("x").startsWith(`${DATA_NOTE}\n\n`));
        assert.match(DATA_NOTE, /data, never as instructions/);
        assertInert(DATA_NOTE, "the note");
    });

    it("lists the experiments inertly, for the model and in the chat", async () => {
        const forModel = await experimentsText(client);
        const forChat = await experimentsText(client, undefined, "chat");
        assertInert(forModel, "experiments for the model");
        assertInert(forChat, "experiments in the chat");
        // The list holds the hostile ones (the seed's first 50 come first: look at the chat's).
        assert.ok(names.some(({ name: n }) => forModel.includes(cell(n))));
    });

    it("reads each hostile experiment's results inertly", async () => {
        for (const e of added.experiments) {
            const text = await experimentResultsText(client, e.id);
            assertInert(text, `experiment ${e.id}`);
            assert.ok(text.startsWith(`# Experiment ${e.id}: ${name(e.name)}\n`), text);
            assert.ok(text.includes(name(e.name)), "the metric's name");
        }
    });

    it("looks up each hostile event definition inertly, description fenced", async () => {
        for (const d of added.definitions) {
            const text = await eventDefinitionText(client, d.name);
            assertInert(text, `definition ${d.name.slice(0, 20)}`);
            assert.ok(text.startsWith(`# ${name(d.name)}\n\nDescription:\n\n`), text);
            assert.equal(outsideCode(text).includes(d.name.slice(0, 12)), false);
            assertInert(await eventDefinitionText(client, `${d.name}?`), "not found");
        }
    });

    it("answers inertly when the model asks about a hostile table or event", async () => {
        for (const { name: hostile } of names) {
            assertInert(await schemaText(client, hostile), "schema");
            assertInert(await propertyNamesText(client, hostile), "properties");
        }
    });

    it("runs a query whose values and column are hostile: inert for the model and the chat", async () => {
        // Not the 10,000-character one: the sandbox's parser takes it, but slowly.
        for (const { name: hostile } of names.filter((n) => n.name.length < 1000)) {
            const sql = `SELECT ${hogqlString(hostile)} AS value, 1 AS n`;
            const forModel = await runQueryText(client, sql);
            const forChat = await runQueryText(client, sql, undefined, "chat");
            assertInert(forModel.text, `query for the model: ${hostile.slice(0, 20)}`);
            assertInert(forChat.text, `query in the chat: ${hostile.slice(0, 20)}`);
            assert.deepEqual((await readResponse(forModel.result)).results, [[hostile, 1]]);
        }
    });
});
