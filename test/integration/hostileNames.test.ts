// Every name of the hostile-names corpus (test/fixtures/hostile-names.json) through the editor's
// own sinks in a real VS Code, with the sandbox serving it as an event definition, an experiment,
// a project and a table's fields: notifications, modals and progress titles show no live link and
// keep the name inside its quotes; quick picks and tree rows show no icon and one line; tooltips
// and hovers render nothing live.
import * as assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import * as vscode from "vscode";
import type { EventDefinition } from "../../src/api";
import type { EventDefinitionNode } from "../../src/events/nodes";
import type { EventDefinitionsTree } from "../../src/events/eventDefinitionsTree";
import type { ExperimentNode, ExperimentTreeNode, GroupNode } from "../../src/experiments/nodes";
import type { ExtensionApi } from "../../src/extension";
import { inMessage, oneLine } from "../../src/shared/plainText";
import {
    hostileNames,
    iconsInMarkdownString,
    liveIcons,
    liveInMarkdownString,
    liveInPreview,
    visibleText,
} from "../hostile/liveMarkup";
import { INVISIBLE, messageProblem, quotedName } from "../hostile/messages";
import { withinMaxLength } from "../contract/limits";
import { parseExpr } from "../sandbox/hogql/parser";
import type { Sandbox } from "../sandbox";
import { signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi, type Answer } from "./scriptedUi";
import { signInToSandbox } from "./signIn";
import { marked } from "marked";

const P = "posthog-workbench";
const corpus = hostileNames();
/**
 * The corpus as event definition names: PostHog keeps at most the contract's maxLength of them
 * (the model's max_length), so a longer one never comes back.
 */
const named = corpus.map(({ name, why }) => ({
    name: withinMaxLength(name, "EnterpriseEventDefinition", "name"),
    why,
}));
/** The exploit of the issue: a link that types a shell command in the terminal. */
const EXPLOIT = corpus[0].name;

/** What a one-line sink (tree label, quick pick row) must show of any name. */
function assertOneLine(text: string | undefined, where: string): void {
    if (text === undefined) return;
    assert.doesNotMatch(text, /[\r\n\u2028\u2029\u0085]/, `${where}: a line break`);
    assert.doesNotMatch(text, INVISIBLE, `${where}: an invisible character`);
    assert.ok(Array.from(text).length <= 200, `${where}: ${text.length} characters, not cut`);
}

function assertMessage(text: string, where: string): void {
    const problem = messageProblem(text);
    assert.equal(
        problem,
        undefined,
        `${where}: ${problem} in ${JSON.stringify(text.slice(0, 300))}`,
    );
}

/** A message `before"<name>"after` that shows `name` plainly, inside its quotes. */
function assertQuoted(text: string, before: string, after: string, name: string): void {
    assertMessage(text, before);
    assert.equal(quotedName(text, before, after), inMessage(name), `${before}…: the name as shown`);
}

/** A tooltip or hover: not trusted, no HTML, and nothing live when VS Code renders it. */
function assertInertMarkdown(md: vscode.MarkdownString, where: string, ownIcons: string[] = []) {
    assert.ok(!md.isTrusted, `${where}: trusted`);
    assert.ok(!md.supportHtml, `${where}: HTML on`);
    assert.deepEqual(liveInMarkdownString(md.value), [], `${where}: live elements`);
    const icons = md.supportThemeIcons ? iconsInMarkdownString(md.value) : [];
    assert.deepEqual(
        icons.filter((icon) => !ownIcons.includes(icon)),
        [],
        `${where}: icons from the name`,
    );
}

/**
 * Records the titles of the progress notifications the extension shows, passing every call on to
 * VS Code's own: the extension and its tests share one `vscode` API object.
 */
function recordProgress(): { titles: string[]; stop(): void } {
    const window = vscode.window as { withProgress: typeof vscode.window.withProgress };
    const original = window.withProgress;
    const titles: string[] = [];
    const recording: typeof original = <R>(
        options: vscode.ProgressOptions,
        task: Parameters<typeof original<R>>[1],
    ) => {
        titles.push(options.title ?? "");
        return original.call(vscode.window, options, task) as Thenable<R>;
    };
    window.withProgress = recording;
    assert.equal(vscode.window.withProgress, recording, "progress calls can be recorded");
    return { titles, stop: () => void (window.withProgress = original) };
}

