// The TypeScript port of PostHog's query schema migrations (src/savedQueries/migrations/): each
// migration on PostHog's own before/after examples (test/fixtures/schema-migrations/), PostHog's
// walker tests, and the local upgrade against the sandbox's own port for every example and every
// saved query of the workspace fixture.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
    applyMigration,
    type Json,
    type JsonObject,
    type SchemaMigration,
} from "../../../src/savedQueries/migrations/base";
import {
    ALL_MIGRATIONS,
    buildRegistry,
    REGISTRY,
} from "../../../src/savedQueries/migrations/registry";
import { upgradeLocally } from "../../../src/savedQueries/migrations/upgrade";
import { findSavedQueries } from "../../../src/savedQueries/detect";
import { upgradeQuery as sandboxUpgrade } from "../../sandbox/upgrade";

const root = path.resolve(__dirname, "../../../..");
const fixtureDir = path.join(root, "test/fixtures/schema-migrations");
const workspaceQueries = path.join(root, "test/fixtures/workspace/queries");

interface Case {
    name: string;
    call: "transform" | "migrate" | "upgrade";
    before: Json;
    after: Json;
}
interface Fixture {
    migration: string;
    source: string;
    cases: Case[];
}

const fixtures: Fixture[] = fs
    .readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(fixtureDir, f), "utf8")) as Fixture);

function migrationNamed(name: string): SchemaMigration {
    const found = ALL_MIGRATIONS.find((m) => m.name === name);
    assert.ok(found, `no port of ${name}`);
    return found;
}

function run(fixture: Fixture, c: Case): Json {
    const input = structuredClone(c.before);
    if (c.call === "upgrade") return upgradeLocally(input);
    const migration = migrationNamed(fixture.migration);
    if (c.call === "migrate") return applyMigration(migration, input as JsonObject);
    return migration.transform(input as JsonObject);
}

describe("PostHog schema migrations, ported", () => {
    it("has one port per PostHog migration and an example file for each", () => {
        const names = fixtures.map((f) => f.migration).filter((n) => /^\d{4}_/.test(n));
        assert.deepEqual(
            names,
            ALL_MIGRATIONS.map((m) => m.name),
        );
        assert.ok(fixtures.every((f) => f.cases.length > 0));
    });

    it("reaches PostHog's latest versions (frontend/src/queries/latest-versions.json)", () => {
        assert.deepEqual(REGISTRY.latestVersions, {
            CalendarHeatmapQuery: 2,
            // 0003_data_visualization_pie_show_total (its commit's file, @551db567, lists it)
            DataVisualizationNode: 2,
            FunnelsQuery: 2,
            LifecycleQuery: 2,
            RetentionQuery: 2,
            StickinessQuery: 5,
            TrendsQuery: 5,
        });
    });

    for (const fixture of fixtures) {
        describe(`${fixture.migration} (${path.basename(fixture.source)})`, () => {
            for (const c of fixture.cases) {
                it(`${c.call}: ${c.name}`, () => {
                    assert.deepStrictEqual(run(fixture, c), c.after);
                });
            }
        });
    }

    describe("migration call (base.py)", () => {
        it("runs only at the target version and stamps the next one", () => {
            const m = migrationNamed("0001_retention_query_show_mean");
            const old = { kind: "RetentionQuery", retentionFilter: { showMean: true } };
            assert.deepEqual(applyMigration(m, structuredClone(old)), {
                kind: "RetentionQuery",
                retentionFilter: { meanRetentionCalculation: "simple" },
                version: 2,
            });
            const newer = { ...structuredClone(old), version: 2 };
            assert.deepEqual(applyMigration(m, structuredClone(newer)), newer);
            const nullVersion = { ...structuredClone(old), version: null };
            assert.equal(applyMigration(m, nullVersion).version, 2);
        });
    });

    // posthog/schema_migrations/test/test_upgrade.py, with its stub migrations.
    describe("walker (upgrade.py) with PostHog's stub migrations", () => {
        const sample: SchemaMigration = {
            name: "0001_sample",
            targets: { TrendsQuery: 1 },
            transform(q) {
                q.mode = q.flag ? "on" : "off";
                delete q.flag;
                return q;
            },
        };
        const eventsNode: SchemaMigration = {
            name: "0002_events_node",
            targets: { EventsNode: 1 },
            transform(q) {
                if ("event" in q) {
                    q.name = q.event;
                    delete q.event;
                }
                return q;
            },
        };
        const registry = buildRegistry([sample, eventsNode]);

        it("simple migration", () => {
            assert.deepEqual(
                upgradeLocally({ kind: "TrendsQuery", version: 1, flag: true }, registry),
                {
                    kind: "TrendsQuery",
                    version: 2,
                    mode: "on",
                },
            );
        });
        it("nested source migration", () => {
            const q = { kind: "InsightVizNode", source: { kind: "TrendsQuery", flag: true } };
            assert.deepEqual(upgradeLocally(q, registry), {
                kind: "InsightVizNode",
                source: { kind: "TrendsQuery", version: 2, mode: "on" },
            });
        });
        it("nested array migration", () => {
            const q = {
                kind: "TrendsQuery",
                version: 2,
                series: [
                    { kind: "EventsNode", version: 1, event: "pageview" },
                    { kind: "EventsNode", version: 1, event: "signup" },
                ],
            };
            assert.deepEqual(upgradeLocally(q, registry), {
                kind: "TrendsQuery",
                version: 2,
                series: [
                    { kind: "EventsNode", version: 2, name: "pageview" },
                    { kind: "EventsNode", version: 2, name: "signup" },
                ],
            });
        });
        it("already latest", () => {
            const q = { kind: "TrendsQuery", version: 2 };
            assert.deepEqual(upgradeLocally(q, registry), q);
        });
        for (const kind of [[], {}] as Json[]) {
            it(`non-string kind ${JSON.stringify(kind)} is left alone`, () => {
                const q = {
                    kind: "TrendsQuery",
                    version: 2,
                    series: [{ kind: "EventsNode", version: 1, event: "pageview" }],
                    values: { placeholder: { kind } },
                };
                assert.deepEqual(upgradeLocally(q, registry), {
                    kind: "TrendsQuery",
                    version: 2,
                    series: [{ kind: "EventsNode", version: 2, name: "pageview" }],
                    values: { placeholder: { kind } },
                });
            });
        }
        it("refuses two migrations with the same target, as discovery does", () => {
            assert.throws(
                () => buildRegistry([sample, { ...sample, name: "0003_again" }]),
                /Duplicate/,
            );
        });
        it("leaves its argument untouched", () => {
            const q = { kind: "RetentionQuery", retentionFilter: { showMean: false } };
            const copy = structuredClone(q);
            upgradeLocally(q);
            assert.deepEqual(q, copy);
        });
    });
});

