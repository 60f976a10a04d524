// The one scope table (src/api/operationScopes.ts): it says what the contract's `security` says,
// the sandbox refuses exactly by it, and the client finds each request's operation in it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import {
    NO_PERSONAL_KEY_ACCESS,
    closedToPersonalKeys,
    operationOf,
    requiredScopes,
} from "../../src/api/forbidden";
import {
    OPERATION_SCOPES,
    type OperationId,
    type OperationScope,
} from "../../src/api/operationScopes";
import { type Sandbox } from "../sandbox/index";
import { useSandbox } from "./useSandbox";

const fixture = path.resolve(__dirname, "../../../test/fixtures/posthog-openapi");

interface SliceOperation {
    operationId: string;
    security?: Record<string, string[]>[];
}

const slice = YAML.parse(fs.readFileSync(path.join(fixture, "openapi.slice.yaml"), "utf8")) as {
    paths: Record<string, Record<string, SliceOperation>>;
};
const listed = (
    JSON.parse(fs.readFileSync(path.join(fixture, "operations.json"), "utf8")) as {
        operations: { method: string; path: string; operationId: string }[];
    }
).operations;

const table = OPERATION_SCOPES as Record<OperationId, OperationScope>;
const entries = Object.entries(table) as [OperationId, OperationScope][];

/** The operations' path as the client sends it, with ids the sandbox's seed has. */
function samplePath(op: OperationScope, projectId: number): string {
    return (op.calledAs ?? op.path)
        .replace("{project_id}", String(projectId))
        .replace(/\{[^}]+\}/g, "1");
}

describe("operation scopes: one table from the contract", function () {
    this.timeout(30_000);

    it("holds every operation the extension calls, with the slice's PersonalAPIKeyAuth scopes", () => {
        assert.deepEqual(Object.keys(table).sort(), listed.map((op) => op.operationId).sort());
        for (const op of listed) {
            const described = slice.paths[op.path][op.method.toLowerCase()];
            const requirement = (described.security ?? []).find((r) => "PersonalAPIKeyAuth" in r);
            const entry = table[described.operationId as OperationId];
            assert.equal(entry.method, op.method, described.operationId);
            assert.equal(entry.path, op.path, described.operationId);
            assert.deepEqual(
                entry.scopes,
                requirement ? [...requirement.PersonalAPIKeyAuth].sort() : null,
                `${op.method} ${op.path}`,
            );
        }
    });

    it("names the four operations no personal API key may call", () => {
        const closed = entries.filter(([, op]) => op.scopes === null).map(([id]) => id);
        assert.deepEqual(closed.sort(), [
            "query_check_auth_for_async_create",
            "query_draft_sql_retrieve",
            "query_log_retrieve",
            "query_upgrade_create",
        ]);
    });

    it("finds each request's operation by method and path (forbidden.ts)", () => {
        for (const [id, op] of entries) {
            const sent = samplePath(op, 7);
            assert.equal(operationOf(op.method, sent), id, `${op.method} ${sent}`);
            assert.equal(operationOf(op.method, sent.replace(/\/$/, "")), id, "without slash");
            assert.deepEqual(requiredScopes(op.method, sent), op.scopes);
            assert.equal(closedToPersonalKeys(op.method, sent), op.scopes === null);
        }
        // A literal segment wins over an id: draft_sql is not "the query with id draft_sql".
        assert.equal(
            operationOf("GET", "/api/projects/7/query/draft_sql/"),
            "query_draft_sql_retrieve",
        );
        assert.equal(operationOf("GET", "/api/projects/7/query/abc/"), "query_retrieve");
        assert.equal(operationOf("PUT", "/api/projects/7/experiments/1/"), undefined);
        assert.equal(requiredScopes("GET", "/api/projects/7/insights/"), undefined);
        assert.equal(closedToPersonalKeys("GET", "/api/projects/7/insights/"), false);
    });

    describe("the sandbox refuses by the table, as posthog/permissions.py does", () => {
        let sb: Sandbox;
        useSandbox((started) => ({ sb } = started));

        async function call(op: OperationScope, key: string) {
            const res = await fetch(`${sb.url}${samplePath(op, sb.projectId)}`, {
                method: op.method,
                headers: {
                    Authorization: `Bearer ${key}`,
                    "Content-Type": "application/json",
                    // Empty bodies and no parameters: only the 403 (or its absence) is looked at.
                    "X-Sandbox-Deliberate":
                        "operation scopes: every operation called without its body or parameters",
                },
                body: op.method === "GET" || op.method === "DELETE" ? undefined : "{}",
            });
            const text = await res.text();
            let detail: unknown;
            try {
                detail = (JSON.parse(text) as { detail?: unknown }).detail;
            } catch {
                detail = undefined;
            }
            return { status: res.status, detail };
        }

        it("a key without scopes is refused every operation, named by its first scope", async () => {
            for (const [id, op] of entries) {
                const r = await call(op, sb.keys.noScopes);
                assert.equal(r.status, 403, id);
                assert.equal(
                    r.detail,
                    op.scopes === null
                        ? NO_PERSONAL_KEY_ACCESS
                        : `API key missing required scope '${op.scopes[0]}'`,
                    id,
                );
            }
        });

        it("the * key passes every scoped operation and is refused the rest", async () => {
            for (const [id, op] of entries) {
                const r = await call(op, sb.keys.full);
                if (op.scopes === null) {
                    assert.deepEqual([r.status, r.detail], [403, NO_PERSONAL_KEY_ACCESS], id);
                } else {
                    assert.notEqual(r.status, 403, `${id}: ${String(r.detail)}`);
                }
            }
        });
    });
});
