// Find Usages in Code and the workspace index (issue 45) in the real editor: the call sites of an
// event and of an experiment's flag in every language family, from both views; what
// search.exclude and .gitignore leave out; edits, new and deleted files; cancelling a build;
// and the Event Definitions view's used/unused filter. The application code is
// test/fixtures/workspace/usages/src/, written into the workspace under its real names.
import * as assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { EventDefinitionNode } from "../../src/events/nodes";
import type { ExperimentNode, ExperimentTreeNode, GroupNode } from "../../src/experiments/nodes";
import type { ExtensionApi } from "../../src/extension";
import type { Sandbox } from "../sandbox";
import { signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

const P = "posthog-workbench";
const EVENT = "usages_checkout_completed";
const UNUSED_EVENT = "zz_usages_never_captured";
const FLAG = "usages-new-checkout";
const EXPERIMENT = "Usages: new checkout";

const fixtures = path.resolve(__dirname, "../../../test/fixtures/workspace/usages/src");

/** Where each fixture file's event and flag are, by its real name: [flag line, capture line]. */
const EXPECTED: Record<string, [number, number]> = {
    "checkout.ts": [4, 5],
    "CheckoutButton.jsx": [4, 6],
    "checkout.py": [5, 6],
    "checkout.go": [5, 7],
    "checkout.rb": [3, 4],
    "checkout.php": [6, 9],
    "Checkout.swift": [3, 4],
    "Checkout.kt": [3, 4],
    "Checkout.java": [4, 5],
    "checkout.dart": [3, 4],
    "Checkout.vue": [7, 8],
};

const isGroup = (n: unknown): n is GroupNode => (n as { kind?: string })?.kind === "group";
const isRow = (n: unknown): n is ExperimentNode => (n as { kind?: string })?.kind === "experiment";

describe("find usages in code", function () {
    this.timeout(120_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let root: string;
    let removeExperiment: () => void = () => undefined;

    const index = () => api.ctx.codeUsages.index();
    const usages = (dir: string) => path.join(root, "usages", dir);
    /** A location as "folder/file:line:character" under usages/. */
    const where = (location: vscode.Location) =>
        `${path.relative(path.join(root, "usages"), location.uri.fsPath).split(path.sep).join("/")}:${location.range.start.line}:${location.range.start.character}`;
    const lines = (kind: 0 | 1) =>
        Object.entries(EXPECTED)
            .map(([file, at]) => `app/${file}:${at[kind]}`)
            .sort();
    const linesOf = (locations: readonly vscode.Location[]) =>
        locations.map((l) => where(l).replace(/:\d+$/, "")).sort();

    function write(dir: string, name: string, text: string): void {
        fs.mkdirSync(usages(dir), { recursive: true });
        fs.writeFileSync(path.join(usages(dir), name), text);
    }

    async function experimentRow(name: string): Promise<ExperimentNode> {
        const tree = api.ctx.views.experiments;
        for (const group of (await tree.getChildren()).filter(isGroup)) {
            const rows: ExperimentTreeNode[] = await tree.getChildren(group);
            const found = rows.find((n) => isRow(n) && n.experiment.name === name);
            if (found) return found as ExperimentNode;
        }
        throw new Error(`no row for experiment "${name}"`);
    }

    async function eventRows(): Promise<EventDefinitionNode[]> {
        const children = await api.ctx.views.eventDefinitions.getChildren();
        return children.filter((n): n is EventDefinitionNode => "definition" in n);
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
        root = vscode.workspace.workspaceFolders![0].uri.fsPath;
        await vscode.workspace
            .getConfiguration("search")
            .update(
                "exclude",
                { "**/usages/excluded": true },
                vscode.ConfigurationTarget.Workspace,
            );
        for (const file of Object.keys(EXPECTED)) {
            const text = fs.readFileSync(path.join(fixtures, `${file}.txt`), "utf8");
            write("app", file, text);
        }
        const ts = fs.readFileSync(path.join(fixtures, "checkout.ts.txt"), "utf8");
        write("excluded", "checkout.ts", ts);
        write("generated", "checkout.ts", ts);

        const seed = sandbox.state.experiments.find(
            (e) => e.name === "Checkout button color" && !e.deleted,
        );
        assert.ok(seed, "the seed has its checkout experiment");
        const id = Math.max(...sandbox.state.experiments.map((e) => e.id)) + 1;
        sandbox.state.experiments.push({
            ...structuredClone(seed),
            id,
            name: EXPERIMENT,
            feature_flag_key: FLAG,
            created_at: new Date().toISOString(),
        });
        removeExperiment = () => {
            const kept = sandbox.state.experiments.filter((e) => e.id !== id);
            sandbox.state.experiments.splice(0, sandbox.state.experiments.length, ...kept);
        };
        const base = sandbox.state.eventDefinitions.find((d) => d.team_id === sandbox.projectId);
        assert.ok(base, "the seed has event definitions");
        for (const name of [EVENT, UNUSED_EVENT])
            sandbox.state.eventDefinitions.push({
                ...structuredClone(base),
                id: randomUUID(),
                name,
                hidden: false,
                verified: false,
            });
        api.ctx.views.experiments.refresh();
        api.ctx.views.eventDefinitions.refresh();
    });

    beforeEach(() => {
        ui = new ScriptedUi();
        api.ctx.ui = ui;
    });

    after(async () => {
        removeExperiment();
        const defs = sandbox.state.eventDefinitions;
        for (let i = defs.length - 1; i >= 0; i--)
            if (defs[i].name === EVENT || defs[i].name === UNUSED_EVENT) defs.splice(i, 1);
        api.ctx.views.eventDefinitions.setFilter({ usage: "all" });
        api.ctx.views.experiments.refresh();
        fs.rmSync(path.join(root, "usages", "app"), { recursive: true, force: true });
        fs.rmSync(usages("excluded"), { recursive: true, force: true });
        fs.rmSync(usages("generated"), { recursive: true, force: true });
        await vscode.workspace
            .getConfiguration("search")
            .update("exclude", undefined, vscode.ConfigurationTarget.Workspace);
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    it("is not loaded at activation, and a cancelled build says so and is not kept", async () => {
        assert.equal(api.ctx.codeUsages.loaded, undefined, "activation loaded the index");
        const building = index().ensureBuilt();
        await vscode.commands.executeCommand(`${P}.cancelCodeIndex`);
        assert.equal(await building, "cancelled");
        assert.equal(index().ready, false);
        // Nothing to stop now: the command says so.
        await vscode.commands.executeCommand(`${P}.cancelCodeIndex`);
        assert.deepEqual(
            ui.messages.map((m) => m.level),
            ["info"],
        );
    });

    it("reads the workspace with the editor's finder: one client, one worker thread", async () => {
        const finder = api.ctx.codeInsight.finder;
        const before = finder.counts.workers;
        const document = await vscode.workspace.openTextDocument(
            path.join(usages("app"), "checkout.ts"),
        );
        await vscode.window.showTextDocument(document);
        const calls = await api.ctx.codeInsight.callsIn(document);
        assert.ok(
            calls.some((c) => c.key === EVENT),
            "the editor found the file's calls",
        );
        assert.equal(await index().ensureBuilt(), "done");
        assert.ok(index().locations("capture", EVENT).length > 0, "the index found the calls");
        // One client for both sides, so one worker thread at a time. Its starts are not compared
        // with a fixed number: under heavy load a worker past its time budget is restarted.
        assert.equal(finder.counts.clients, 1, "the index made a client of its own");
        assert.ok(finder.started, "the worker runs");
        assert.ok(finder.counts.workers >= Math.max(1, before));
        await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    });

    it("lists every capture of an event in every language family from the Event Definitions view", async () => {
        const row = (await eventRows()).find((n) => n.definition.name === EVENT);
        assert.ok(row, `a row for ${EVENT}`);
        const locations = await vscode.commands.executeCommand<vscode.Location[]>(
            `${P}.findEventUsages`,
            row,
        );
        assert.deepEqual(linesOf(locations), lines(1));
        // Not the excluded folder's copy, not the .gitignored one, not comments or strings.
        assert.ok(locations.every((l) => where(l).startsWith("app/")));
        // Each range is the event name's, inside its quotes.
        for (const location of locations) {
            const document = await vscode.workspace.openTextDocument(location.uri);
            assert.equal(document.getText(location.range), EVENT, where(location));
        }
        // The references open on the first call site.
        await waitFor(
            "the first call site's editor",
            () =>
                vscode.window.activeTextEditor?.document.uri.toString() ===
                locations[0].uri.toString(),
        );
    });

    it("lists every read of an experiment's flag from the Experiments view", async () => {
        const row = await experimentRow(EXPERIMENT);
        const locations = await vscode.commands.executeCommand<vscode.Location[]>(
            `${P}.findExperimentUsages`,
            row,
        );
        assert.deepEqual(linesOf(locations), lines(0));
        for (const location of locations) {
            const document = await vscode.workspace.openTextDocument(location.uri);
            assert.equal(document.getText(location.range), FLAG, where(location));
        }
    });

    it("says so, in plain text, when nothing in the workspace captures the event", async () => {
        const row = (await eventRows()).find((n) => n.definition.name === UNUSED_EVENT);
        assert.ok(row);
        const locations = await vscode.commands.executeCommand<vscode.Location[]>(
            `${P}.findEventUsages`,
            row,
        );
        assert.deepEqual(locations, []);
        assert.deepEqual(ui.messages, [
            {
                level: "info",
                text: `No capture of the event "${UNUSED_EVENT}" was found in this workspace's code.`,
            },
        ]);
    });

    it("follows edits of an open document, new files and deleted files", async () => {
        await index().ensureBuilt();
        const file = vscode.Uri.file(path.join(usages("app"), "checkout.py"));
        const document = await vscode.workspace.openTextDocument(file);
        await vscode.window.showTextDocument(document);
        const added = `\n\ndef again(user_id):\n    posthog.capture("${EVENT}", distinct_id=user_id)\n`;
        const end = new vscode.Position(document.lineCount, 0);
        const insert = new vscode.WorkspaceEdit();
        insert.insert(file, end, added);
        assert.ok(await vscode.workspace.applyEdit(insert));
        const editedLine = document.lineCount - 2;
        await waitFor("the edit in the index", () =>
            index()
                .locations("capture", EVENT)
                .some((l) => where(l) === `app/checkout.py:${editedLine}:21`),
        );
        // Taking the edit out again puts the index back as it was.
        const undo = new vscode.WorkspaceEdit();
        undo.delete(file, new vscode.Range(end, document.positionAt(document.getText().length)));
        assert.ok(await vscode.workspace.applyEdit(undo));
        await waitFor(
            "the edit out of the index",
            () => linesOf(index().locations("capture", EVENT)).join() === lines(1).join(),
        );
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");

        write("app", "later.go", fs.readFileSync(path.join(fixtures, "checkout.go.txt"), "utf8"));
        await waitFor("a new file in the index", () =>
            linesOf(index().locations("flag", FLAG)).includes("app/later.go:5"),
        );
        fs.rmSync(path.join(usages("app"), "later.go"));
        await waitFor(
            "a deleted file out of the index",
            () => !linesOf(index().locations("flag", FLAG)).includes("app/later.go:5"),
        );
        // A new file in the excluded folder stays out.
        write(
            "excluded",
            "more.go",
            fs.readFileSync(path.join(fixtures, "checkout.go.txt"), "utf8"),
        );
        write("app", "marker.rb", fs.readFileSync(path.join(fixtures, "checkout.rb.txt"), "utf8"));
        await waitFor("the marker file in the index", () =>
            linesOf(index().locations("flag", FLAG)).includes("app/marker.rb:3"),
        );
        assert.ok(
            index()
                .locations("flag", FLAG)
                .every((l) => where(l).startsWith("app/")),
        );
        fs.rmSync(path.join(usages("app"), "marker.rb"));
        await waitFor(
            "the marker file out of the index",
            () => !linesOf(index().locations("flag", FLAG)).includes("app/marker.rb:3"),
        );
    });

    it("filters the Event Definitions view by use in code, and marks the used rows", async () => {
        const tree = api.ctx.views.eventDefinitions;
        const names = async () => (await eventRows()).map((n) => n.definition.name);
        await vscode.commands.executeCommand(`${P}.filterEventDefinitionsByUsage`, "used");
        assert.equal(tree.filter.usage, "used");
        const used = await names();
        assert.ok(used.includes(EVENT), "the captured event is listed");
        assert.ok(!used.includes(UNUSED_EVENT), "the event nobody captures is not");
        const row = (await eventRows()).find((n) => n.definition.name === EVENT);
        assert.match(String(row?.description), /^in code · /);

        await vscode.commands.executeCommand(`${P}.filterEventDefinitionsByUsage`, "unused");
        const unused = await names();
        assert.ok(unused.includes(UNUSED_EVENT));
        assert.ok(!unused.includes(EVENT));

        // From the view's menu the choice is picked.
        ui.answer("All events");
        await vscode.commands.executeCommand(`${P}.filterEventDefinitionsByUsage`);
        assert.equal(tree.filter.usage, "all");
        const all = await names();
        assert.ok(all.includes(EVENT) && all.includes(UNUSED_EVENT));
        const plain = (await eventRows()).find((n) => n.definition.name === UNUSED_EVENT);
        assert.doesNotMatch(String(plain?.description), /in code/);
    });
});
