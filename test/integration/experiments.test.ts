import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExperimentBasic } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
// Types only: the extension runs its own bundle, so its classes are not the ones tests could
// import, and `instanceof` would always be false. Nodes carry a `kind` instead.
import type {
    ExperimentNode,
    ExperimentTreeNode,
    GroupNode,
    LoadMoreNode,
} from "../../src/experiments/nodes";

const isGroup = (n: unknown): n is GroupNode => (n as { kind?: string })?.kind === "group";
const isRow = (n: unknown): n is ExperimentNode => (n as { kind?: string })?.kind === "experiment";
const isMore = (n: unknown): n is LoadMoreNode => (n as { kind?: string })?.kind === "loadMore";
import type { Sandbox } from "../sandbox";
import { signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

type SandboxExperiment = {
    id: number;
    name: string;
    archived?: boolean;
    deleted?: boolean;
    [k: string]: unknown;
};

describe("experiments", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;

    const tree = () => api.ctx.views.experiments;
    const stateOf = (name: string) =>
        (sandbox.state.experiments as SandboxExperiment[]).filter((e) => e.name === name);
    const run = (command: string, ...args: unknown[]) =>
        vscode.commands.executeCommand(`posthog-workbench.${command}`, ...args);

    async function group(id: string): Promise<ExperimentTreeNode[]> {
        const groups = await tree().getChildren();
        const node = groups.find((g) => isGroup(g) && g.id === id);
        assert.ok(node, `group ${id} is shown`);
        return tree().getChildren(node);
    }

    async function row(name: string): Promise<ExperimentNode> {
        for (const id of [
            "running",
            "paused",
            "exposure_frozen",
            "draft",
            "complete",
            "archived",
        ]) {
            const groups = await tree().getChildren();
            if (!groups.some((g) => isGroup(g) && g.id === id)) continue;
            const found = (await group(id)).find((n) => isRow(n) && n.experiment.name === name);
            if (found) return found as ExperimentNode;
        }
        throw new Error(`no row for experiment "${name}"`);
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
    });

    beforeEach(() => {
        ui = new ScriptedUi();
        api.ctx.ui = ui;
        tree().refresh();
    });

    afterEach(async () => {
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
            "no unexpected error message",
        );
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("experiments.pageSize", undefined, vscode.ConfigurationTarget.Global);
        tree().setShowArchived(false);
        tree().setFilter("");
    });

    it("fills the sidebar's views through the stand-ins activation registered", async () => {
        // VS Code asks the stand-ins (src/lazyViews.ts), which hand every call to the trees.
        const { trees, views } = api.ctx;
        const groups = await trees.experiments.getChildren();
        assert.ok(
            groups.some((g) => isGroup(g) && g.id === "running"),
            "the groups are listed",
        );
        assert.deepEqual(groups, await views.experiments.getChildren(), "the tree's own nodes");
        const running = groups.find((g) => isGroup(g) && g.id === "running")!;
        assert.equal(
            (await trees.experiments.getTreeItem(running)).label,
            views.experiments.getTreeItem(running).label,
        );
        const rows = await trees.experiments.getChildren(running);
        assert.ok(rows.some(isRow), "a group's rows come through the stand-in");
        assert.equal(trees.experiments.getParent(rows[0]), running);
        const definitions = await trees.eventDefinitions.getChildren();
        assert.ok(definitions.length > 0, "the event definitions view lists definitions");
        // The trees' change events reach VS Code through the stand-ins.
        let changed = false;
        const listening = trees.eventDefinitions.onDidChangeTreeData(() => (changed = true));
        try {
            views.eventDefinitions.refresh();
            await waitFor("the stand-in's change event", () => changed);
        } finally {
            listening.dispose();
        }
    });

    it("groups experiments by state and never shows deleted ones", async () => {
        const running = await group("running");
        const draft = await group("draft");
        const complete = await group("complete");
        const names = (nodes: ExperimentTreeNode[]) =>
            nodes.filter(isRow).map((n) => n.experiment.name);
        assert.ok(names(running).includes("Checkout button color"));
        assert.ok(names(draft).includes("Signup form simplification"));
        assert.ok(names(complete).includes("New onboarding flow"));
        const all = [...names(running), ...names(draft), ...names(complete)];
        assert.ok(!all.includes("Old banner test"), "deleted experiments are hidden");
        assert.ok(
            !all.includes("Dark mode default"),
            "archived experiments wait behind the toggle",
        );
        const item = tree().getTreeItem(running.find(isRow) as ExperimentNode);
        assert.match(String(item.description), /since \d{4}-\d{2}-\d{2}/);
        assert.match((item.tooltip as vscode.MarkdownString).value, /control/);

        await run("showArchivedExperiments");
        assert.ok(names(await group("archived")).includes("Dark mode default"));
    });

    it("lists a paused experiment (running, flag off) under Paused, fetched with status=paused", async () => {
        const names = (nodes: ExperimentTreeNode[]) =>
            nodes.filter(isRow).map((n) => n.experiment.name);
        const groups = (await tree().getChildren()).filter(isGroup).map((g) => g.id);
        assert.deepEqual(groups, ["running", "paused", "exposure_frozen", "draft", "complete"]);
        const paused = await group("paused");
        assert.deepEqual(names(paused), ["Free trial length"]);
        assert.ok(!names(await group("running")).includes("Free trial length"));
        assert.ok(
            sandbox.requests.some(
                (r) => r.path.endsWith("/experiments/") && /[?&]status=paused(&|$)/.test(r.url),
            ),
            "the Paused group asks the service for status=paused",
        );
        const item = tree().getTreeItem(paused.find(isRow) as ExperimentNode);
        assert.match(String(item.description), /free-trial-length \(flag off\)/);
        assert.match(
            (item.tooltip as vscode.MarkdownString).value,
            /Paused: its feature flag is off/,
        );
        assert.equal((item.iconPath as vscode.ThemeIcon).id, "debug-pause");
    });

    it("pages through more experiments than one page holds", async () => {
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("experiments.pageSize", 2, vscode.ConfigurationTarget.Global);
        tree().refresh();
        let children = await group("running");
        assert.equal(children.filter(isRow).length, 2);
        let pages = 1;
        for (;;) {
            const more = children.find(isMore);
            if (!more) break;
            await run("loadMoreExperiments", more);
            children = await group("running");
            pages++;
        }
        const client = await api.ctx.auth.session.client();
        const expected = await client.listExperiments({ status: "running" }).all();
        assert.ok(pages >= 3, `several pages were loaded (${pages})`);
        assert.deepEqual(
            children
                .filter(isRow)
                .map((n) => n.experiment.id)
                .sort(),
            expected.map((e: ExperimentBasic) => e.id).sort(),
        );
    });

    it("filters by name through the service's search", async () => {
        ui.answer("pricing");
        await run("filterExperiments");
        const names = [...(await group("running")), ...(await group("complete"))]
            .filter(isRow)
            .map((n) => n.experiment.name);
        assert.deepEqual(names.sort(), ["Pricing page v2", "Pricing toggle default"]);
        assert.ok(sandbox.requests.some((r) => r.url.includes("search=pricing")));
    });

    it("reloads its groups, not the view's root, when the root would list the same groups", async () => {
        // A refresh of the root makes VS Code forget every group's handle, and a fetch of a
        // group's rows that the workbench sent just before is then answered with no rows, shown
        // as an expanded, empty group for good (seen on a fresh clone: sign-in while the view
        // fetched its groups). Only a change of the root's own list may refresh it.
        const changes: unknown[] = [];
        const listening = tree().onDidChangeTreeData((change) => changes.push(change));
        try {
            const groups = await tree().getChildren();
            const ids = (list: unknown) =>
                Array.isArray(list) && list.every(isGroup) ? list.map((g) => g.id) : list;
            tree().refresh();
            await run("refreshExperiments");
            tree().setFilter("pricing");
            const shown = ids(groups);
            assert.deepEqual(changes.map(ids), [shown, shown, shown]);
            assert.deepEqual(
                (await group("running")).filter(isRow).map((n) => n.experiment.name),
                ["Pricing page v2"],
                "the groups reloaded with the filter",
            );
            changes.length = 0;
            tree().setShowArchived(true);
            assert.deepEqual(changes, [undefined], "the Archived group comes with the root");
            assert.equal((await tree().getChildren()).length, groups.length + 1);
            changes.length = 0;
            // The root was dropped: until it is fetched again the next refresh is of the root.
            tree().setShowArchived(false);
            tree().refresh();
            assert.deepEqual(changes, [undefined, undefined]);
        } finally {
            listening.dispose();
        }
    });

    it("creates an experiment with a new flag key, once", async () => {
        ui.answer("Trial banner test", "$(add) New flag key...", "trial-banner-test");
        await run("newExperiment");
        assert.equal(stateOf("Trial banner test").length, 1);
        assert.equal(stateOf("Trial banner test")[0].feature_flag_key, "trial-banner-test");
        assert.match(ui.messages.at(-1)?.text ?? "", /Created draft experiment/);
        // The view reports its selection back after the reveal resolves (a round trip through
        // the workbench): wait for it.
        await waitFor("the new experiment revealed and selected", () => {
            const selected = tree().selection[0];
            return isRow(selected) && selected.experiment.name === "Trial banner test";
        });
    });

    it("selects a revealed experiment even when the view refreshes during the reveal", async () => {
        // New Experiment and Duplicate select the new row while the view may be reloading: VS
        // Code drops a fetch of children that a refresh or a newer fetch overtook, and its
        // reveal then rejects ("Cannot resolve tree item", a fresh-clone CI run at 0b7f04c).
        // Here the view refreshes exactly while VS Code resolves the row's parent.
        const drafts = (await group("draft")).filter(isRow).slice(0, 2);
        assert.equal(drafts.length, 2, "two draft experiments to alternate between");
        const provider = tree();
        const getParent = Object.getPrototypeOf(provider).getParent as typeof provider.getParent;
        for (let round = 0; round < 4; round++) {
            const target = drafts[round % 2].experiment;
            // Hidden, the view fetches nothing itself: VS Code resolves the reloaded row through
            // getParent, where the refresh comes, and reveal shows the view again.
            await vscode.commands.executeCommand("workbench.view.explorer");
            let refreshed = false;
            provider.getParent = (node) => {
                if (!refreshed && isRow(node) && node.experiment.id === target.id) {
                    refreshed = true;
                    provider.refresh();
                }
                return getParent.call(provider, node);
            };
            try {
                await provider.reveal(target);
            } finally {
                delete (provider as { getParent?: unknown }).getParent;
            }
            assert.ok(refreshed, "the view refreshed during the reveal");
            await waitFor(`round ${round}: ${target.name} selected`, () => {
                const selected = tree().selection[0];
                return isRow(selected) && selected.experiment.id === target.id;
            });
        }
    });

    it("creates an experiment on an eligible flag picked from the list", async () => {
        let offered: string[] = [];
        ui.answer("Eligible flag test", (choices) => {
            offered = choices.map((c) => c.label);
            return choices[1].value;
        });
        await run("newExperiment");
        assert.ok(offered.length > 1, "eligible flags were offered");
        const created = stateOf("Eligible flag test");
        assert.equal(created.length, 1);
        assert.equal(created[0].feature_flag_key, offered[1]);
    });

    it("edits the name through PATCH", async () => {
        ui.answer("Name", "Mobile nav redesign (v2)");
        await run("editExperiment", await row("Mobile nav redesign"));
        assert.equal(stateOf("Mobile nav redesign (v2)").length, 1);
        await waitFor(
            "row renamed",
            async () => (await row("Mobile nav redesign (v2)")) !== undefined,
        );
    });

    it("archives and unarchives", async () => {
        await run("archiveExperiment", await row("Recommendation widget"));
        assert.equal(stateOf("Recommendation widget")[0].archived, true);
        tree().setShowArchived(true);
        const archivedRow = await row("Recommendation widget");
        assert.equal(archivedRow.group.id, "archived");
        await run("unarchiveExperiment", archivedRow);
        assert.equal(stateOf("Recommendation widget")[0].archived, false);
    });

    it("deletes only after confirmation, with PATCH deleted and never DELETE", async () => {
        const target = await row("Onboarding checklist");
        ui.answer(false);
        await run("deleteExperiment", target);
        assert.equal(
            stateOf("Onboarding checklist")[0].deleted,
            false,
            "not deleted without confirmation",
        );
        ui.answer(true);
        await run("deleteExperiment", target);
        assert.equal(stateOf("Onboarding checklist")[0].deleted, true);
        assert.ok(
            !sandbox.requests.some(
                (r) => r.method === "DELETE" && r.path.includes("/experiments/"),
            ),
        );
        const draft = await group("draft");
        assert.ok(!draft.some((n) => isRow(n) && n.experiment.name === "Onboarding checklist"));
    });

    it("the API's DELETE answers 405 and the client says what to do instead", async () => {
        const client = await api.ctx.auth.session.client();
        const id = stateOf("Signup form simplification")[0].id;
        await assert.rejects(
            client.deleteExperiment(id),
            (error: { status: number; userMessage: string }) => {
                assert.equal(error.status, 405);
                assert.match(error.userMessage, /archive|soft-delete|deleted/i);
                return true;
            },
        );
        assert.equal(stateOf("Signup form simplification")[0].deleted, false);
    });

    it("duplicates once with the default name and reveals the copy", async () => {
        const before = sandbox.requests.filter((r) => r.path.endsWith("/duplicate/")).length;
        let proposed: string | undefined;
        const original = await row("Cart reminder timing");
        // Accept what the input box proposes, as a user pressing Enter would.
        api.ctx.ui.input = async (options) => (proposed = options.value);
        await run("duplicateExperiment", original);
        assert.equal(proposed, "Cart reminder timing (Copy)");
        assert.equal(stateOf("Cart reminder timing (Copy)").length, 1, "exactly one copy");
        assert.equal(
            sandbox.requests.filter((r) => r.path.endsWith("/duplicate/")).length,
            before + 1,
        );
        await waitFor("the copy revealed and selected", () => {
            const selected = tree().selection[0];
            return isRow(selected) && selected.experiment.name === "Cart reminder timing (Copy)";
        });
    });

    it("creates an exposure cohort, and shows the service's reason when it cannot", async () => {
        await run("createExposureCohort", await row("Email digest frequency"));
        assert.match(
            ui.messages.at(-1)?.text ?? "",
            /Created cohort "Users exposed to experiment \\"Email digest frequency\\""/,
        );
        await run("createExposureCohort", await row("Email digest frequency"));
        const error = ui.messages.pop();
        assert.equal(error?.level, "error");
        assert.match(error?.text ?? "", /Create Exposure Cohort failed: .*cohort/i);
    });

    it("recalculates, and Show Timeseries opens the experiment page with bands", async () => {
        const target = await row("Checkout button color");
        ui.answer((choices) => choices[0].value);
        await run("recalculateTimeseries", target);
        assert.match(
            ui.messages.at(-1)?.text ?? "",
            /Recalculation of .* is (pending|in_progress)/,
        );
        assert.equal(sandbox.state.recalculations.length > 0, true);
        ui.answer((choices) => choices[0].value);
        await run("showTimeseries", target);
        const page = api.ctx.documents.pages.get(target.experiment.id);
        assert.ok(page, "the experiment's page is open");
        // The tab takes the title a moment after the panel sets it.
        const tab = await waitFor("the page's tab", () => {
            const active = vscode.window.tabGroups.activeTabGroup.activeTab;
            return active?.label === "Experiment: Checkout button color" ? active : undefined;
        });
        assert.ok(tab.input instanceof vscode.TabInputWebview, "a webview, not a text editor");
        // The webview drew it: one band per test variant on each metric's line chart.
        const rendered = await waitFor("the page to draw", () => page.rendered, 60_000);
        const metrics = page.data?.metrics ?? [];
        const withResults = metrics.filter((m) => m.timeseries);
        assert.ok(withResults.length >= 2, "the sandbox serves results for every metric");
        assert.equal(rendered.metrics, metrics.length);
        assert.equal(rendered.charts, withResults.length * 2, "bars and lines per metric");
        assert.equal(rendered.bands, withResults.length, "one band per test variant");
        // Focused on the picked metric, its result stated as PostHog states it.
        const picked = metrics[0];
        assert.equal(page.data?.focusMetric, picked.uuid);
        const ts = picked.timeseries!;
        assert.equal(ts.statisticLabel, "Chance to win");
        assert.equal(ts.intervalLabel, "Credible interval");
        assert.deepEqual(
            ts.latest?.rows.map((r) => r.key),
            ["control", "test"],
        );
        const test = ts.latest!.rows[1];
        assert.match(test.statistic, /^(\d+\.\d%|> 99\.9%)$/);
        assert.match(test.intervalText, /^\[-?\d+\.\d\d%, -?\d+\.\d\d%\]$/);
        assert.ok(["Won", "Lost", "Not significant"].includes(test.verdict ?? ""));
        assert.equal(ts.days.length, ts.variants[0].delta.length);
        // The Markdown text carries the same result.
        assert.match(page.markdownText, /\| Variant \| Total users \| .* \| Chance to win \|/);
        assert.ok(page.markdownText.includes(`| test | ${test.samples} |`));
    });

    /** What the user was told since `from` (every level). */
    const toldSince = (from: number) => ui.messages.slice(from).map((m) => m.text);

    it("Recalculate Timeseries from the tree fetches the experiment: a list row has no metrics", async () => {
        const target = await row("Email digest frequency");
        // The tree holds the list row as PostHog serves it (ExperimentBasicSerializer).
        assert.ok(!("metrics" in target.experiment), "a list row carries no metrics");
        const told = ui.messages.length;
        const sent = sandbox.requests.length;
        ui.answer((choices) => choices[0].value);
        await run("recalculateTimeseries", target);
        assert.ok(
            !toldSince(told).some((t) => /has no metrics with a uuid yet/.test(t)),
            `not told it has no metrics: ${JSON.stringify(toldSince(told))}`,
        );
        assert.match(
            ui.messages.at(-1)?.text ?? "",
            /Recalculation of .* is (pending|in_progress)/,
        );
        const requests = sandbox.requests.slice(sent);
        const id = target.experiment.id;
        assert.ok(
            requests.some((r) => r.method === "GET" && r.path.endsWith(`/experiments/${id}/`)),
            "the experiment itself was fetched",
        );
        assert.ok(
            requests.some(
                (r) => r.method === "POST" && r.path.endsWith(`/${id}/recalculate_timeseries/`),
            ),
        );
    });

    it("Show Timeseries from the tree fetches the experiment and opens its page at the metric", async () => {
        const target = await row("Annual plan discount");
        assert.ok(!("metrics" in target.experiment), "a list row carries no metrics");
        const told = ui.messages.length;
        ui.answer((choices) => choices[1].value);
        await run("showTimeseries", target);
        assert.ok(
            !toldSince(told).some((t) => /has no metrics with a uuid yet/.test(t)),
            `not told it has no metrics: ${JSON.stringify(toldSince(told))}`,
        );
        const page = api.ctx.documents.pages.get(target.experiment.id);
        assert.ok(page, "the experiment's page is open");
        const metrics = page.data?.metrics ?? [];
        assert.ok(metrics.length >= 2);
        assert.equal(page.data?.focusMetric, metrics[1].uuid, "focused on the picked metric");
    });

    it("archive of a running experiment says it must be ended first, and sends nothing", async () => {
        const target = await row("Cart reminder timing");
        const sent = sandbox.requests.length;
        await run("archiveExperiment", target);
        const told = ui.messages.at(-1);
        assert.equal(told?.level, "warn");
        assert.match(
            told?.text ?? "",
            /"Cart reminder timing" is Running: .*only once it has ended\. End it first, then archive it\./,
        );
        assert.ok(
            !sandbox.requests.slice(sent).some((r) => r.path.includes("/archive/")),
            "no archive request for an experiment that has not ended",
        );
        assert.equal(stateOf("Cart reminder timing")[0].archived, false);
    });

    it("archive answered 400 (the row was stale) shows PostHog's reason as plain text", async () => {
        const target = await row("Pricing toggle default");
        const stored = stateOf("Pricing toggle default")[0];
        const ended = stored.end_date;
        // Resumed in PostHog since the tree loaded: the row still says Complete.
        stored.end_date = null;
        try {
            await run("archiveExperiment", target);
            const told = ui.messages.at(-1);
            assert.equal(told?.level, "warn");
            assert.equal(
                told?.text,
                'PostHog did not archive "Pricing toggle default": Experiment must be ended before it can be archived.',
            );
            assert.ok(
                sandbox.requests.some(
                    (r) => r.method === "POST" && r.path.endsWith(`/${stored.id}/archive/`),
                ),
            );
            assert.equal(stored.archived, false);
        } finally {
            stored.end_date = ended;
        }
    });

    it("shows an experiment whose exposure is frozen in its own group, as PostHog words it", async () => {
        const stored = stateOf("Annual plan discount")[0];
        const flags = sandbox.state.featureFlags as {
            key: string;
            filters: { groups?: unknown[] };
        }[];
        const flag = flags.find((f) => f.key === stored.feature_flag_key);
        assert.ok(flag, "the experiment's flag");
        const saved = flag.filters;
        // PostHog stamps every release group when it freezes exposure (EXPOSURE_FROZEN_GROUP_KEY).
        flag.filters = {
            ...saved,
            groups: (saved.groups ?? []).map((g) => ({ ...(g as object), exposure_frozen: true })),
        };
        try {
            tree().refresh();
            const groups = await tree().getChildren();
            const frozenGroup = groups.find((g) => isGroup(g) && g.id === "exposure_frozen");
            assert.ok(frozenGroup, "an Exposure frozen group");
            assert.equal(tree().getTreeItem(frozenGroup).label, "Exposure frozen");
            const names = (nodes: ExperimentTreeNode[]) =>
                nodes.filter(isRow).map((n) => n.experiment.name);
            const frozen = await group("exposure_frozen");
            assert.deepEqual(names(frozen), ["Annual plan discount"]);
            assert.ok(!names(await group("running")).includes("Annual plan discount"));
            assert.ok(
                sandbox.requests.some(
                    (r) =>
                        r.path.endsWith("/experiments/") &&
                        /[?&]status=exposure_frozen(&|$)/.test(r.url),
                ),
                "the group asks the service for status=exposure_frozen",
            );
            const item = tree().getTreeItem(frozen.find(isRow) as ExperimentNode);
            // Its menus: a frozen experiment is still running, so it can be paused or ended.
            assert.equal(
                item.contextValue,
                "experiment:exposure_frozen:live:can-pause:can-end:can-ship_variant:can-reset:",
            );
            assert.equal((item.iconPath as vscode.ThemeIcon).id, "lock");
            const tooltip = (item.tooltip as vscode.MarkdownString).value;
            assert.match(tooltip, /Status: Exposure frozen/);
            assert.match(tooltip, /enrollment is frozen to the users already exposed/);
            assert.match(String(item.accessibilityInformation?.label), /exposure frozen/);
            // The experiment's page says it too.
            const frozenRow = frozen.find(isRow) as ExperimentNode;
            await run("openExperiment", frozenRow);
            const page = api.ctx.documents.pages.get(frozenRow.experiment.id);
            assert.ok(page, "the experiment's page is open");
            const facts = Object.fromEntries(
                (page.data?.facts ?? []).map((f) => [f.label, f.value]),
            );
            assert.equal(facts.Status, "Exposure frozen");
            assert.equal(page.data?.state, "exposure_frozen");
            page.dispose();
            // Still running: archiving it is refused before anything is sent.
            await run("archiveExperiment", frozenRow);
            assert.match(ui.messages.at(-1)?.text ?? "", /is Exposure frozen: PostHog archives/);
        } finally {
            flag.filters = saved;
            tree().refresh();
        }
    });

    it("checks flag implementation", async () => {
        await run("checkFlagImplementation");
        assert.match(
            ui.messages.at(-1)?.text ?? "",
            /Flags (still need implementing|are implemented)/,
        );
    });

    it("opens details on the experiment page, keeps them as Markdown, copies the flag key", async () => {
        const target = await row("Pricing page v2");
        await run("openExperiment", target);
        const page = api.ctx.documents.pages.get(target.experiment.id);
        assert.ok(page, "the experiment's page is open");
        await waitFor("the page to draw", () => page.rendered, 60_000);
        const facts = Object.fromEntries((page.data?.facts ?? []).map((f) => [f.label, f.value]));
        assert.equal(facts.Status, "Running", "as PostHog words it");
        assert.deepEqual(
            page.data?.variants.map((v) => v.key),
            ["control", "test", "test-2"],
        );
        assert.ok(page.data?.actions.some((a) => a.id === "copyMarkdown"));
        // The Markdown is still there: Open as Markdown shows it in an editor.
        await page.act("openMarkdown");
        const text = vscode.window.activeTextEditor?.document.getText() ?? "";
        assert.match(text, /# Pricing page v2/);
        assert.match(text, /## Feature flag/);
        assert.match(text, /\| Variant \| Rollout \|/);
        assert.match(text, /## Holdout/);
        assert.match(text, /## Results/);
        await page.act("copyMarkdown");
        assert.equal(await vscode.env.clipboard.readText(), page.markdownText);
        assert.match(ui.messages.at(-1)?.text ?? "", /Copied "Pricing page v2" as Markdown/);
        await run("copyFlagKey", target);
        assert.equal(await vscode.env.clipboard.readText(), target.experiment.feature_flag_key);
    });
});
