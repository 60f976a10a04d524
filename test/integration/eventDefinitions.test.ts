import * as assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { readResponse } from "../../src/api/queryBytes";
import type { EventDefinitionNode } from "../../src/events/nodes";
import type { EventDefinitionsTree } from "../../src/events/eventDefinitionsTree";
import type { ExtensionApi } from "../../src/extension";
import type { Sandbox } from "../sandbox";
import { eventQuery } from "../../src/events/format";
import { marked } from "marked";
import { visibleText } from "../hostile/liveMarkup";
import { directClient, signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi, type Answer } from "./scriptedUi";
import { signInToSandbox } from "./signIn";

function filesUnder(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : [full];
    });
}

const P = "posthog-workbench";

describe("event definitions", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let tree: EventDefinitionsTree;

    /** The definitions of the signed-in project, as the service holds them now. */
    const stored = () =>
        sandbox.state.eventDefinitions.filter((d) => d.team_id === sandbox.projectId);
    const storedNamed = (name: string) => stored().find((d) => d.name === name);
    const requests = (method: string, path: string) =>
        sandbox.requests.filter((r) => r.method === method && r.path.includes(path));

    async function rows(): Promise<EventDefinitionNode[]> {
        const children = await tree.getChildren();
        return children.filter((n): n is EventDefinitionNode => "definition" in n);
    }

    async function row(name: string): Promise<EventDefinitionNode> {
        const found = (await rows()).find((n) => n.definition.name === name);
        assert.ok(found, `a row for ${name}`);
        return found;
    }

    function scripted(...answers: Answer[]): ScriptedUi {
        const ui = new ScriptedUi().answer(...answers);
        api.ctx.ui = ui;
        return ui;
    }

    /** A definition of our own, so edits and deletes do not disturb the other suites. */
    function addDefinition(name: string, fields: Record<string, unknown> = {}): string {
        const base = stored()[0];
        const id = randomUUID();
        sandbox.state.eventDefinitions.push({
            ...base,
            id,
            name,
            description: null,
            tags: [],
            verified: false,
            verified_at: null,
            verified_by: null,
            hidden: false,
            last_seen_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
            ...fields,
        } as typeof base);
        // The view keeps what it fetched; a new definition shows after a refresh, as for a user.
        tree.refresh();
        return id;
    }

    /** Changes the page size setting and waits for the view to reload with it. */
    async function setPageSize(size: number | undefined): Promise<void> {
        const refreshed = new Promise<void>((resolve) => {
            const listener = tree.onDidChangeTreeData(() => {
                listener.dispose();
                resolve();
            });
        });
        await vscode.workspace
            .getConfiguration(P)
            .update("eventDefinitions.pageSize", size, vscode.ConfigurationTarget.Global);
        await refreshed;
    }

    function removeDefinitions(prefix: string): void {
        const defs = sandbox.state.eventDefinitions;
        for (let i = defs.length - 1; i >= 0; i--)
            if (defs[i].name.startsWith(prefix)) defs.splice(i, 1);
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
        tree = api.ctx.views.eventDefinitions;
        await vscode.commands.executeCommand("workbench.view.extension.posthog");
    });

    beforeEach(() => {
        tree.setFilter({
            search: "",
            ordering: "name",
            includeHidden: false,
            includePostHog: true,
        });
    });

    afterEach(async () => {
        removeDefinitions("zz_test_");
        // Only our own tabs: closing every editor would ask about other suites' unsaved ones.
        const ours = vscode.window.tabGroups.all
            .flatMap((group) => group.tabs)
            .filter(
                (tab) =>
                    (tab.input instanceof vscode.TabInputText &&
                        tab.input.uri.scheme === "posthog-event-definition") ||
                    (tab.input instanceof vscode.TabInputWebview &&
                        tab.input.viewType.includes("markdown.preview") &&
                        tab.label.includes("zz_test_")),
            );
        await vscode.window.tabGroups.close(ours);
    });

    after(() => {
        tree.setFilter({
            search: "",
            ordering: "name",
            includeHidden: false,
            includePostHog: true,
        });
    });

    it("lists the project's visible definitions by name, with tags, verified mark and last seen", async () => {
        const nodes = await rows();
        const expected = stored()
            .filter((d) => !d.hidden)
            .map((d) => d.name)
            .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        assert.deepEqual(
            nodes.map((n) => n.definition.name),
            expected,
        );
        const verified = nodes.find((n) => n.definition.verified);
        assert.ok(verified, "the seed has verified definitions");
        assert.equal((verified.iconPath as vscode.ThemeIcon).id, "verified-filled");
        assert.match(verified.contextValue ?? "", /^eventDefinition:verified:visible$/);
        const tagged = nodes.find((n) => n.definition.tags?.length);
        assert.ok(tagged);
        assert.ok(String(tagged.description).includes(`#${tagged.definition.tags![0]}`));
        assert.match(String(nodes[0].description), /ago|yesterday|today|now|never/);
    });

    it("searches with the service's search and clears the search", async () => {
        scripted("sign");
        await vscode.commands.executeCommand(`${P}.searchEventDefinitions`);
        assert.equal(tree.filter.search, "sign");
        const found = await rows();
        assert.ok(found.length > 0);
        assert.ok(found.every((n) => n.definition.name.includes("sign")));
        assert.match(requests("GET", "/event_definitions").at(-1)!.url, /search=sign/);
        await vscode.commands.executeCommand(`${P}.clearEventDefinitionsSearch`);
        assert.equal(tree.filter.search, "");
        assert.ok((await rows()).length > found.length);
    });

    it("says so when nothing matches", async () => {
        tree.setFilter({ search: "no such event anywhere" });
        const [only, ...rest] = await tree.getChildren();
        assert.equal(rest.length, 0);
        assert.equal(only.label, "No event definitions match");
    });

    it("toggles hidden and PostHog's own $ events, and sorts by last seen", async () => {
        assert.ok(!(await rows()).some((n) => n.definition.hidden));
        await vscode.commands.executeCommand(`${P}.includeHiddenEventDefinitions`);
        assert.ok((await rows()).some((n) => n.definition.name === "legacy_button_clicked"));
        await vscode.commands.executeCommand(`${P}.excludePostHogEventDefinitions`);
        const custom = await rows();
        assert.ok(custom.length > 0 && custom.every((n) => !n.definition.name.startsWith("$")));
        assert.match(requests("GET", "/event_definitions").at(-1)!.url, /event_type=event_custom/);

        scripted("Last seen");
        await vscode.commands.executeCommand(`${P}.sortEventDefinitions`);
        const seen = (await rows()).map((n) => n.definition.last_seen_at ?? "");
        assert.deepEqual(seen, [...seen].sort().reverse());
        assert.match(requests("GET", "/event_definitions").at(-1)!.url, /ordering=-last_seen_at/);
    });

    it("pages through `next` with Load more", async () => {
        for (let i = 0; i < 12; i++) addDefinition(`zz_test_paging_${String(i).padStart(2, "0")}`);
        await setPageSize(5);
        try {
            await checkPaging();
        } finally {
            await setPageSize(undefined);
        }
    });

    async function checkPaging(): Promise<void> {
        tree.setFilter({ search: "zz_test_paging" });

        const first = await tree.getChildren();
        assert.equal(first.length, 6, "five rows and Load more");
        assert.equal(first.at(-1)!.contextValue, "loadMore");
        assert.equal(first.at(-1)!.description, "5 of 12");
        await vscode.commands.executeCommand(`${P}.loadMoreEventDefinitions`);
        assert.equal((await rows()).length, 10);
        await vscode.commands.executeCommand(`${P}.loadMoreEventDefinitions`);
        const all = await tree.getChildren();
        assert.equal(all.length, 12, "no Load more after the last page");
        assert.deepEqual(
            all.map((n) => n.label),
            Array.from({ length: 12 }, (_, i) => `zz_test_paging_${String(i).padStart(2, "0")}`),
        );
        const lists = requests("GET", "/event_definitions").slice(-3);
        assert.ok(lists.every((r) => /limit=5/.test(r.url)));
        assert.match(lists[2].url, /offset=10/);
    }

    /** The hover's text as VS Code shows it (the Markdown escapes every punctuation character). */
    async function hover(node: EventDefinitionNode): Promise<string> {
        const item = await tree.resolveTreeItem(node, node);
        return visibleText(
            marked.parse((item.tooltip as vscode.MarkdownString).value, { async: false }),
        );
    }

    /** The extension's log lines written while `action` runs (read back from the log file). */
    async function logDuring(action: () => Promise<void>): Promise<string[]> {
        const start = `hover check start ${Date.now()}`;
        const end = `hover check end ${Date.now()}`;
        api.ctx.log.info(start);
        await action();
        api.ctx.log.info(end);
        const logDir = api.ctx.extension.logUri.fsPath;
        const text = await waitFor(`the log line "${end}"`, () => {
            const all = filesUnder(logDir)
                .map((file) => fs.readFileSync(file, "utf8"))
                .join("\n");
            return all.includes(end) && all;
        });
        const lines = text.split("\n");
        const from = lines.findIndex((line) => line.includes(start));
        const to = lines.findIndex((line) => line.includes(end));
        return lines.slice(from + 1, to);
    }

    it("hovering an event shows its 30-day volume from one HogQL query, with a scoped key, and logs no warning", async () => {
        // A key with only the read scopes (event_definition:read, query:read, ...): PostHog's
        // metrics endpoint would refuse it, as it refuses every personal API key.
        await signInToSandbox(api, sandbox, { key: sandbox.keys.readOnly });
        try {
            await waitFor("signed in with the read-only key", async () => {
                const state = api.ctx.auth.session.state;
                return state.signedIn && (await rows()).length > 0;
            });
            // What the per-day query of New Query for Event adds up to over the same 30 days.
            const perDay = await directClient(sandbox).runQuery({
                kind: "HogQLQuery",
                query: eventQuery("$pageview"),
            });
            const days = (await readResponse<{ results: [string, number, number][] }>(perDay))
                .results;
            const expected = days.reduce((sum, [, events]) => sum + Number(events), 0);
            assert.ok(expected > 0, "the sandbox has $pageview events in the last 30 days");

            const node = await row("$pageview");
            assert.equal(node.tooltip, undefined, "queried on hover, not with the list");
            const volumeQueries = () =>
                requests("POST", "/query/").filter((r) => r.body.includes("{event_name}"));
            const before = volumeQueries().length;
            const metricsBefore = requests("GET", "/metrics").length;
            let tips: string[] = [];
            const logged = await logDuring(async () => {
                tips = [await hover(node), await hover(node)];
            });
            const shown = expected.toLocaleString("en");
            for (const tip of tips) {
                assert.match(tip, new RegExp(`Events in the last 30 days: ${shown}`));
                assert.match(tip, /Owner: /);
            }
            const sent = volumeQueries().slice(before);
            assert.equal(sent.length, 1, "one query for two hovers");
            const body = JSON.parse(sent[0].body) as { query: { values: unknown } };
            assert.deepEqual(body.query.values, { event_name: "$pageview" });
            assert.equal(requests("GET", "/metrics").length, metricsBefore, "no metrics request");
            // Refresh forgets the volume: the next hover asks again.
            await vscode.commands.executeCommand(`${P}.refreshEventDefinitions`);
            assert.match(await hover(await row("$pageview")), /Events in the last 30 days: /);
            assert.equal(volumeQueries().length, before + 2, "asked again after Refresh");
            assert.deepEqual(
                logged.filter((line) => /\[warning\]|\[error\]/.test(line)),
                [],
                "no warning or error while hovering",
            );
        } finally {
            await signInToSandbox(api, sandbox);
            await waitFor("signed in with the full key again", () => {
                const state = api.ctx.auth.session.state;
                return state.signedIn && state.host === sandbox.url;
            });
        }
    });

    it("passes an odd name to the volume query as a value, and counts none for an unseen event", async () => {
        const name = "zz_test_it's {x} \\ ' OR 1=1 --";
        addDefinition(name);
        const tip = await hover(await row(name));
        assert.match(tip, /Events in the last 30 days: 0/);
        const sent = requests("POST", "/query/").filter((r) => r.body.includes("{event_name}"));
        const body = JSON.parse(sent.at(-1)!.body) as { query: { query: string; values: unknown } };
        assert.deepEqual(body.query.values, { event_name: name });
        assert.ok(!body.query.query.includes("zz_test_"), "the name is not in the query text");
    });

    it("shows a count PostHog capped as a lower bound, and pages past it", async () => {
        // More than 50,000 definitions make a large project, whose unfiltered count stops at
        // 10,000 (posthog/taxonomy/definition_search.py).
        const base = stored()[0];
        for (let i = 0; i < 50_001; i++) {
            sandbox.state.eventDefinitions.push({
                ...base,
                id: randomUUID(),
                name: `zz_test_cap_${String(i).padStart(5, "0")}`,
            });
        }
        tree.refresh();
        const first = await tree.getChildren();
        assert.equal(first.at(-1)!.contextValue, "loadMore");
        assert.equal(first.at(-1)!.description, "100 of 10,000+");
        await vscode.commands.executeCommand(`${P}.loadMoreEventDefinitions`);
        const second = await tree.getChildren();
        assert.equal(second.at(-1)!.description, "200 of 10,000+");
    });

    it("opens the details of a definition rendered in the Markdown preview, not as source", async () => {
        addDefinition("zz_test_details", {
            description: "Shown in details.",
            tags: ["alpha"],
        });
        const doc = await vscode.commands.executeCommand<vscode.TextDocument>(
            `${P}.showEventDefinition`,
            await row("zz_test_details"),
        );
        const preview = await waitFor("the details preview tab", () =>
            vscode.window.tabGroups.all
                .flatMap((group) => group.tabs)
                .find(
                    (tab) =>
                        tab.input instanceof vscode.TabInputWebview &&
                        tab.input.viewType.includes("markdown.preview") &&
                        tab.label.includes("zz_test_details"),
                ),
        );
        assert.ok(preview, "a rendered preview of the details is open");
        assert.ok(
            !vscode.window.tabGroups.all
                .flatMap((group) => group.tabs)
                .some(
                    (tab) =>
                        tab.input instanceof vscode.TabInputText &&
                        tab.input.uri.scheme === "posthog-event-definition",
                ),
            "the details are not opened as source text",
        );
        assert.equal(doc.uri.scheme, "posthog-event-definition");
        assert.equal(doc.languageId, "markdown");
        const text = doc.getText();
        // As the preview renders it: the Markdown escapes every punctuation character of a value.
        const html = marked.parse(text, { async: false, gfm: true });
        assert.match(html, /<h1>zz_test_details<\/h1>/);
        assert.match(visibleText(html), /Shown in details\./);
        assert.match(html, /<td>Tags<\/td>\s*<td>alpha<\/td>/);
        // The volume from the query: no event of this name was ever sent.
        assert.match(html, /<td>Events in the last 30 days<\/td>\s*<td>0<\/td>/);
        assert.match(text, /```hogql\n/);
    });

    it("edits description and tags, and the service keeps them", async () => {
        const id = addDefinition("zz_test_edit");
        scripted("Edited by the test");
        await vscode.commands.executeCommand(
            `${P}.editEventDefinitionDescription`,
            await row("zz_test_edit"),
        );
        assert.equal(storedNamed("zz_test_edit")?.description, "Edited by the test");

        scripted(" beta, gamma ,beta,, ");
        await vscode.commands.executeCommand(
            `${P}.editEventDefinitionTags`,
            await row("zz_test_edit"),
        );
        assert.deepEqual(storedNamed("zz_test_edit")?.tags, ["beta", "gamma"]);

        await vscode.commands.executeCommand(
            `${P}.verifyEventDefinition`,
            await row("zz_test_edit"),
        );
        assert.equal(storedNamed("zz_test_edit")?.verified, true);

        // Re-read from the service, not from what the view kept.
        await vscode.commands.executeCommand(`${P}.refreshEventDefinitions`);
        const reread = await row("zz_test_edit");
        assert.equal(reread.definition.id, id);
        assert.equal(reread.definition.description, "Edited by the test");
        assert.ok(String(reread.description).includes("#beta #gamma"));
        assert.equal(reread.contextValue, "eventDefinition:verified:visible");
    });

    it("hides a verified event after one question; the service then holds it hidden and not verified", async () => {
        addDefinition("zz_test_verified", { verified: true });
        const before = requests("PATCH", "/event_definitions/").length;

        let ui = scripted(false);
        await vscode.commands.executeCommand(
            `${P}.hideEventDefinition`,
            await row("zz_test_verified"),
        );
        assert.deepEqual(ui.asked, [
            'confirm: Hide "zz_test_verified"? This also removes its verified mark.',
        ]);
        assert.equal(requests("PATCH", "/event_definitions/").length, before, "declined: no PATCH");

        ui = scripted(true);
        await vscode.commands.executeCommand(
            `${P}.hideEventDefinition`,
            await row("zz_test_verified"),
        );
        assert.equal(ui.asked.length, 1, "asked once");
        const patches = requests("PATCH", "/event_definitions/").slice(before);
        assert.deepEqual(
            patches.map((r) => JSON.parse(r.body) as unknown),
            [{ hidden: true }],
        );
        assert.equal(storedNamed("zz_test_verified")?.hidden, true);
        assert.equal(storedNamed("zz_test_verified")?.verified, false);
    });

    it("verifies a hidden event after one question, which unhides it", async () => {
        addDefinition("zz_test_hidden", { hidden: true });
        tree.setFilter({ includeHidden: true });
        const ui = scripted(true);
        await vscode.commands.executeCommand(
            `${P}.verifyEventDefinition`,
            await row("zz_test_hidden"),
        );
        assert.deepEqual(ui.asked, ['confirm: Verify "zz_test_hidden"? This also unhides it.']);
        assert.equal(storedNamed("zz_test_hidden")?.verified, true);
        assert.equal(storedNamed("zz_test_hidden")?.hidden, false);
    });

    it("says editing needs the taxonomy feature when the organisation's plan lacks it (402)", async () => {
        addDefinition("zz_test_plan");
        sandbox.state.organization.taxonomy = false;
        try {
            const ui = scripted("A description");
            await vscode.commands.executeCommand(
                `${P}.editEventDefinitionDescription`,
                await row("zz_test_plan"),
            );
            assert.deepEqual(
                ui.messages.filter((m) => m.level === "error").map((m) => m.text),
                [
                    "Editing event definitions needs the taxonomy feature (ingestion taxonomy) in your organization's PostHog plan; an organization admin can add it in Billing.",
                ],
            );
            assert.equal(storedNamed("zz_test_plan")?.description, null);
        } finally {
            sandbox.state.organization.taxonomy = true;
        }
    });

    it("deletes only after a confirmation that names the event", async () => {
        addDefinition("zz_test_delete");
        const deletes = () => requests("DELETE", "/event_definitions/").length;
        const before = deletes();

        let ui = scripted(false);
        await vscode.commands.executeCommand(
            `${P}.deleteEventDefinition`,
            await row("zz_test_delete"),
        );
        assert.match(ui.asked[0], /confirm: .*"zz_test_delete"/);
        assert.ok(storedNamed("zz_test_delete"), "kept when not confirmed");
        assert.equal(deletes(), before);

        ui = scripted(true);
        await vscode.commands.executeCommand(
            `${P}.deleteEventDefinition`,
            await row("zz_test_delete"),
        );
        assert.equal(ui.pending, 0);
        assert.equal(storedNamed("zz_test_delete"), undefined, "gone from the service");
        assert.equal(deletes(), before + 1);
        assert.ok(
            !(await rows()).some((n) => n.definition.name === "zz_test_delete"),
            "gone from the view",
        );
    });

    it("New Query for Event opens a hogql query that runs", async () => {
        addDefinition("zz_test_it's \\ quoted");
        const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
            `${P}.newQueryForEvent`,
            await row("zz_test_it's \\ quoted"),
        );
        const doc = editor.document;
        assert.equal(doc.languageId, "hogql");
        assert.ok(doc.isUntitled);
        assert.equal(vscode.window.activeTextEditor?.document, doc);
        const text = doc.getText();
        assert.match(text, /FROM events/);
        assert.ok(text.includes("WHERE event = 'zz_test_it\\'s \\\\ quoted'"), text);
        assert.match(text, /INTERVAL 30 DAY/);

        // Running from the editor comes with the query runner; the text itself must run, for an
        // odd name and for one with data.
        const client = await api.ctx.auth.session.client();
        for (const query of [text, eventQuery("$pageview")]) {
            const result = await client.runQuery({ kind: "HogQLQuery", query });
            const response = await readResponse<{ columns?: string[] }>(result);
            assert.deepEqual(response.columns, ["day", "events", "persons"]);
        }
        const pageviews = await client.runQuery({
            kind: "HogQLQuery",
            query: eventQuery("$pageview"),
        });
        assert.ok(pageviews.layout.rowStarts.length > 0);
        // An untitled document with text would ask to be saved when closed.
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    });

    it("drags a row's name as plain text", async () => {
        const node = (await rows())[0];
        const data = new vscode.DataTransfer();
        tree.handleDrag([node], data);
        assert.equal(await data.get("text/plain")?.asString(), node.definition.name);
    });

    it("reloads when the session changes project", async () => {
        const switchTo = async (project: string) => {
            scripted(
                (choices: { description?: string; value: unknown }[]) =>
                    choices.find((c) => c.description?.startsWith(`id ${project}`))?.value,
            );
            await vscode.commands.executeCommand(`${P}.switchProject`);
            await waitFor(`project ${project}`, () => {
                const state = api.ctx.auth.session.state;
                return state.signedIn && state.projectId === project;
            });
        };
        assert.ok((await rows()).length > 0);
        try {
            await switchTo("2");
            // Project 2 has no definitions in the sandbox: the rows of project 1 must be gone.
            await waitFor("project 2's (empty) list", async () => (await rows()).length === 0);
            const [only] = await tree.getChildren();
            assert.equal(only.label, "No event definitions yet");
        } finally {
            await switchTo("1");
        }
        assert.ok((await rows()).length > 0);
    });
});
