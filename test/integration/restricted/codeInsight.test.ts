// PostHog calls in application code in Restricted Mode: the workspace's files are read for calls
// and the hovers and diagnostics work with the user's own host, but a host the workspace's
// settings name is never contacted (VS Code leaves the restricted `posthog-workbench.host` out,
// and src/codeInsight/restricted.ts checks again before fetching).
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { startSandbox, type Sandbox } from "../../sandbox";
import { signedIn } from "../fixture";
import { waitFor } from "../helpers";

const P = "posthog-workbench";

describe("Restricted Mode: code insight reads the files and sends nothing to the workspace's host", function () {
    this.timeout(120_000);
    let sandbox: Sandbox;
    let theirs: Sandbox;
    const folder = () => vscode.workspace.workspaceFolders![0].uri;
    const settingsFile = () => vscode.Uri.joinPath(folder(), ".vscode", "settings.json");

    before(async () => {
        assert.equal(vscode.workspace.isTrusted, false, "this run's workspace is untrusted");
        ({ sandbox } = await signedIn());
        theirs = await startSandbox();
        await vscode.workspace.fs.writeFile(
            settingsFile(),
            new TextEncoder().encode(
                JSON.stringify({
                    [`${P}.host`]: theirs.url,
                    // Not restricted: the sign that VS Code has read the file.
                    [`${P}.results.reusePanel`]: true,
                }),
            ),
        );
        await waitFor(
            "VS Code to read the workspace's settings",
            () =>
                vscode.workspace.getConfiguration(P).inspect<boolean>("results.reusePanel")
                    ?.workspaceValue === true,
            30_000,
        );
    });

    after(async () => {
        await vscode.workspace.fs.delete(settingsFile());
        await theirs?.close();
    });

    it("hovers and diagnoses with the user's host; the workspace's host gets no request", async () => {
        const uri = vscode.Uri.joinPath(folder(), "code", "app.js");
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
        const position = document.positionAt(document.getText().indexOf("signed_up") + 1);
        await waitFor(
            "the event hover with its volume",
            async () => {
                const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
                    "vscode.executeHoverProvider",
                    uri,
                    position,
                );
                return hovers
                    .flatMap((h) => h.contents)
                    .some((c) => typeof c !== "string" && c.value.includes("Last 30 days"));
            },
            30_000,
        );
        await waitFor(
            "the PostHog diagnostics",
            () => vscode.languages.getDiagnostics(uri).some((d) => d.source === "PostHog"),
            30_000,
        );
        assert.ok(
            sandbox.requests.some((r) => r.path.includes("/event_definitions")),
            "the user's host was asked",
        );
        assert.deepEqual(
            theirs.requests.map((r) => `${r.method} ${r.path}`),
            [],
        );
        await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    });
});
