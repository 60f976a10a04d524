// The contract checker (test/contract/) fails where it must: a list row with metrics, a field the
// description no longer has, a field the sandbox adds, an undeclared query parameter, an invalid
// body. And the sandbox's real answers to the client keep the contract.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import type { PostHogClient } from "../../src/api";
import { Contract, FIXTURE_DIR, formatViolation, type Violation } from "../contract/contract";
import { exchangeOf, judge, TrafficReport } from "../contract/suiteCheck";
import type { RecordedRequest } from "../sandbox";
import { makeClient, startSandbox, type Sandbox } from "./api/helpers";

/** A sandbox whose exchanges this test checks itself (the suite's check does not see them). */
async function checkedSandbox(): Promise<{ sb: Sandbox; exchanges: RecordedRequest[] }> {
    const exchanges: RecordedRequest[] = [];
    const sb = await startSandbox({ onExchange: (r) => exchanges.push(r) });
    return { sb, exchanges };
}

function violationsOf(contract: Contract, exchanges: RecordedRequest[]): Violation[] {
    return exchanges.flatMap((r) => judge(contract, r).violations);
}

/** The exchange with its answer's JSON body changed by `edit`. */
function withAnswer(r: RecordedRequest, edit: (body: Record<string, unknown>) => void) {
    const body = JSON.parse(r.response!.body) as Record<string, unknown>;
    edit(body);
    return { ...r, response: { ...r.response!, body: JSON.stringify(body) } };
}

