// The pure parts of the editor's PostHog insight (src/codeInsight/): the batched volume query run
// on the sandbox's HogQL engine over real HTTP, "did you mean", the hovers' Markdown with every
// hostile name (nothing live but our own command links), and the supported languages.
import assert from "node:assert/strict";
import { readResponse, type PostHogClient } from "../../src/api";
import { LANGUAGES } from "../../src/codeCalls/languages";
import { eventDefinitionUrl } from "../../src/codeInsight/appUrls";
import { closestName } from "../../src/codeInsight/closeName";
import { shippedVariant } from "../../src/codeInsight/diagnosticRules";
import {
    eventHoverMarkdown,
    flagHoverMarkdown,
    HOVER_COMMANDS,
    sparkline,
} from "../../src/codeInsight/hoverText";
import { CODE_LANGUAGE_IDS } from "../../src/codeInsight/languages";
import {
    readTopEvents,
    readVolumes,
    topEventsQuery,
    volumesQuery,
    VOLUME_DAYS,
} from "../../src/codeInsight/volumes";
import { oneLine } from "../../src/shared/plainText";
import { hostileNames, liveInMarkdownString, visibleText } from "../hostile/liveMarkup";
import { definition, experiment } from "../hostile/serverObjects";
import { marked } from "marked";
import { useSandbox } from "./useSandbox";

