// An experiment's life driven from the editor against the sandbox's state machine: launch, pause,
// resume (and Undo), end, ship a variant, reset, archive and unarchive; each refused one on a row
// whose state the server changed behind the tree's back; two quick clicks; a 403. Each test works
// on experiments it creates, so the seeded ones other suites read stay as they are.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { Experiment, PostHogClient } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
// Types only: the extension runs its own bundle (see experiments.test.ts).
import type { ExperimentNode, ExperimentTreeNode, GroupNode } from "../../src/experiments/nodes";
import type { Sandbox } from "../sandbox";
import { inMessage } from "../../src/shared/plainText";
import { withinMaxLength } from "../contract/limits";
import { hostileNames } from "../hostile/liveMarkup";
import { messageProblem, quotedName } from "../hostile/messages";
import { directClient, signedIn } from "./fixture";
import { addHostileExperiments } from "./hostileData";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { signInToSandbox } from "./signIn";

const isGroup = (n: unknown): n is GroupNode => (n as { kind?: string })?.kind === "group";
const isRow = (n: unknown): n is ExperimentNode => (n as { kind?: string })?.kind === "experiment";

describe("experiment lifecycle", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let direct: PostHogClient;
    let serial = 0;

    const tree = () => api.ctx.views.experiments;
    const run = (command: string, ...args: unknown[]) =>
        vscode.commands.executeCommand(`posthog-workbench.${command}`, ...args);
    const stored = (id: number) => {
        const found = sandbox.state.experiments.find((e) => e.id === id);
        assert.ok(found, `the sandbox holds experiment ${id}`);
        return found;
    };
    /** Where this test's requests start: an id may have been used by another suite's rows. */
    let firstRequest = 0;
    /** The experiments this test created, deleted after it so other suites see the seed. */
    let created: number[] = [];
    const posts = (id: number, action: string) =>
        sandbox.requests
            .slice(firstRequest)
            .filter((r) => r.method === "POST" && r.path.endsWith(`/experiments/${id}/${action}/`))
            .length;
    const listReads = () =>
        sandbox.requests.filter((r) => r.method === "GET" && /\/experiments\/?$/.test(r.path))
            .length;

    async function group(id: string): Promise<ExperimentTreeNode[]> {
        const groups = await tree().getChildren();
        const node = groups.find((g) => isGroup(g) && g.id === id);
        assert.ok(node, `group ${id} is shown`);
        return tree().getChildren(node);
    }

    /** The experiment's row in the group, or undefined when the group does not list it. */
    async function rowIn(groupId: string, id: number): Promise<ExperimentNode | undefined> {
        return (await group(groupId)).find((n) => isRow(n) && n.experiment.id === id) as
            ExperimentNode | undefined;
    }

    async function rowOf(groupId: string, id: number): Promise<ExperimentNode> {
        const row = await rowIn(groupId, id);
        assert.ok(row, `experiment ${id} is listed under ${groupId}`);
        return row;
    }

    /** Loads every group's rows (a group's first page is read once, whoever asks first). */
    async function allGroupsLoaded(): Promise<void> {
        for (const node of await tree().getChildren())
            if (isGroup(node)) await tree().getChildren(node);
    }

    /**
     * Has the tree read its groups again after the test changed experiments around the editor.
     * The view on screen reloads the groups it shows once `beforeEach`'s refresh reaches it; a
     * group it read before the change was made does not list the change (a fresh-clone run at
     * afec463: "experiment 25 is listed under draft"). Not called after a change meant to come
     * behind the tree's back.
     */
    const reload = () => tree().refresh();

    /** A new draft (flag control/test 50/50, released to all users), created around the editor. */
    async function draft(label: string): Promise<Experiment> {
        serial++;
        const e = await direct.createExperiment({
            name: `Lifecycle ${label} ${serial}`,
            feature_flag_key: `lifecycle-${label.replace(/\W+/g, "-")}-${serial}-${Date.now()}`,
        });
        created.push(e.id);
        reload();
        return e;
    }

    /** A draft launched around the editor. */
    async function running(label: string): Promise<Experiment> {
        const e = await direct.launchExperiment((await draft(label)).id);
        reload();
        return e;
    }

    /** The warning the last refusal showed. */
    const lastWarning = () => ui.messages.filter((m) => m.level === "warn").at(-1)?.text ?? "";

    before(async () => {
        ({ api, sandbox } = await signedIn());
        direct = directClient(sandbox);
    });

    beforeEach(() => {
        firstRequest = sandbox.requests.length;
        created = [];
        ui = new ScriptedUi();
        api.ctx.ui = ui;
        tree().refresh();
    });

    afterEach(async () => {
        for (const id of created) await direct.softDeleteExperiment(id);
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
            "no unexpected error message",
        );
        tree().setShowArchived(false);
    });

    it("launches a draft from its row: a modal says who gets which variant, then it is in Running without a reload", async () => {
        const e = await draft("launch");
        const row = await rowOf("draft", e.id);
        const context = String(tree().getTreeItem(row).contextValue);
        assert.match(context, /^experiment:draft:live:/);
        assert.match(context, /:can-launch:/, "the menus' when clause finds the action");
        // Every group loaded first: the view on screen loads the groups it shows after the
        // refresh, and a group still loading would count as a read.
        await allGroupsLoaded();
        const reads = listReads();
        ui.answer(true);
        await run("launchExperiment", row);

        assert.equal(ui.confirms.length, 1);
        assert.equal(ui.confirms[0].message, `Launch "${e.name}"?`);
        const detail = ui.confirms[0].detail;
        assert.match(detail, new RegExp(`flag ${e.feature_flag_key} becomes active`));
        assert.match(detail, /100% of all users/);
        assert.match(detail, /control 50%, test 50%/);
        assert.equal(posts(e.id, "launch"), 1);
        assert.ok(stored(e.id).start_date, "the sandbox launched it");

        assert.ok(await rowIn("running", e.id), "listed under Running");
        assert.equal(await rowIn("draft", e.id), undefined, "gone from Draft");
        assert.equal(listReads(), reads, "the tree moved the row without reading the lists");
        assert.match(ui.messages.at(-1)?.text ?? "", /^Launched ".*": its flag .* is active/);
    });

    it("asks nothing more and sends nothing when the launch is not confirmed", async () => {
        const e = await draft("cancel");
        ui.answer(false);
        await run("launchExperiment", await rowOf("draft", e.id));
        assert.equal(posts(e.id, "launch"), 0);
        assert.ok(await rowIn("draft", e.id));
    });

    it("pauses and resumes, and Undo after a pause resumes it", async () => {
        const e = await running("pause");
        ui.press("Undo");
        await run("pauseExperiment", await rowOf("running", e.id));
        assert.equal(posts(e.id, "pause"), 1);
        assert.match(
            ui.messages.find((m) => m.text.startsWith("Paused"))?.text ?? "",
            /its flag .* is off/,
        );
        // Undo was pressed on that notification: it resumes.
        await waitFor("Undo resumed it", () => posts(e.id, "resume") === 1);
        await waitFor("the row is back under Running", async () => rowIn("running", e.id));
        assert.equal(await rowIn("paused", e.id), undefined);

        await run("pauseExperiment", await rowOf("running", e.id));
        const paused = await rowOf("paused", e.id);
        assert.match(String(tree().getTreeItem(paused).contextValue), /:can-resume:/);
        await run("resumeExperiment", paused);
        assert.equal(posts(e.id, "resume"), 2);
        assert.ok(await rowIn("running", e.id));
    });

    it("ends with a conclusion picked from PostHog's values and a comment", async () => {
        const e = await running("end");
        ui.answer("inconclusive", "  Too few users  ");
        await run("endExperiment", await rowOf("running", e.id));
        assert.deepEqual(
            ui.picks[0].choices.map((c) => c.description),
            ["won", "lost", "inconclusive", "stopped_early", "invalid"],
        );
        const s = stored(e.id);
        assert.ok(s.end_date);
        assert.equal(s.conclusion, "inconclusive");
        assert.equal(s.conclusion_comment, "Too few users");
        assert.ok(await rowIn("complete", e.id), "listed under Complete");
        assert.match(ui.messages.at(-1)?.text ?? "", /^Ended ".*" \(Inconclusive\)/);
    });

    it("ships a variant to everyone: the modal says so, the flag serves it, the experiment ends", async () => {
        const e = await running("ship");
        ui.answer("test", true);
        await run("shipVariant", await rowOf("running", e.id));
        assert.match(ui.confirms[0].detail, /will serve test to everyone/);
        assert.match(ui.confirms[0].detail, /also ends now/);
        const body = JSON.parse(
            sandbox.requests.filter((r) => r.path.endsWith(`/${e.id}/ship_variant/`)).at(-1)
                ?.body ?? "{}",
        ) as Record<string, unknown>;
        assert.deepEqual(body, { variant_key: "test", release_to_everyone: true });
        const after = await direct.getExperiment(e.id);
        assert.ok(after.end_date, "ended");
        const variants = after.feature_flag?.filters.multivariate?.variants ?? [];
        assert.deepEqual(
            variants.map((v) => [v.key, v.rollout_percentage]),
            [
                ["control", 0],
                ["test", 100],
            ],
        );
        assert.ok(await rowIn("complete", e.id));
    });

    it("resets an ended experiment to draft after a modal that says what is lost", async () => {
        const e = await running("reset");
        await direct.endExperiment(e.id, { conclusion: "lost" });
        reload();
        ui.answer(true);
        await run("resetExperiment", await rowOf("complete", e.id));
        assert.equal(ui.confirms[0].message, `Reset "${e.name}" to draft?`);
        assert.match(ui.confirms[0].detail, /start and end dates and its conclusion are cleared/);
        assert.match(ui.confirms[0].detail, /users keep seeing their variants/);
        const s = stored(e.id);
        assert.equal(s.start_date ?? null, null);
        assert.equal(s.conclusion ?? null, null);
        assert.ok(await rowIn("draft", e.id));
    });

    it("archives an ended experiment and unarchives it with PostHog's unarchive action", async () => {
        const e = await running("archive");
        await direct.endExperiment(e.id, {});
        reload();
        const ended = await rowOf("complete", e.id);
        assert.match(String(tree().getTreeItem(ended).contextValue), /:can-archive:/);
        await run("archiveExperiment", ended);
        assert.equal(stored(e.id).archived, true);
        tree().setShowArchived(true);
        const archived = await rowOf("archived", e.id);
        assert.match(String(tree().getTreeItem(archived).contextValue), /:can-unarchive:/);
        await run("unarchiveExperiment", archived);
        assert.equal(posts(e.id, "unarchive"), 1);
        assert.equal(stored(e.id).archived, false);
        assert.ok(await rowIn("complete", e.id));
    });

    it("archive of a running experiment offers to end it first", async () => {
        const e = await running("archive-running");
        ui.press("End Experiment...").answer("stopped_early", "");
        await run("archiveExperiment", await rowOf("running", e.id));
        assert.match(lastWarning(), /only once it has ended\. End it first, then archive it\.$/);
        assert.equal(posts(e.id, "archive"), 0, "nothing archived");
        await waitFor("ended from the warning's button", () => stored(e.id).end_date);
        assert.equal(stored(e.id).conclusion, "stopped_early");
        await waitFor("listed under Complete", async () => rowIn("complete", e.id));
    });

    describe("refused: the server changed the experiment behind the tree's back", () => {
        /**
         * Runs `command` on the stale `row`: PostHog's reason is shown, one request was sent, and
         * the row stays in the group it was in.
         */
        async function refused(
            command: string,
            row: ExperimentNode,
            action: string,
            reason: string,
            verb: string,
        ): Promise<void> {
            const id = row.experiment.id;
            const before = posts(id, action);
            const groupId = row.group.id;
            await run(command, row);
            assert.equal(posts(id, action), before + 1, "one request");
            assert.equal(
                lastWarning(),
                `PostHog did not ${verb} "${row.experiment.name}": ${reason}`,
            );
            assert.ok(await rowIn(groupId, id), `still listed under ${groupId}`);
        }

        it("launch of a draft launched meanwhile", async () => {
            const e = await draft("stale-launch");
            const row = await rowOf("draft", e.id);
            await direct.launchExperiment(e.id);
            ui.answer(true);
            await refused(
                "launchExperiment",
                row,
                "launch",
                "Experiment has already been launched.",
                "launch",
            );
        });

        it("pause of an experiment paused meanwhile", async () => {
            const e = await running("stale-pause");
            const row = await rowOf("running", e.id);
            await direct.pauseExperiment(e.id);
            await refused(
                "pauseExperiment",
                row,
                "pause",
                "Experiment is already paused.",
                "pause",
            );
        });

        it("resume of an experiment resumed meanwhile", async () => {
            const e = await running("stale-resume");
            await direct.pauseExperiment(e.id);
            reload();
            const row = await rowOf("paused", e.id);
            await direct.resumeExperiment(e.id);
            await refused("resumeExperiment", row, "resume", "Experiment is not paused.", "resume");
        });

        it("end of an experiment ended meanwhile", async () => {
            const e = await running("stale-end");
            const row = await rowOf("running", e.id);
            await direct.endExperiment(e.id, {});
            ui.answer("won", "");
            await refused("endExperiment", row, "end", "Experiment has already ended.", "end");
        });

        it("ship of an experiment reset to draft meanwhile", async () => {
            const e = await running("stale-ship");
            const row = await rowOf("running", e.id);
            await direct.resetExperiment(e.id);
            ui.answer("control", true);
            await refused(
                "shipVariant",
                row,
                "ship_variant",
                "Experiment has not been launched yet.",
                "ship a variant of",
            );
        });

        it("reset of an experiment reset meanwhile", async () => {
            const e = await running("stale-reset");
            const row = await rowOf("running", e.id);
            await direct.resetExperiment(e.id);
            ui.answer(true);
            await refused(
                "resetExperiment",
                row,
                "reset",
                "Experiment is already in draft state.",
                "reset",
            );
        });

        it("unarchive of an experiment unarchived meanwhile", async () => {
            const e = await running("stale-unarchive");
            await direct.endExperiment(e.id, {});
            await direct.archiveExperiment(e.id, {});
            reload();
            tree().setShowArchived(true);
            const row = await rowOf("archived", e.id);
            await direct.unarchiveExperiment(e.id);
            await refused(
                "unarchiveExperiment",
                row,
                "unarchive",
                "Experiment is not archived.",
                "unarchive",
            );
        });
    });

    describe("a lost reply is never sent again: the experiment is read, and what PostHog did is said", () => {
        afterEach(() => sandbox.faults.clear());

        it("a launch applied before the connection dropped: one launch, reported done", async () => {
            const e = await draft("lost-done");
            const row = await rowOf("draft", e.id);
            sandbox.faults.add({
                method: "POST",
                path: `/experiments/${e.id}/launch/`,
                kind: "reset",
                afterHandling: true,
            });
            ui.answer(true);
            await run("launchExperiment", row);
            assert.equal(posts(e.id, "launch"), 1, "exactly one launch sent");
            assert.ok(stored(e.id).start_date, "the sandbox launched it");
            assert.match(
                ui.messages.at(-1)?.text ?? "",
                /^Launched .*\(The reply was lost; PostHog shows the change was made, so nothing was sent again\.\)$/,
            );
            assert.ok(await rowIn("running", e.id));
        });

        it("a launch lost before PostHog applied it: one launch, reported not done", async () => {
            const e = await draft("lost-not-done");
            const row = await rowOf("draft", e.id);
            sandbox.faults.add({
                method: "POST",
                path: `/experiments/${e.id}/launch/`,
                kind: "reset",
            });
            ui.answer(true);
            await run("launchExperiment", row);
            assert.equal(posts(e.id, "launch"), 1, "exactly one launch sent");
            assert.equal(stored(e.id).start_date ?? null, null);
            assert.match(
                lastWarning(),
                /^The reply was lost, and PostHog shows ".*" still Draft: it did not take effect\. Nothing was sent again/,
            );
            assert.ok(await rowIn("draft", e.id));
        });
    });

    it("names a hostile experiment plainly in the launch modal and its notification", async () => {
        // PostHog keeps at most the contract's maxLength of a name (the padded names are cut).
        const names = hostileNames().map((h) => withinMaxLength(h.name, "Experiment", "name"));
        const added = addHostileExperiments(sandbox, names);
        try {
            // Drafts: the copies of the running seed experiment, not started. Their flag is the
            // seed's, already active, so launching them changes nothing another suite reads.
            for (const id of added.ids) {
                const e = stored(id);
                e.start_date = null;
                e.end_date = null;
            }
            for (const [i, id] of added.ids.entries()) {
                const e = stored(id);
                const before = ui.confirms.length;
                ui.answer(true);
                await run("launchExperiment", await rowOf("draft", id));
                const { message, detail } = ui.confirms[before];
                const where = `name ${i}`;
                assert.equal(messageProblem(message), undefined, `${where}: modal question`);
                assert.equal(messageProblem(detail), undefined, `${where}: modal detail`);
                assert.equal(quotedName(message, "Launch ", "?"), inMessage(names[i]), where);
                const done = ui.messages.at(-1)?.text ?? "";
                assert.equal(messageProblem(done), undefined, `${where}: notification`);
                assert.equal(
                    quotedName(
                        done,
                        "Launched ",
                        `: its flag ${e.feature_flag_key} is active and users get the variants.`,
                    ),
                    inMessage(names[i]),
                    where,
                );
            }
        } finally {
            added.remove();
        }
    });

    it("two quick clicks on Pause send one request", async () => {
        const e = await running("double");
        const row = await rowOf("running", e.id);
        await Promise.all([run("pauseExperiment", row), run("pauseExperiment", row)]);
        assert.equal(posts(e.id, "pause"), 1);
        assert.ok(
            ui.messages.some((m) => /is already being changed/.test(m.text)),
            "the second click says the first is on its way",
        );
        assert.ok(await rowIn("paused", e.id));
    });

    it("from the palette, offers only the experiments in a state it can act on", async () => {
        const e = await draft("palette");
        let offered: string[] = [];
        ui.answer((choices) => {
            offered = choices.map((c) => (c.value as Experiment).status ?? "");
            return choices.find((c) => (c.value as Experiment).id === e.id)?.value;
        }, true);
        await run("launchExperiment");
        assert.ok(offered.length > 0);
        assert.deepEqual([...new Set(offered)], ["draft"], "only drafts are offered to launch");
        assert.equal(posts(e.id, "launch"), 1);
    });

    it("updates an open experiment page, whose buttons follow the state", async () => {
        const e = await draft("page");
        const page = (await api.ctx.documents.showDetails(e.id)) as {
            data?: { state: string; actions: { id: string }[] };
            act(action: string): Promise<void>;
            panel: vscode.WebviewPanel;
        };
        try {
            assert.ok(page.data?.actions.some((a) => a.id === "launch"));
            assert.ok(!page.data?.actions.some((a) => a.id === "pause"));
            ui.answer(true);
            await page.act("launch");
            await waitFor("the page shows it running", () => page.data?.state === "running");
            const ids = page.data?.actions.map((a) => a.id) ?? [];
            assert.ok(ids.includes("pause") && ids.includes("end") && !ids.includes("launch"));
            assert.ok(await rowIn("running", e.id));
        } finally {
            page.panel.dispose();
        }
    });

    it("names the missing scope when a read-only key tries to pause", async () => {
        const e = await running("scope");
        await signInToSandbox(api, sandbox, { key: sandbox.keys.readOnly });
        try {
            await waitFor(
                "signed in with the read-only key",
                () => api.ctx.auth.session.state.signedIn,
            );
            ui = new ScriptedUi();
            api.ctx.ui = ui;
            tree().refresh();
            await run("pauseExperiment", await rowOf("running", e.id));
            const error = ui.messages.find((m) => m.level === "error");
            assert.match(error?.text ?? "", /experiment:write/);
            ui.messages.length = 0;
            assert.equal(stored(e.id).end_date ?? null, null);
            assert.ok(await rowIn("running", e.id), "the tree is unchanged");
        } finally {
            await signInToSandbox(api, sandbox);
            await waitFor("signed in with the full key again", () => {
                const state = api.ctx.auth.session.state;
                return state.signedIn;
            });
            ui = new ScriptedUi();
            api.ctx.ui = ui;
        }
    });
});