/** [operationId, side, at, rule without its schema location] of each violation. */
function brief(violations: Violation[]): [string, string, string, string][] {
    return violations.map((v) => [
        v.operation.split(" ")[0],
        v.side,
        v.at,
        v.rule.replace(/ \(.*/, ""),
    ]);
}

function lines(violations: Violation[]): string {
    return violations.map(formatViolation).join("\n") || "(none)";
}

describe("contract: PostHog's API description held to the sandbox's traffic", () => {
    const contract = new Contract();
    let sb: Sandbox;
    let exchanges: RecordedRequest[];
    let client: PostHogClient;

    before(async () => {
        ({ sb, exchanges } = await checkedSandbox());
        ({ client } = makeClient(sb));
    });
    after(async () => {
        await client.close();
        await sb.close();
    });
    beforeEach(() => {
        exchanges.length = 0;
    });

    it("an experiment list row with metrics breaks it", async () => {
        await client.listExperimentsPage({ limit: 5 });
        const answer = exchanges.at(-1)!;
        const page = JSON.parse(answer.response!.body) as { results: Record<string, unknown>[] };
        page.results[0].metrics = [];
        const broken = { ...answer, response: { ...answer.response!, body: JSON.stringify(page) } };
        const found = contract.check(exchangeOf(broken));
        assert.ok(
            found.some(
                (v) =>
                    v.operation.startsWith("experiments_list ") &&
                    v.side === "response" &&
                    v.at === "/results/0/metrics" &&
                    /not declared/.test(v.rule),
            ),
            lines(found),
        );
    });

    it("a field removed from a response schema in the description turns a real answer red", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "contract-"));
        try {
            const slice = YAML.parse(
                fs.readFileSync(path.join(FIXTURE_DIR, "openapi.slice.yaml"), "utf8"),
                { maxAliasCount: -1 },
            ) as { components: { schemas: Record<string, { properties: object }> } };
            delete (slice.components.schemas.Experiment.properties as Record<string, unknown>)
                .feature_flag_key;
            fs.writeFileSync(path.join(dir, "openapi.slice.yaml"), YAML.stringify(slice));
            fs.copyFileSync(
                path.join(FIXTURE_DIR, "operations.json"),
                path.join(dir, "operations.json"),
            );
            const changed = new Contract(dir);
            const experiment = (await client.listExperimentsPage({ limit: 1 })).results[0];
            exchanges.length = 0;
            await client.getExperiment(experiment.id);
            assert.equal(exchanges.length, 1);
            const found = violationsOf(changed, exchanges);
            assert.deepEqual(
                found.map((v) => [v.side, v.at, v.rule.replace(/ \(.*/, "")]),
                [["response", "/feature_flag_key", "field not declared by the schema"]],
                lines(found),
            );
            // The committed description takes the same answer.
            assert.equal(lines(violationsOf(contract, exchanges)), "(none)");
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("an undeclared field added to a sandbox answer turns it red", async () => {
        const stored = sb.state.experiments.find((e) => e.team_id === sb.projectId)!;
        (stored as unknown as Record<string, unknown>).surprise_field = "from the sandbox";
        try {
            await client.getExperiment(stored.id);
        } finally {
            delete (stored as unknown as Record<string, unknown>).surprise_field;
        }
        const found = violationsOf(contract, exchanges);
        assert.deepEqual(
            found.map((v) => [v.operation.split(" ")[0], v.status, v.at]),
            [["experiments_retrieve", 200, "/surprise_field"]],
            lines(found),
        );
    });

    it("an undeclared query parameter and an invalid body break it", async () => {
        const headers = {
            Authorization: `Bearer ${sb.keys.full}`,
            "Content-Type": "application/json",
        };
        const base = `${sb.url}/api/projects/${sb.projectId}/experiments/`;
        const stored = sb.state.experiments.find((e) => e.team_id === sb.projectId)!;
        await (await fetch(`${base}?limit=1&flavour=strawberry`, { headers })).text();
        await (
            await fetch(`${base}${stored.id}/`, {
                method: "PATCH",
                headers,
                body: JSON.stringify({ name: 42 }),
            })
        ).text();
        const found = violationsOf(contract, exchanges).filter((v) => v.side === "request");
        assert.deepEqual(
            found.map((v) => [v.operation.split(" ")[0], v.at, v.rule.replace(/ \(.*/, "")]),
            [
                ["experiments_list", "?flavour", "query parameter not declared by the operation"],
                ["experiments_partial_update", "/name", "must be string"],
            ],
            lines(found),
        );
    });

    it("a request to a path the description does not have breaks it", () => {
        const found = contract.check({
            method: "GET",
            url: "/api/projects/1/dashboards/",
            body: "",
        });
        assert.equal(found.length, 1, lines(found));
        assert.match(found[0].rule, /no operation/);
    });

    it("a query's answer is checked against its kind's answer: HogQLQuery's is HogQLQueryResponse", async () => {
        await client.runQuery({ kind: "HogQLQuery", query: "SELECT 1 AS one" });
        const answer = exchanges.find((r) => r.method === "POST" && r.path.endsWith("/query/"))!;
        assert.equal(answer.response?.status, 200);
        assert.deepEqual(judge(contract, answer).violations, []);

        const surprise = withAnswer(answer, (b) => (b.surprise = 1));
        const found = judge(contract, surprise).violations;
        assert.deepEqual(
            brief(found),
            [["query_create", "response", "/surprise", "field not declared by the schema"]],
            lines(found),
        );
        assert.match(found[0].rule, /HogQLQueryResponse/);

        // The cached mixin's fields are the answer's own: one missing is missing.
        const uncached = withAnswer(answer, (b) => delete b.is_cached);
        assert.deepEqual(brief(judge(contract, uncached).violations), [
            ["query_create", "response", "/", "must have required property 'is_cached'"],
        ]);

        // A kind the slice cuts has no answer schema of its own: the description's union,
        // which takes any object, applies.
        const cutKind = {
            ...surprise,
            body: JSON.stringify({ query: { kind: "TrendsQuery", series: [] } }),
        };
        assert.deepEqual(
            judge(contract, cutKind).violations.filter((v) => v.side === "response"),
            [],
        );
    });

    it("a deliberately bad request is exempt on its request side only, and only where marked", async () => {
        const headers = {
            Authorization: `Bearer ${sb.keys.full}`,
            "Content-Type": "application/json",
        };
        const experiments = `${sb.url}/api/projects/${sb.projectId}/experiments/`;
        const post = () => fetch(experiments, { method: "POST", headers, body: "{}" });
        sb.deliberate({ method: "POST", path: "/experiments/", why: "no name, on purpose" });
        await (await post()).text();
        await (await post()).text();
        await (
            await fetch(`${experiments}?limit=1&flavour=strawberry`, {
                headers: { ...headers, "X-Sandbox-Deliberate": "an unknown parameter" },
            })
        ).text();
        const [marked, unmarked, byHeader] = exchanges;
        assert.deepEqual(
            [marked.deliberate, unmarked.deliberate, byHeader.deliberate],
            ["no name, on purpose", undefined, "an unknown parameter"],
            "the store marks one request, the header its own",
        );

        const missingName = [
            "experiments_create",
            "request",
            "/",
            "must have required property 'name'",
        ];
        assert.deepEqual(judge(contract, marked).violations, []);
        assert.ok(
            brief(judge(contract, marked).exempted).some((v) => v.join() === missingName.join()),
        );
        assert.ok(
            brief(judge(contract, unmarked).violations).some(
                (v) => v.join() === missingName.join(),
            ),
            "the same request, unmarked, breaks it",
        );

        // The mark leaves out the request side, never the answer.
        const answer = withAnswer(byHeader, (b) => {
            (b.results as Record<string, unknown>[])[0].surprise = 1;
        });
        const judged = judge(contract, answer);
        assert.deepEqual(brief(judged.exempted), [
            [
                "experiments_list",
                "request",
                "?flavour",
                "query parameter not declared by the operation",
            ],
        ]);
        assert.deepEqual(brief(judged.violations), [
            [
                "experiments_list",
                "response",
                "/results/0/surprise",
                "field not declared by the schema",
            ],
        ]);

        // The suite's report says what each mark exempted, and a mark whose requests all keep
        // the contract is itself a failure.
        const report = new TrafficReport(contract);
        report.record(marked, "t1");
        report.record({ ...unmarked, deliberate: "also no name" }, "t2");
        report.record(
            {
                ...exchanges[1],
                body: JSON.stringify({ name: "ok", feature_flag_key: "ok" }),
                deliberate: "kept anyway",
            },
            "t3",
        );
        assert.equal(report.exemptions().length, 2);
        assert.match(report.exemptions()[0], /"no name, on purpose"[^]*required property 'name'/);
        const failure = report.failure() ?? "";
        assert.match(failure, /yet its 1 request\(s\) keep it: "kept anyway"/);
        assert.doesNotMatch(failure, /no name, on purpose|also no name/);
    });

    it("the client's requests and the sandbox's answers keep it", async () => {
        await client.listProjects();
        const page = await client.listExperimentsPage({ limit: 20 });
        for (const row of page.results.slice(0, 5)) await client.getExperiment(row.id);
        await client.runQuery({
            kind: "HogQLQuery",
            query: "SELECT event, count() FROM events GROUP BY event",
        });
        assert.ok(exchanges.length >= 8, `${exchanges.length} exchanges`);
        assert.equal(lines(violationsOf(contract, exchanges)), "(none)");
    });
});