/** The command links a Markdown string holds (what `isTrusted` would let run). */
function commandLinks(markdown: string): string[] {
    return liveInMarkdownString(markdown).filter((tag) => /^<a href="command:/.test(tag));
}

describe("code insight", () => {
    it("knows the finder's languages, no more and no fewer", () => {
        // Vue files are read through their script blocks, with no grammar entry of their own.
        assert.deepEqual([...CODE_LANGUAGE_IDS].sort(), [...Object.keys(LANGUAGES), "vue"].sort());
    });

    describe("did you mean", () => {
        it("offers the closest known name for a typo, and nothing for a far name", () => {
            const known = ["signed_up", "logged_in", "checkout_completed"];
            assert.equal(closestName("signed_upp", known), "signed_up");
            assert.equal(closestName("sigend_up", known), "signed_up");
            assert.equal(closestName("chekout_completed", known), "checkout_completed");
            assert.equal(closestName("purchase", known), undefined);
            assert.equal(closestName("ab", ["xy"]), undefined);
        });
    });

    it("names the shipped variant only when one variant has all of the distribution", () => {
        const e = experiment("x");
        const withVariants = (rollouts: number[]) => ({
            ...e,
            feature_flag: {
                ...e.feature_flag!,
                filters: {
                    multivariate: {
                        variants: rollouts.map((r, i) => ({
                            key: i === 0 ? "control" : `test-${i}`,
                            rollout_percentage: r,
                        })),
                    },
                },
            },
        });
        assert.equal(shippedVariant(withVariants([0, 100])), "test-1");
        assert.equal(shippedVariant(withVariants([50, 50])), undefined);
        assert.equal(shippedVariant(withVariants([100])), undefined);
    });

    it("draws a day per bar, the busiest day full", () => {
        assert.equal(sparkline([0, 1, 2, 4, 8]), "▁▂▃▅█");
        assert.equal(sparkline([0, 0]), "▁▁");
    });

    describe("Open in PostHog", () => {
        // PostHog's frontend/src/scenes/urls.ts @02ec3baf: urls.project(id, urls.eventDefinition(uuid)).
        it("opens the event definition's page of the project", () => {
            assert.equal(
                eventDefinitionUrl(
                    "https://eu.posthog.com/",
                    "7",
                    "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
                ),
                "https://eu.posthog.com/project/7/data-management/events/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            );
        });

        it("keeps a hostile id inside its path segment", () => {
            assert.equal(
                eventDefinitionUrl("https://us.posthog.com", "7", "../x?y=1#z"),
                "https://us.posthog.com/project/7/data-management/events/..%2Fx%3Fy%3D1%23z",
            );
        });
    });

    describe("an event's hover before PostHog's data is read", () => {
        it("claims neither a missing definition nor an event never seen", () => {
            const hover = (loaded: boolean) =>
                eventHoverMarkdown({
                    name: "$pageview",
                    definition: undefined,
                    volume: undefined,
                    stale: false,
                    loaded,
                });
            const before = hover(false);
            assert.ok(!before.includes("No event definition"), before);
            assert.ok(!before.includes("Never seen by PostHog"), before);
            assert.ok(before.includes("not loaded. Sign in"), before);
            // Once read, an event in neither is said to be so.
            const after = hover(true);
            assert.ok(after.includes("No event definition"), after);
            assert.ok(after.includes("Never seen by PostHog"), after);
        });
    });

    describe("hostile names in the hovers", () => {
        for (const { name, why } of hostileNames()) {
            it(why, () => {
                const volume = {
                    daily: new Array<number>(VOLUME_DAYS).fill(3),
                    total: 90,
                    lastSeen: "2026-01-01T00:00:00Z",
                };
                const event = eventHoverMarkdown({
                    name,
                    definition: { ...definition(name), tags: [name], hidden: true },
                    volume,
                    stale: true,
                    loaded: true,
                });
                const links = commandLinks(event);
                assert.equal(links.length, 3, event);
                for (const link of links)
                    assert.ok(
                        HOVER_COMMANDS.some((c) => link.startsWith(`<a href="command:${c}?`)),
                        link,
                    );
                // Nothing else is live: no other link, image or HTML.
                assert.deepEqual(
                    liveInMarkdownString(event).filter((t) => !links.includes(t)),
                    [],
                );
                // The link's argument is the name, exactly.
                const query = /command:posthog-workbench\.queryEventFromCode\?([^"]+)"/.exec(
                    links.join(""),
                )?.[1];
                assert.deepEqual(JSON.parse(decodeURIComponent(query ?? "")), [name]);
                const html = marked.parse(event, { async: false, gfm: true });
                assert.ok(
                    visibleText(html).includes(oneLine(name, Number.MAX_SAFE_INTEGER).trim()) ||
                        oneLine(name).trim() === "",
                );

                const e = experiment(name);
                const flag = flagHoverMarkdown({
                    flag: name,
                    experiment: e,
                    result: {
                        metric: name,
                        statisticLabel: name,
                        variants: [
                            { key: name, statistic: name, significant: true, verdict: name },
                        ],
                        note: name,
                    },
                    stale: false,
                });
                const flagLinks = commandLinks(flag);
                assert.equal(flagLinks.length, 1, flag);
                assert.ok(
                    flagLinks[0].startsWith(
                        '<a href="command:posthog-workbench.openExperimentFromCode?',
                    ),
                );
                assert.deepEqual(
                    liveInMarkdownString(flag).filter((t) => !flagLinks.includes(t)),
                    [],
                );
            });
        }
    });

    describe("volumes in one query, on the sandbox", function () {
        this.timeout(60_000);
        let client: PostHogClient;
        useSandbox((suite) => ({ client } = suite));

        async function rows(query: string): Promise<unknown> {
            const run = await client.runQuery({ kind: "HogQLQuery", query });
            return ((await readResponse(run)) as { results?: unknown }).results;
        }

        it("counts each name per day, and a name never received as zero", async () => {
            const names = ["$pageview", "signed_up", "no_such_event_ever", "it's \\ odd"];
            const volumes = readVolumes(await rows(volumesQuery(names)), names);
            const top = readTopEvents(await rows(topEventsQuery()));
            assert.deepEqual([...volumes.keys()], names);
            for (const name of ["$pageview", "signed_up"]) {
                const v = volumes.get(name)!;
                assert.equal(v.daily.length, VOLUME_DAYS);
                assert.ok(v.total > 0, name);
                assert.equal(
                    v.daily.reduce((a, b) => a + b, 0),
                    v.total,
                );
                assert.equal(v.total, top.get(name), name);
                assert.ok(v.lastSeen, name);
            }
            assert.equal(volumes.get("no_such_event_ever")!.total, 0);
            assert.equal(top.has("no_such_event_ever"), false);
            // Most received first.
            const counts = [...top.values()];
            assert.deepEqual(
                counts,
                [...counts].sort((a, b) => b - a),
            );
        });
    });
});
