// In Restricted Mode the workspace index still reads the workspace's code (issue 45: scanning is
// allowed), and reading it sends nothing anywhere: Find Usages lists the call sites with no
// request to the PostHog host.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../../src/extension";
import type { Sandbox } from "../../sandbox";
import { signedIn } from "../fixture";
import { ScriptedUi } from "../scriptedUi";
import type { EventDefinitionNode } from "../../../src/events/nodes";
import { randomUUID } from "node:crypto";

const P = "posthog-workbench";
const EVENT = "usages_checkout_completed";
const fixtures = path.resolve(__dirname, "../../../../test/fixtures/workspace/usages/src");

describe("Restricted Mode: Find Usages in Code", function () {
    this.timeout(120_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let folder: string;

    before(async () => {
        ({ api, sandbox } = await signedIn());
        folder = path.join(
            vscode.workspace.workspaceFolders![0].uri.fsPath,
            "usages",
            "restricted",
        );
        fs.mkdirSync(folder, { recursive: true });
        for (const file of ["checkout.py", "Checkout.kt"])
            fs.copyFileSync(path.join(fixtures, `${file}.txt`), path.join(folder, file));
    });

    after(async () => {
        fs.rmSync(folder, { recursive: true, force: true });
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    it("reads the untrusted workspace's code and sends nothing while it does", async () => {
        assert.equal(vscode.workspace.isTrusted, false);
        api.ctx.ui = new ScriptedUi();
        const before = sandbox.requests.length;
        assert.equal(await api.ctx.codeUsages.index().ensureBuilt(), "done");
        assert.equal(sandbox.requests.length, before, "the index sent a request");
        // Find Usages from the view's row: the index answers, the host hears nothing.
        const base = sandbox.state.eventDefinitions.find((d) => d.team_id === sandbox.projectId);
        assert.ok(base, "the seed has event definitions");
        const id = randomUUID();
        sandbox.state.eventDefinitions.push({ ...structuredClone(base), id, name: EVENT });
        try {
            const tree = api.ctx.views.eventDefinitions;
            tree.refresh();
            const rows = (await tree.getChildren()).filter(
                (n): n is EventDefinitionNode => "definition" in n,
            );
            const row = rows.find((n) => n.definition.name === EVENT);
            assert.ok(row, `a row for ${EVENT}`);
            const sent = sandbox.requests.length;
            const locations = await vscode.commands.executeCommand<vscode.Location[]>(
                `${P}.findEventUsages`,
                row,
            );
            assert.equal(sandbox.requests.length, sent, "Find Usages sent a request");
            assert.deepEqual(locations.map((l) => path.relative(folder, l.uri.fsPath)).sort(), [
                "Checkout.kt",
                "checkout.py",
            ]);
        } finally {
            const defs = sandbox.state.eventDefinitions;
            defs.splice(
                defs.findIndex((d) => d.id === id),
                1,
            );
        }
    });
});
