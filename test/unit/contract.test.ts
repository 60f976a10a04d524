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
import { exchangeOf } from "../contract/suiteCheck";
import type { RecordedRequest } from "../sandbox";
import { makeClient, startSandbox, type Sandbox } from "./api/helpers";

/** A sandbox whose exchanges this test checks itself (the suite's check does not see them). */
async function checkedSandbox(): Promise<{ sb: Sandbox; exchanges: RecordedRequest[] }> {
    const exchanges: RecordedRequest[] = [];
    const sb = await startSandbox({ onExchange: (r) => exchanges.push(r) });
    return { sb, exchanges };
}

function violationsOf(contract: Contract, exchanges: RecordedRequest[]): Violation[] {
    return exchanges.filter((r) => !r.fault).flatMap((r) => contract.check(exchangeOf(r)));
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
