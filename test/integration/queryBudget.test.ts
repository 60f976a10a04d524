// PostHog's hourly read budget of API queries, as a user meets it: runs say what they read and
// what is left, and once the project's budget is spent the next run says so and when it refills,
// sent once and never repeated by the client. The sandbox keeps the budget as PostHog does
// (test/sandbox/query/budget.ts); POST /_sandbox/budget sets it.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import type { QueryResult } from "../../src/resultsPanel";
import type { Sandbox } from "../sandbox";
import { endScriptedTest, restoreResults, signedIn, startScriptedTest } from "./fixture";
import { ScriptedUi } from "./scriptedUi";

async function setBudget(sandbox: Sandbox, body: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${sandbox.url}/_sandbox/budget`, {
        method: "POST",
        body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, await res.text());
}

describe("the query budget", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: QueryResult[][];

    before(async () => {
        ({ api, sandbox } = await signedIn());
    });
    beforeEach(() => ({ ui, shown } = startScriptedTest(api, sandbox)));
    afterEach(async () => {
        await setBudget(sandbox, { remainingBytes: null });
        await endScriptedTest(ui);
    });
    after(() => restoreResults(api));

    async function run(text: string): Promise<void> {
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: text,
        });
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
    }

    it("a run that spends the budget", async () => {
        // A fresh query (nothing cached), under a budget of 1 GB refilling at 7,200 bytes an hour.
        const first = `SELECT event, count() AS c FROM events WHERE distinct_id != '${Date.now()}' GROUP BY event`;
        await setBudget(sandbox, { remainingBytes: 1_000_000_000, bytesPerHour: 7200 });
        await run(first);
        assert.equal(shown.length, 1, "the first run shows its result");
        const result = shown[0][0];
        const read = result.bytesRead ?? 0;
        assert.ok(read > 0, "the run says what it read");
        assert.equal(result.budgetRemainingBytes, 1_000_000_000 - read);
        const [ok] = api.ctx.history.entries();
        assert.equal(ok.text, first);
        assert.equal(ok.bytesRead, read);
        assert.equal(ok.budgetRemainingBytes, 1_000_000_000 - read);

        // The budget is spent: 3,600 bytes overdrawn at two bytes a second refill in 30 minutes.
        await setBudget(sandbox, { remainingBytes: -3600, bytesPerHour: 7200 });
        const second = `SELECT count() FROM events WHERE distinct_id != '${Date.now()}'`;
        await run(second);
        assert.equal(shown.length, 1, "the refused run shows no result");
        const errors = ui.messages.filter((m) => m.level === "error");
        assert.equal(errors.length, 1, JSON.stringify(ui.messages));
        assert.match(
            errors[0].text,
            /^Query failed: This project's PostHog query budget \(bytes read per hour\) is spent; queries run again in 30 minutes \(around [^)]+\)\./,
        );
        assert.doesNotMatch(errors[0].text, /rate limit/i);
        const posts = sandbox.requests.filter(
            (r) => r.method === "POST" && /\/query\/$/.test(r.path) && r.body.includes(second),
        );
        assert.equal(posts.length, 1, "the refused run was sent once, never retried");
        const [refused] = api.ctx.history.entries();
        assert.equal(refused.text, second);
        assert.equal(refused.status, "error");
        assert.match(
            refused.error ?? "",
            /query budget .*is spent; queries run again in 30 minutes/,
        );

        // The history says what the first run read and what was left; the refusal, why.
        ui.answer(undefined);
        await vscode.commands.executeCommand("posthog-workbench.showQueryHistory");
        const choices = ui.picks.at(-1)?.choices ?? [];
        const firstChoice = choices.find((c) => c.label === first);
        assert.match(firstChoice?.description ?? "", / read · .* of the query budget left$/);
        const secondChoice = choices.find((c) => c.label === second);
        assert.match(secondChoice?.description ?? "", /^\$\(error\) .*query budget/);
    });
});
