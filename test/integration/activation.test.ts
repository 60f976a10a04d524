import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { commandTable } from "../../src/commandTable";
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
});
