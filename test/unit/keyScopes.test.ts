// What the extension tells users about keys matches the contract's scope table: the walkthrough's
// key step (walkthrough/apiKey.md), KEY_SCOPES (src/walkthrough/keySettings.ts) and the README's
// first query and its Key scopes table.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { OPERATION_SCOPES, type OperationScope } from "../../src/api/operationScopes";
import { KEY_SCOPES } from "../../src/walkthrough/keySettings";

const root = path.resolve(__dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const operations = Object.values(OPERATION_SCOPES as Record<string, OperationScope>);

/** Every scope some operation the extension calls requires. */
const contractScopes = [...new Set(operations.flatMap((op) => op.scopes ?? []))].sort();

describe("key scopes in the walkthrough and README", () => {
    it("KEY_SCOPES lists exactly the contract's scopes", () => {
        assert.deepEqual(KEY_SCOPES.map((s) => s.scope).sort(), contractScopes);
    });

    for (const [file, section] of [
        ["walkthrough/apiKey.md", /[\s\S]*/],
        ["README.md", /^## Key scopes$[\s\S]*?(?=^## )/m],
    ] as const)
        it(`${file} has one scope row per KEY_SCOPES entry, in order, with its reason`, () => {
            const text = section.exec(read(file))?.[0] ?? "";
            const rows = [...text.matchAll(/^\| `([^`]+)`( \(optional\))? \| (.+) \|$/gm)];
            assert.deepEqual(
                rows.map((m) => ({ scope: m[1], optional: m[2] !== undefined, why: m[3] })),
                KEY_SCOPES.map((s) => ({ scope: s.scope, optional: !!s.optional, why: s.why })),
            );
        });

    it("the README's first step asks for the required scopes, then adds the optional ones", () => {
        const readme = read("README.md");
        const step = /^1\. Create a personal API key[\s\S]*?(?=^2\. )/m.exec(readme)?.[0] ?? "";
        const [required, optional] = step.split("; add");
        assert.ok(optional, "the step names the optional scopes after '; add'");
        const scopes = (text: string) =>
            [...text.matchAll(/`([a-z_]+:(?:read|write))`/g)].map((m) => m[1]).sort();
        assert.deepEqual(
            scopes(required),
            KEY_SCOPES.filter((s) => !s.optional)
                .map((s) => s.scope)
                .sort(),
        );
        assert.deepEqual(
            scopes(optional),
            KEY_SCOPES.filter((s) => s.optional)
                .map((s) => s.scope)
                .sort(),
        );
    });

    it("no text offers a kind of key that gets past the operations without PersonalAPIKeyAuth", () => {
        for (const file of ["README.md", "walkthrough/apiKey.md"]) {
            const text = read(file);
            assert.doesNotMatch(text, /legacy key|keys? without scopes|no scopes\)/i, file);
        }
        // The walkthrough names what no key opens, as the table has it.
        const step = read("walkthrough/apiKey.md").replace(/\s+/g, " ");
        const closed = operations.filter((op) => op.scopes === null).map((op) => op.path);
        assert.deepEqual(closed.sort(), [
            "/api/projects/{project_id}/query/check_auth_for_async/",
            "/api/projects/{project_id}/query/draft_sql/",
            "/api/projects/{project_id}/query/upgrade/",
            "/api/projects/{project_id}/query/{id}/log/",
        ]);
        assert.match(
            step,
            /No scope opens PostHog's query upgrade, AI drafting \(`draft_sql`\) and query log endpoints/,
        );
    });
});
