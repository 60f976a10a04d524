import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { signedIn } from "./fixture";
import { waitFor } from "./helpers";

const SOURCE = "HogQL (syntax)";

function syntaxDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
    return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

describe("hogql syntax errors (PostHog's parser, offline)", () => {
    it("underlines a syntax error typed into an open file, with no request to PostHog", async () => {
        const { sandbox } = await signedIn();
        const live = vscode.workspace
            .getConfiguration("posthog-workbench")
            .get<boolean>("hogql.liveValidation");
        assert.equal(live, false, "live validation is off by default");
        const text = "SELECT event FROM events;\nSELECT zq_marker FROM events WHERE 1";
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: text,
        });
        const editor = await vscode.window.showTextDocument(document);
        const requestsBefore = sandbox.requests.length;
        const { api } = await signedIn();
        await waitFor(
            "the parser to start for the open document",
            () => api.ctx.hogqlParser?.parserStarted === true,
        );

        // Type ` = = 2` after `WHERE 1`, one keystroke at a time, as a user would.
        for (const ch of " = = 2") {
            const end = document.positionAt(document.getText().length);
            assert.ok(await editor.edit((edit) => edit.insert(end, ch)));
        }
        // A parse may land between keystrokes (`WHERE 1 =` is an error too, and `WHERE 1 = =`
        // has the same message with a shorter range): wait for the one of the text as typed,
        // which PostHog puts at the second `=` and runs to the end of the statement. A stale
        // underline that never follows the text times out here.
        const expected =
            "no viable alternative at input 'SELECT zq_marker FROM events WHERE 1 = ='";
        const [diagnostic] = await waitFor(
            "the syntax diagnostic of the text as typed",
            () => {
                const found = syntaxDiagnostics(document.uri);
                return found.length === 1 &&
                    found[0].message === expected &&
                    document.getText(found[0].range) === "= 2"
                    ? found
                    : undefined;
            },
            15_000,
        );
        assert.equal(diagnostic.message, expected);
        assert.equal(diagnostic.range.start.line, 1);
        assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);

        // Fixing it (dropping the second `=`) clears the underline.
        const fixEnd = document.positionAt(document.getText().length);
        await editor.edit((edit) =>
            edit.replace(new vscode.Range(fixEnd.translate(0, -4), fixEnd), " 2"),
        );
        assert.equal(document.getText(), `${text} = 2`);
        await waitFor(
            "the diagnostic to clear",
            () => syntaxDiagnostics(document.uri).length === 0,
        );

        // The statement never went to the sandbox: the check ran on this machine.
        const sent = sandbox.requests
            .slice(requestsBefore)
            .filter((r) => r.body.includes("zq_marker"));
        assert.deepEqual(sent, []);
    });
});