describe("hostile names in the editor's sinks", function () {
    this.timeout(240_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let tree: EventDefinitionsTree;
    /** Ids of the definitions this suite added, removed after it. */
    const added = new Set<string>();

    function scripted(...answers: Answer[]): ScriptedUi {
        const ui = new ScriptedUi().answer(...answers);
        api.ctx.ui = ui;
        return ui;
    }

    function addDefinition(name: string, fields: Partial<EventDefinition> = {}): string {
        const base = sandbox.state.eventDefinitions.find((d) => d.team_id === sandbox.projectId);
        assert.ok(base, "the seed has definitions");
        const id = randomUUID();
        sandbox.state.eventDefinitions.push({
            ...base,
            id,
            name,
            description: name,
            tags: [name],
            verified: false,
            verified_at: null,
            verified_by: null,
            hidden: false,
            ...fields,
        } as typeof base);
        added.add(id);
        return id;
    }

    function removeAdded(): void {
        const defs = sandbox.state.eventDefinitions;
        for (let i = defs.length - 1; i >= 0; i--) if (added.has(defs[i].id)) defs.splice(i, 1);
        added.clear();
        tree.refresh();
    }

    async function row(id: string): Promise<EventDefinitionNode> {
        const children = await tree.getChildren();
        const found = children.find(
            (n): n is EventDefinitionNode => "definition" in n && n.definition.id === id,
        );
        assert.ok(found, `a row for definition ${id}`);
        return found;
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
        tree = api.ctx.views.eventDefinitions;
        tree.setFilter({ search: "", ordering: "name", includeHidden: true, includePostHog: true });
    });

    after(async () => {
        removeAdded();
        tree.setFilter({
            search: "",
            ordering: "name",
            includeHidden: false,
            includePostHog: true,
        });
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    afterEach(() => removeAdded());

    it("event definition rows: one line for the label and description, an inert tooltip", async () => {
        const ids = named.map(({ name }) => addDefinition(name));
        tree.refresh();
        for (const [i, id] of ids.entries()) {
            const why = named[i].why;
            const node = await row(id);
            assert.equal(typeof node.label, "string");
            assertOneLine(node.label as string, `${why}: label`);
            assertOneLine(node.description as string, `${why}: description`);
            assert.doesNotMatch(node.accessibilityInformation?.label ?? "", INVISIBLE, why);
            const item = await tree.resolveTreeItem(node, node);
            const tip = item.tooltip as vscode.MarkdownString;
            assertInertMarkdown(tip, `${why}: tooltip`);
            // The reader sees the name in the tooltip's bold first line.
            const html = marked.parse(tip.value, { async: false, gfm: true });
            const bold = visibleText(/<strong>([\s\S]*?)<\/strong>/.exec(html)?.[1] ?? "");
            assert.equal(
                bold,
                oneLine(named[i].name, Number.MAX_SAFE_INTEGER).trim(),
                `${why}: the name in the tooltip`,
            );
        }
    });

    it("deleting the exploit-named definition from the palette: plain picks, modal and notification", async () => {
        for (const { name } of named) addDefinition(name);
        const target = addDefinition(EXPLOIT, { description: "the one to delete" });
        tree.refresh();
        const ui = scripted(
            (choices) => choices.find((c) => (c.value as EventDefinition).id === target)?.value,
            true,
        );
        await vscode.commands.executeCommand(`${P}.deleteEventDefinition`);
        assert.equal(ui.pending, 0);
        assert.ok(!sandbox.state.eventDefinitions.some((d) => d.id === target), "deleted");
        // Every row of the pick list, the corpus' names among them.
        const { choices } = ui.picks[0];
        assert.ok(choices.length > named.length);
        for (const choice of choices)
            for (const text of [choice.label, choice.description, choice.detail]) {
                assertOneLine(text, `pick: ${String(text).slice(0, 60)}`);
                assert.deepEqual(liveIcons(text ?? ""), [], `pick: icon in ${text}`);
            }
        const [{ message, detail }] = ui.confirms;
        assertQuoted(message, "Delete the event definition ", "?", EXPLOIT);
        assertMessage(detail, "the modal's detail");
        assert.match(detail, /^This permanently deletes "/);
        assert.equal(ui.messages.length, 1);
        assertQuoted(ui.messages[0].text, "Deleted the event definition ", ".", EXPLOIT);
    });

    it("deletes, hides and verifies a definition of every name with plain messages", async () => {
        const ids = named.map(({ name }) => ({
            name,
            gone: addDefinition(name),
            verified: addDefinition(name, { verified: true }),
            hidden: addDefinition(name, { hidden: true }),
        }));
        tree.refresh();
        for (const { name, gone, verified, hidden } of ids) {
            let ui = scripted(true);
            await vscode.commands.executeCommand(`${P}.deleteEventDefinition`, await row(gone));
            assertQuoted(ui.confirms[0].message, "Delete the event definition ", "?", name);
            assertMessage(ui.confirms[0].detail, "the modal's detail");
            assertQuoted(ui.messages[0].text, "Deleted the event definition ", ".", name);

            ui = scripted(false);
            await vscode.commands.executeCommand(`${P}.hideEventDefinition`, await row(verified));
            assertQuoted(
                ui.confirms[0].message,
                "Hide ",
                "? This also removes its verified mark.",
                name,
            );

            ui = scripted(false);
            await vscode.commands.executeCommand(`${P}.verifyEventDefinition`, await row(hidden));
            assertQuoted(ui.confirms[0].message, "Verify ", "? This also unhides it.", name);
        }
    });

    it("the details preview of every name renders no link, image or HTML", async () => {
        for (const { name, why } of named) {
            const id = addDefinition(name);
            tree.refresh();
            const document = await vscode.commands.executeCommand<vscode.TextDocument>(
                `${P}.showEventDefinition`,
                await row(id),
            );
            const text = document.getText();
            assert.match(text, /^# /, why);
            assert.deepEqual(liveInPreview(text), [], `${why}: live in the preview`);
            await vscode.commands.executeCommand("workbench.action.closeAllEditors");
        }
    });

    describe("experiments", () => {
        const ids: number[] = [];
        /** Each experiment's name as the sandbox holds it. */
        const served: string[] = [];
        const experimentTree = () => api.ctx.views.experiments;

        async function draftRows(): Promise<ExperimentNode[]> {
            const groups = await experimentTree().getChildren();
            const draft = groups.find(
                (g): g is GroupNode => g.kind === "group" && (g as GroupNode).id === "draft",
            );
            assert.ok(draft, "the Draft group");
            const rows: ExperimentTreeNode[] = await experimentTree().getChildren(draft);
            return rows.filter((n): n is ExperimentNode => n.kind === "experiment");
        }

        before(() => {
            const base = sandbox.state.experiments.find(
                (e) => e.team_id === sandbox.projectId && !e.start_date && !e.deleted,
            );
            assert.ok(base, "the seed has a draft");
            for (const { name } of named) {
                const id = ++sandbox.state.nextIds.experiment;
                ids.push(id);
                // No experiment PostHog answers holds a longer name or description than the
                // contract's maxLength (it refuses them on create); a row still cuts them.
                served.push(withinMaxLength(name, "Experiment", "name"));
                sandbox.state.experiments.push({
                    ...base,
                    id,
                    name: served[served.length - 1],
                    description: withinMaxLength(name, "Experiment", "description"),
                    feature_flag_key: name,
                    archived: false,
                    deleted: false,
                });
            }
            experimentTree().refresh();
        });

        after(() => {
            const all = sandbox.state.experiments;
            for (let i = all.length - 1; i >= 0; i--) if (ids.includes(all[i].id)) all.splice(i, 1);
            experimentTree().refresh();
        });

        it("rows: one line for the label and description, an inert tooltip", async () => {
            const rows = await draftRows();
            for (const [i, id] of ids.entries()) {
                const why = named[i].why;
                const node = rows.find((n) => n.experiment.id === id);
                assert.ok(node, `${why}: a row`);
                const item = experimentTree().getTreeItem(node);
                assertOneLine(item.label as string, `${why}: label`);
                assertOneLine(item.description as string, `${why}: description`);
                assert.doesNotMatch(item.accessibilityInformation?.label ?? "", INVISIBLE, why);
                assertInertMarkdown(item.tooltip as vscode.MarkdownString, `${why}: tooltip`, [
                    "$(symbol-key)",
                ]);
            }
        });

        it("edit and delete: plain picks, modal, progress titles and notification", async () => {
            const rows = await draftRows();
            const progress = recordProgress();
            try {
                for (const [i, id] of ids.entries()) {
                    const { why } = corpus[i];
                    const name = served[i];
                    const node = rows.find((n) => n.experiment.id === id);
                    assert.ok(node, `${why}: a row`);
                    let ui = scripted(undefined);
                    await vscode.commands.executeCommand(`${P}.editExperiment`, node);
                    const pick = ui.picks[0];
                    assertQuoted(pick.title, "Edit ", "", name);
                    for (const choice of pick.choices) {
                        assertOneLine(choice.description, `${why}: edit pick`);
                        assert.deepEqual(liveIcons(choice.description ?? ""), [], why);
                    }

                    progress.titles.length = 0;
                    ui = scripted(true);
                    await vscode.commands.executeCommand(`${P}.deleteExperiment`, node);
                    assert.equal(ui.pending, 0);
                    assertQuoted(ui.confirms[0].message, "Delete experiment ", "?", name);
                    assertMessage(ui.confirms[0].detail, `${why}: the modal's detail`);
                    assert.deepEqual(progress.titles.length, 1, why);
                    assertQuoted(progress.titles[0], "Deleting ", "...", name);
                    assert.equal(ui.messages.length, 1, why);
                    assertQuoted(ui.messages[0].text, "Deleted ", ".", name);
                }
            } finally {
                progress.stop();
            }
        });
    });

    describe("a table with hostile field names", () => {
        const fields = Object.fromEntries(
            corpus.map(({ name }, i) => [`f${i}`, { name, type: name }]),
        );

        before(async () => {
            sandbox.state.extraSchemaTables.hostile = {
                type: "posthog",
                id: "hostile",
                name: "hostile",
                fields,
            };
            await (await api.ctx.language.schema()).refresh();
        });

        /** Opens an untitled HogQL editor, closed without a save question after the test. */
        async function open(content: string): Promise<vscode.TextDocument> {
            const document = await vscode.workspace.openTextDocument({
                language: "hogql",
                content,
            });
            await vscode.window.showTextDocument(document);
            return document;
        }

        afterEach(async () => {
            await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
        });

        after(async () => {
            delete sandbox.state.extraSchemaTables.hostile;
            await (await api.ctx.language.schema()).refresh();
        });

        it("hovers over the table with each field name in its own code span", async () => {
            const text = "SELECT * FROM hostile";
            const document = await open(text);
            const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
                "vscode.executeHoverProvider",
                document.uri,
                document.positionAt(text.indexOf("hostile") + 2),
            );
            const ours = hovers
                .flatMap((h) => h.contents)
                .find(
                    (c): c is vscode.MarkdownString =>
                        typeof c !== "string" && "value" in c && c.value.startsWith("Table "),
                );
            assert.ok(ours, "the table's hover");
            assertInertMarkdown(ours, "hover");
            const html = marked.parse(ours.value, { async: false, gfm: true });
            const spans = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)];
            assert.equal(spans.length, corpus.length + 1, "the table's and one per field");
        });

        it("completes every field name as an identifier that parses back to the name", async () => {
            const text = "SELECT  FROM hostile";
            const document = await open(text);
            const names = new Set(corpus.map(({ name }) => name));
            const items = await waitFor("the hostile fields in completion", async () => {
                const list = await vscode.commands.executeCommand<vscode.CompletionList>(
                    "vscode.executeCompletionItemProvider",
                    document.uri,
                    document.positionAt(7),
                );
                const found = list.items.filter((item) =>
                    names.has(typeof item.label === "string" ? item.label : item.label.label),
                );
                return found.length === names.size ? found : undefined;
            });
            for (const item of items) {
                const name = typeof item.label === "string" ? item.label : item.label.label;
                assertOneLine(item.detail, `detail of ${name.slice(0, 40)}`);
                const inserted = typeof item.insertText === "string" ? item.insertText : name;
                const ast = parseExpr(inserted) as { node?: string; chain?: unknown[] };
                assert.deepEqual(
                    { node: ast.node, chain: ast.chain },
                    { node: "Field", chain: [name] },
                    `${JSON.stringify(inserted.slice(0, 80))} reads back as the name`,
                );
            }
        });
    });

    describe("signing in to a project named as the exploit", () => {
        let original = "";

        before(() => {
            const project = sandbox.state.projects.find((p) => p.id === sandbox.projectId);
            assert.ok(project);
            original = project.name;
            project.name = EXPLOIT;
        });

        after(async () => {
            const project = sandbox.state.projects.find((p) => p.id === sandbox.projectId);
            if (project) project.name = original;
            // Signing in again remembers the project's own name for the status bar.
            await signInToSandbox(api, sandbox);
        });

        it("names the project plainly, inside its quotes, and lists it as a plain label", async () => {
            const ui = await signInToSandbox(api, sandbox);
            await waitFor("the sign-in message", () => ui.messages.length > 0);
            const pick = ui.picks.find((p) =>
                p.choices.some((c) => c.description?.startsWith("id ")),
            );
            assert.ok(pick, "the project pick");
            for (const choice of pick.choices) {
                assertOneLine(choice.label, "project pick");
                assert.deepEqual(liveIcons(choice.label), [], "project pick");
            }
            assertQuoted(
                ui.messages[0].text,
                `Signed in to ${sandbox.url}, project `,
                ".",
                EXPLOIT,
            );
        });
    });
});