describe("local upgrade equals the sandbox's own port of PostHog's migrations", function () {
    // No personal API key may call /query/upgrade/ (the contract gives it no PersonalAPIKeyAuth),
    // so the sandbox's port (test/sandbox/upgrade.ts, written apart from src's) is asked directly.
    const upgradeRemotely = async (q: Json): Promise<Json> =>
        sandboxUpgrade(JSON.parse(JSON.stringify(q)) as never) as unknown as Json;

    const examples = fixtures.flatMap((f) =>
        f.cases.map((c) => ({ label: `${f.migration}: ${c.name}`, node: c.before })),
    );
    const saved = fs
        .readdirSync(workspaceQueries)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .flatMap((file) =>
            findSavedQueries(fs.readFileSync(path.join(workspaceQueries, file), "utf8")).map(
                (s, i) => ({ label: `${file} #${i + 1}`, node: s.node as unknown as Json }),
            ),
        );

    it("finds the workspace's saved queries", () => {
        assert.ok(saved.length >= 6, `only ${saved.length} saved queries found`);
    });

    for (const { label, node } of [...saved, ...examples]) {
        it(label, async () => {
            const remote = await upgradeRemotely(node);
            const local = upgradeLocally(node);
            assert.deepStrictEqual(local, remote);
        });
    }

    // Where PostHog's code raises (a 500 from the service), both sides fail.
    const raising: [string, Json][] = [
        // 0002 iterates hiddenLegendIndexes: `for idx in 5` raises TypeError.
        [
            "a number for hiddenLegendIndexes",
            { kind: "TrendsQuery", series: [], trendsFilter: { hiddenLegendIndexes: 5 } },
        ],
        // upgrade.py compares `version < latest`: a string version raises TypeError.
        ["a string version", { kind: "TrendsQuery", version: "2", series: [] }],
        // 0003 (pie): `chart_settings.setdefault("pie", {})` gives the null there, and
        // `None.setdefault` raises AttributeError.
        [
            "a null pie beside showPieTotal",
            { kind: "DataVisualizationNode", chartSettings: { showPieTotal: true, pie: null } },
        ],
        // upgrade.py: no migration for version 1.5 raises "Missing migration handler".
        ["a version between migrations", { kind: "LifecycleQuery", version: 1.5, series: [] }],
    ];
    for (const [what, node] of raising)
        it(`both refuse ${what}`, async () => {
            assert.throws(() => upgradeLocally(node));
            await assert.rejects(upgradeRemotely(node));
        });

    // PostHog's own upgrade() examples, answered by the sandbox's port.
    for (const f of fixtures)
        for (const c of f.cases.filter((x) => x.call === "upgrade"))
            it(`service gives PostHog's upgrade: ${f.migration}: ${c.name}`, async () => {
                assert.deepStrictEqual(await upgradeRemotely(c.before), c.after);
            });
});
