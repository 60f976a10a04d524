import assert from "node:assert/strict";
import type { EventDefinition } from "../../../src/api";
import {
    DEFAULT_FILTER,
    countText,
    describeFilter,
    detailsMarkdown,
    eventQuery,
    hogqlString,
    parseTags,
    relativeTime,
    volumeOf,
    volumeQuery,
} from "../../../src/events/format";

describe("events/format", () => {
    it("quotes names as HogQL strings", () => {
        assert.equal(hogqlString("signed_up"), "'signed_up'");
        assert.equal(hogqlString("it's"), "'it\\'s'");
        assert.equal(hogqlString("a\\'b"), "'a\\\\\\'b'");
        assert.equal(hogqlString("two\nlines"), "'two\\nlines'");
    });

    it("writes a per-day query whose comment cannot be broken by the name", () => {
        const query = eventQuery("bad\nname'");
        assert.equal(
            query.split("\n")[0],
            "-- bad name': events and persons per day over the last 30 days",
        );
        assert.match(
            query,
            /WHERE event = 'bad\\nname\\'' AND timestamp >= now\(\) - INTERVAL 30 DAY/,
        );
    });

    it("parses tags", () => {
        assert.deepEqual(parseTags(" a, b ,, a,c "), ["a", "b", "c"]);
        assert.deepEqual(parseTags("   "), []);
    });

    it("says how long ago", () => {
        const now = Date.parse("2025-06-10T12:00:00Z");
        assert.equal(relativeTime(null, now), "never");
        assert.equal(relativeTime("2025-06-10T11:59:50Z", now), "just now");
        assert.equal(relativeTime("2025-06-10T09:00:00Z", now), "3 hours ago");
        assert.equal(relativeTime("2025-06-09T12:00:00Z", now), "yesterday");
        assert.equal(relativeTime("not a date", now), "unknown");
        assert.equal(relativeTime("2025-06-10T13:00:00Z", now), "just now", "clock skew");
    });

    it("describes only what differs from the default filter", () => {
        assert.equal(describeFilter(DEFAULT_FILTER), "");
        assert.equal(
            describeFilter({
                search: "sign",
                ordering: "-last_seen_at",
                includeHidden: true,
                includePostHog: false,
                usage: "all",
            }),
            '"sign" · by last seen · with hidden · no $ events',
        );
        assert.equal(describeFilter({ ...DEFAULT_FILTER, usage: "used" }), "used in code");
        assert.equal(describeFilter({ ...DEFAULT_FILTER, usage: "unused" }), "not used in code");
    });

    it("keeps an odd name inside the details document's code fence and table", () => {
        const def: EventDefinition = {
            id: "00000000-0000-4000-8000-000000000000",
            name: "a|```b",
            tags: [],
        };
        const text = detailsMarkdown(def, 3);
        assert.match(text, /^````hogql$/m);
        assert.match(text, /^# a\\\|\\`\\`\\`b$/m);
        assert.match(text, /\| Events in the last 30 days \| 3 \|/);
        assert.doesNotMatch(text, /Queries in the last 30 days/);
    });

    it("asks for a name's 30-day volume with the name as a placeholder value, never in the text", () => {
        const odd = "it's {x} \\ ' OR 1=1 --\n";
        const node = volumeQuery(odd);
        assert.equal(node.kind, "HogQLQuery");
        assert.equal(node.query, volumeQuery("signed_up").query, "one text for every name");
        assert.match(node.query, /event = \{event_name\}/);
        assert.match(node.query, /INTERVAL 30 DAY/);
        assert.deepEqual(node.values, { event_name: odd });
    });

    it("reads the volume from the answer, as a number, bigint or digits", () => {
        assert.equal(volumeOf({ results: [[4321]] }), 4321);
        assert.equal(volumeOf({ results: [["4321"]] }), 4321);
        assert.equal(volumeOf({ results: [[4321n]] }), 4321);
        assert.equal(volumeOf({ results: [] }), null);
        assert.equal(volumeOf({ results: [["many"]] }), null);
        assert.equal(volumeOf(null), null);
    });

    it("shows a capped count as a lower bound", () => {
        assert.equal(countText(10_000, true), "10,000+");
        assert.equal(countText(12), "12");
    });
});
