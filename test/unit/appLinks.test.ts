// Links into PostHog are built from the host's checked origin, with every segment encoded.
import * as assert from "node:assert/strict";
import { appLink } from "../../src/appLinks";
import { experimentMarkdown } from "../../src/experiments/markdown";
import { postHogUrlFor } from "../../src/savedQueries/links";
import { HOSTILE_HOSTS } from "../curlCorpus";

describe("links into PostHog", () => {
    it("start with the checked origin, whatever the setting's spelling", () => {
        assert.equal(
            appLink("HTTPS://EU.PostHog.com/", "project", 7, "experiments", 3),
            "https://eu.posthog.com/project/7/experiments/3",
        );
        assert.equal(appLink("bücher.example.de", "x"), "https://xn--bcher-kva.example.de/x");
    });

    it("are never built for a hostile host", () => {
        const query = { kind: "HogQLQuery", query: "SELECT 1" };
        for (const host of HOSTILE_HOSTS) {
            assert.throws(() => appLink(host, "project", 1), /host/i, host);
            assert.throws(() => postHogUrlFor(host, "1", query), /host/i, host);
        }
    });

    it("encode ids from the server so they add no path, query or Markdown", () => {
        const id = "1)[x](command:evil)/../../?a=1#b 'c'!*";
        const link = appLink("https://us.posthog.com", "project", "2", "cohorts", id);
        assert.equal(
            link,
            "https://us.posthog.com/project/2/cohorts/1%29%5Bx%5D%28command%3Aevil%29%2F..%2F..%2F%3Fa%3D1%23b%20%27c%27%21%2A",
        );
        const url = new URL(link);
        assert.equal(url.origin, "https://us.posthog.com");
        assert.equal(url.search + url.hash, "");
        assert.equal(url.pathname.split("/").length, 5);
    });

    it("in an experiment's Markdown, the Open in PostHog link cannot be broken out of", () => {
        const markdown = experimentMarkdown(
            {
                id: "9)[evil](command:x)" as unknown as number,
                name: "e",
                feature_flag_key: "e",
                archived: false,
                created_at: "2026-08-01",
                updated_at: "2026-08-02",
            },
            "https://us.posthog.com",
            "2",
        );
        const line = markdown.split("\n").find((l) => l.includes("Open in PostHog")) ?? "";
        assert.equal(
            line,
            "[Open in PostHog](https://us.posthog.com/project/2/experiments/9%29%5Bevil%5D%28command%3Ax%29)",
        );
    });
});
