import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import type { HogQLError } from "../../src/api";
import { DATABASE_SCHEMA } from "../sandbox/hogql/schemaTables";
import { signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

async function open(content: string): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language: "hogql", content });
    return vscode.window.showTextDocument(document);
}

async function labelsAt(editor: vscode.TextEditor, offset: number): Promise<string[]> {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        "vscode.executeCompletionItemProvider",
        editor.document.uri,
        editor.document.positionAt(offset),
    );
    return list.items.map((item) =>
        typeof item.label === "string" ? item.label : item.label.label,
    );
}

/** Completion answers from a cache filled in the background: ask until the names arrive. */
function completes(editor: vscode.TextEditor, offset: number, label: string): Promise<string[]> {
    return waitFor(
        `completion of ${label}`,
        async () => {
            const labels = await labelsAt(editor, offset);
            return labels.includes(label) ? labels : undefined;
        },
        15_000,
    );
}

describe("hogql language", function () {
    let api: ExtensionApi;

    before(async () => {
        ({ api } = await signedIn());
        api.ctx.ui = new ScriptedUi();
    });

    after(async () => {
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("hogql.liveValidation", undefined, vscode.ConfigurationTarget.Global);
    });

    it("completes keywords and functions, and tables after FROM", async () => {
        const empty = await open("");
        assert.ok((await labelsAt(empty, 0)).includes("SELECT"), "SELECT at the start");
        const editor = await open("SELECT ");
        const labels = await labelsAt(editor, 7);
        assert.ok(labels.includes("FROM"), "keywords");
        assert.ok(labels.includes("count"), "functions");
        const from = await open("SELECT * FROM ");
        await completes(from, 14, "events");
    });

    it("completes columns of the table the statement reads, and after table.", async () => {
        const text = "SELECT  FROM events";
        const editor = await open(text);
        await completes(editor, 7, "timestamp");
        const dotted = "SELECT persons.";
        const qualified = await open(`${dotted} FROM persons`);
        const labels = await completes(qualified, dotted.length, "is_identified");
        assert.ok(!labels.includes("SELECT"), "only the columns after a dot");
        const events = await open("SELECT events.");
        await completes(events, "SELECT events.".length, "distinct_id");
    });

    it("completes event names after event =", async () => {
        const text = "SELECT count() FROM events WHERE event = '";
        const editor = await open(text);
        await completes(editor, text.length, "$pageview");
    });

    it("completes property names after properties.", async () => {
        const text = "SELECT properties.";
        const editor = await open(`${text} FROM events`);
        await completes(editor, text.length, "$browser");
    });

    it("describes a function on hover", async () => {
        const editor = await open("SELECT count() FROM events");
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
            "vscode.executeHoverProvider",
            editor.document.uri,
            editor.document.positionAt(9),
        );
        const text = hovers
            .flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : c.value)))
            .join("\n");
        assert.match(text, /count/);
        assert.ok(text.length > 10, `a description: ${text}`);
    });

    it("underlines a failing statement's error where the service says, and clears it on edit", async () => {
        const text = "SELECT 1;\n\nSELECT event, nope FROM events";
        const editor = await open(text);
        const cursor = editor.document.positionAt(text.length);
        editor.selection = new vscode.Selection(cursor, cursor);
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        const diagnostics = await waitFor("a diagnostic", () => {
            const found = vscode.languages.getDiagnostics(editor.document.uri);
            return found.length > 0 ? found : undefined;
        });
        assert.equal(editor.document.getText(diagnostics[0].range), "nope");
        assert.match(diagnostics[0].message, /nope/);
        assert.equal(diagnostics[0].source, "HogQL");
        await editor.edit((edit) => edit.insert(editor.document.positionAt(text.length), " "));
        await waitFor(
            "the diagnostic to clear",
            () => vscode.languages.getDiagnostics(editor.document.uri).length === 0,
        );
    });

    it("also shows a HogQL error as a notification (read by screen readers) when VS Code is set up for one", async () => {
        const editor = vscode.workspace.getConfiguration("editor");
        const ui = new ScriptedUi();
        api.ctx.ui = ui;
        await editor.update("accessibilitySupport", "on", vscode.ConfigurationTarget.Global);
        try {
            const text = "SELECT event, nope_sr FROM events";
            await open(text);
            await vscode.commands.executeCommand("posthog-workbench.runQuery");
            const shown = await waitFor("a notification", () =>
                ui.messages.find((m) => m.level === "warn"),
            );
            assert.match(
                shown.text,
                /^The query failed: .*nope_sr.* \(underlined in the editor\)\.$/,
            );
        } finally {
            await editor.update(
                "accessibilitySupport",
                undefined,
                vscode.ConfigurationTarget.Global,
            );
        }
        // Without it, the error stays in the editor and the status bar only.
        const quiet = new ScriptedUi();
        api.ctx.ui = quiet;
        await open("SELECT event, nope_quiet FROM events");
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        await waitFor("the underline", () =>
            vscode.window.activeTextEditor
                ? vscode.languages.getDiagnostics(vscode.window.activeTextEditor.document.uri)
                      .length > 0
                : false,
        );
        assert.deepEqual(quiet.messages, []);
    });

    it("maps a real HogQL error of the second statement onto the file", async () => {
        const client = await api.ctx.auth.session.client();
        const failing = "SELECT nope FROM events";
        const error = await client.runQuery({ kind: "HogQLQuery", query: failing }).then(
            () => assert.fail("the sandbox should reject an unknown field"),
            (e: unknown) => e as { status?: number; hogqlErrors?: HogQLError[] },
        );
        assert.equal(error.status, 400);
        assert.ok(error.hogqlErrors?.length, "the error carries extra.hogql_metadata.errors");

        const text = `-- first\nSELECT 1;\n\n  /* second */ ${failing}\n`;
        const editor = await open(text);
        const start = text.indexOf(failing);
        api.ctx.language.diagnostics.report(editor.document, start, error.hogqlErrors);
        const [diagnostic] = vscode.languages.getDiagnostics(editor.document.uri);
        assert.equal(editor.document.getText(diagnostic.range), "nope");
        assert.equal(diagnostic.range.start.line, 3);
        assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
        assert.equal(diagnostic.message, "Unable to resolve field: nope");

        await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), "\n"));
        assert.equal(vscode.languages.getDiagnostics(editor.document.uri).length, 0);
    });

    it("offers the service's fix as a quick fix", async () => {
        const text = "SELECT 1;\nSELECT evnt FROM events";
        const editor = await open(text);
        const start = text.indexOf("SELECT evnt");
        api.ctx.language.diagnostics.report(editor.document, start, [
            { message: "Unable to resolve field: evnt", start: 7, end: 11, fix: "event" },
        ]);
        const [diagnostic] = vscode.languages.getDiagnostics(editor.document.uri);
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
            "vscode.executeCodeActionProvider",
            editor.document.uri,
            diagnostic.range,
            vscode.CodeActionKind.QuickFix.value,
        );
        const fix = actions.find((a) => a.title === 'Replace with "event"');
        assert.ok(fix?.edit, `a quick fix among ${actions.map((a) => a.title).join(", ")}`);
        assert.ok(await vscode.workspace.applyEdit(fix.edit));
        assert.equal(editor.document.getText(), "SELECT 1;\nSELECT event FROM events");
        assert.equal(vscode.languages.getDiagnostics(editor.document.uri).length, 0);
    });

    it("underlines a function PostHog renamed, offline, with a quick fix to the new name", async () => {
        const text = "SELECT 1;\nSELECT recording_button(session_id), nowhereYet(1) FROM events";
        const editor = await open(text);
        const [diagnostic] = await waitFor("the renamed function's underline", () => {
            const found = vscode.languages.getDiagnostics(editor.document.uri);
            return found.length > 0 ? found : undefined;
        });
        // Only the renamed name: a name the catalogue lacks is the service's to judge.
        assert.equal(vscode.languages.getDiagnostics(editor.document.uri).length, 1);
        assert.equal(editor.document.getText(diagnostic.range), "recording_button");
        assert.equal(
            diagnostic.message,
            "PostHog renamed recording_button to recordingButton and refuses the old name.",
        );
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
            "vscode.executeCodeActionProvider",
            editor.document.uri,
            diagnostic.range,
            vscode.CodeActionKind.QuickFix.value,
        );
        const fix = actions.find((a) => a.title === "Rename to recordingButton");
        assert.ok(fix?.edit, `a quick fix among ${actions.map((a) => a.title).join(", ")}`);
        assert.ok(await vscode.workspace.applyEdit(fix.edit));
        assert.equal(
            editor.document.getText(),
            "SELECT 1;\nSELECT recordingButton(session_id), nowhereYet(1) FROM events",
        );
        await waitFor(
            "the underline to go",
            () => vscode.languages.getDiagnostics(editor.document.uri).length === 0,
        );
    });

    it("offers an aggregate's combinator forms once the word runs past its name", async () => {
        const editor = await open("SELECT sumA");
        const labels = await completes(editor, 11, "sumArrayOrNull");
        assert.ok(!labels.includes("avgArrayOrNull"), "only the forms of the base being typed");
        const plain = await labelsAt(await open("SELECT "), 7);
        assert.ok(plain.includes("sum") && !plain.includes("sumArrayOrNull"));
    });

    it("refreshes the schema on demand", async () => {
        const ui = new ScriptedUi();
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.refreshSchema");
        const message = ui.messages.find((m) => m.level === "info")?.text ?? "";
        const tables = Object.keys(DATABASE_SCHEMA).length;
        assert.match(
            message,
            new RegExp(`knows ${tables} tables, \\d+ events and \\d+ properties`),
        );
        assert.doesNotMatch(message, / 0 events| 0 properties/);
    });

    it("completes PostHog's tables from its source until a project's schema is cached", async () => {
        // Signed in, the project's schema answers: it lists the fields of sessions (the
        // catalogue has none: sessions_v1.py is not read) and PostHog's tables, heatmaps too.
        const from = await open("SELECT * FROM ");
        await completes(from, 14, "heatmaps");
        await completes(await open("SELECT  FROM sessions"), 7, "$session_duration");
        api.ctx.ui = new ScriptedUi();
        await api.ctx.auth.signOut();
        try {
            // Signed out nothing is fetched: the tables PostHog's database.py registers.
            const labels = await labelsAt(await open("SELECT * FROM "), 14);
            assert.ok(labels.includes("heatmaps") && labels.includes("raw_sessions_v3"));
            const columns = await labelsAt(await open("SELECT  FROM exchange_rate"), 7);
            assert.ok(columns.includes("rate") && columns.includes("currency"));
            // events.py's newest fields, from the catalogue.
            const events = await labelsAt(await open("SELECT  FROM events"), 7);
            assert.ok(events.includes("person_mode") && events.includes("goe_0"));
            const sessions = await labelsAt(await open("SELECT  FROM sessions"), 7);
            assert.ok(!sessions.includes("$session_duration"), "the catalogue, not the schema");
        } finally {
            ({ api } = await signedIn());
            api.ctx.ui = new ScriptedUi();
        }
    });

    it("validates while typing when live validation is on", async () => {
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("hogql.liveValidation", true, vscode.ConfigurationTarget.Global);
        const editor = await open("SELECT 1;\nSELECT nope FROM events");
        const end = editor.document.positionAt(editor.document.getText().length);
        editor.selection = new vscode.Selection(end, end);
        await editor.edit((edit) => edit.insert(end, " "));
        const diagnostics = await waitFor("a live diagnostic", () => {
            const found = vscode.languages.getDiagnostics(editor.document.uri);
            return found.length > 0 ? found : undefined;
        });
        assert.equal(diagnostics[0].source, "HogQL (live)");
        assert.equal(editor.document.getText(diagnostics[0].range), "nope");

        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("hogql.liveValidation", false, vscode.ConfigurationTarget.Global);
        await waitFor(
            "live diagnostics to go when the setting is off",
            () => vscode.languages.getDiagnostics(editor.document.uri).length === 0,
        );
    });
});
