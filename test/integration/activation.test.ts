import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { registerOnFirstDocument } from "../../src/activationOnFirstDocument";
import { commandTable } from "../../src/commandTable";
import { waitFor } from "../waitFor";
import { activateExtension, contributes, EXTENSION_ID } from "./helpers";

describe("activation", () => {
    it("activates and returns its API", async () => {
        const api = await activateExtension();
        assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
        assert.ok(api.ctx.log, "the context owns the log channel");
    });

    it("does not load the HogQL parser or the function catalogue while no HogQL document is open", async () => {
        const api = await activateExtension();
        const open = vscode.workspace.textDocuments.filter((d) => d.languageId === "hogql");
        assert.deepEqual(
            open.map((d) => d.uri.toString()),
            [],
        );
        assert.equal(api.ctx.hogqlParser?.parserStarted, false);
        assert.equal(api.ctx.language.catalogueLoaded, false);
    });

    it("registers every contributed command and contributes every registered one", async () => {
        await activateExtension();
        const contributed = contributes()
            .commands.map((c) => c.command)
            .sort();
        const viewIds = Object.values(contributes().views)
            .flat()
            .map((v) => v.id);
        // VS Code itself registers `<viewId>.focus` and similar for each view: not ours.
        const registered = (await vscode.commands.getCommands(true))
            .filter((id) => id.startsWith("posthog-workbench."))
            .filter((id) => !viewIds.some((view) => id.startsWith(`${view}.`)))
            .sort();
        assert.deepEqual(registered, contributed);
    });

    it("gives each command the same title in package.json and in the command table", () => {
        // The palette shows package.json's title; error messages name the table's ("<title>
        // failed: ..."): one command, one name. The table may leave out the palette's trailing
        // "..." (the command asks for more).
        const table = new Map(commandTable.map((spec) => [spec.id, spec.title]));
        const differ = contributes()
            .commands.filter((c) => {
                const title = table.get(c.command);
                return title !== c.title && title !== c.title.replace(/(\.\.\.|…)$/, "");
            })
            .map((c) => `${c.command}: package.json "${c.title}", table "${table.get(c.command)}"`);
        assert.deepEqual(differ, []);
        assert.equal(table.size, contributes().commands.length, "one table entry per command");
    });

    it("contributes the PostHog container with its two views", async () => {
        await activateExtension();
        const views = contributes().views.posthog.map((v) => v.id);
        assert.deepEqual(views, [
            "posthog-workbench.experiments",
            "posthog-workbench.eventDefinitions",
        ]);
        await vscode.commands.executeCommand("workbench.view.extension.posthog");
        for (const view of views) await vscode.commands.executeCommand(`${view}.focus`);
    });

    it("opens .hogql files in the hogql language", async () => {
        const doc = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: "SELECT 1",
        });
        assert.equal(doc.languageId, "hogql");
        const files = await vscode.workspace.findFiles("**/*.hogql");
        assert.ok(files.length > 0, "the fixture workspace has .hogql files");
        const file = await vscode.workspace.openTextDocument(files[0]);
        assert.equal(file.languageId, "hogql");
    });

    it("a feature whose code failed to load says so, and loads with the next document it serves", async () => {
        const errors: string[] = [];
        const disposables: vscode.Disposable[] = [];
        const log = { error: (m: string) => errors.push(m) } as unknown as vscode.LogOutputChannel;
        let loads = 0;
        const registered: string[] = [];
        const marker = `first-document ${Date.now()}`;
        registerOnFirstDocument(
            { push: (d) => (disposables.push(d), d), log },
            "the test feature",
            (document) => document.getText().startsWith(marker),
            async () => {
                if (++loads === 1) throw new Error("its chunk is missing");
                return "module";
            },
            (module) => {
                registered.push(module);
                return new vscode.Disposable(() => registered.push("disposed"));
            },
        );
        try {
            await vscode.workspace.openTextDocument({ content: `${marker} one` });
            await waitFor("the failed load's error", () => errors.length > 0);
            assert.deepEqual(errors, [
                "loading the test feature failed: Error: its chunk is missing",
            ]);
            assert.deepEqual(registered, []);
            await vscode.workspace.openTextDocument({ content: `${marker} two` });
            await waitFor("the second load", () => registered.length > 0);
            assert.equal(loads, 2);
            assert.deepEqual(registered, ["module"]);
        } finally {
            disposables.forEach((d) => d.dispose());
        }
        assert.deepEqual(registered, ["module", "disposed"], "deactivation disposes it");
    });
});
