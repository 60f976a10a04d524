import * as assert from "node:assert/strict";
import { buildCurl, shellQuote } from "../../../src/savedQueries/curl";
import { hogqlOf, insightQueryFor, postHogUrlFor } from "../../../src/savedQueries/links";

describe("cURL builder and PostHog links", () => {
    const query = { kind: "HogQLQuery", query: "SELECT 'it''s' FROM events" };

    it("builds a command that reads the key from $POSTHOG_API_KEY", () => {
        const text = buildCurl({
            host: "https://eu.posthog.com/",
            projectId: "42",
            query,
            name: "q.hogql: x",
        });
        assert.match(
            text,
            /^curl -sS -X POST 'https:\/\/eu\.posthog\.com\/api\/projects\/42\/query\/' \\\n/,
        );
        assert.ok(text.includes(`-H 'Authorization: Bearer '"$POSTHOG_API_KEY"`));
        assert.ok(!/phx_/.test(text));
        // The body survives the shell's single quoting.
        const body = /--data-raw '(.*)'$/s.exec(text)?.[1].replace(/'"'"'/g, "'");
        assert.deepEqual(JSON.parse(body ?? ""), { query, name: "q.hogql: x" });
    });

    it("uses a project placeholder when no project is known", () => {
        const text = buildCurl({ host: "https://us.posthog.com", projectId: undefined, query });
        assert.ok(
            text.includes(`'https://us.posthog.com/api/projects/'"$POSTHOG_PROJECT_ID"'/query/'`),
        );
    });

    it("quotes for a POSIX shell", () => {
        assert.equal(shellQuote("a'b"), `'a'"'"'b'`);
    });

    it("opens HogQL in the SQL editor and other kinds as a new insight", () => {
        assert.equal(
            postHogUrlFor("https://us.posthog.com", "7", query),
            `https://us.posthog.com/project/7/sql?open_query=${encodeURIComponent(query.query)}`,
        );
        const trends = { kind: "TrendsQuery", series: [] };
        const url = postHogUrlFor("https://us.posthog.com/", "7", trends);
        assert.ok(url.startsWith("https://us.posthog.com/project/7/insights/new#q="));
        assert.deepEqual(JSON.parse(decodeURIComponent(url.split("#q=")[1])), {
            kind: "InsightVizNode",
            source: trends,
        });
        assert.deepEqual(insightQueryFor({ kind: "EventsQuery" }), {
            kind: "DataTableNode",
            full: true,
            source: { kind: "EventsQuery" },
        });
        assert.equal(hogqlOf({ kind: "DataTableNode", source: query }), query.query);
    });
});
