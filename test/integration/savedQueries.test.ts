import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { QueryNode } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
import type { QueryResult } from "../../src/resultsPanel";
import type { UpgradeReport } from "../../src/savedQueries/upgrade";
import type { Sandbox } from "../sandbox";
import { upgradeQuery as sandboxUpgrade } from "../sandbox/upgrade";
import {
    endScriptedTest,
    responseOf,
    restoreResults,
    signedIn,
    startScriptedTest,
} from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

const P = "posthog-workbench";

describe("saved queries", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: QueryResult[][];
    const root = () => vscode.workspace.workspaceFolders![0].uri;
    const file = (name: string) => vscode.Uri.joinPath(root(), "queries", name);
    const read = async (name: string) =>
        new TextDecoder().decode(await vscode.workspace.fs.readFile(file(name)));
    const write = (name: string, text: string) =>
        vscode.workspace.fs.writeFile(file(name), new TextEncoder().encode(text));

    async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
        return waitFor("code lenses", async () => {
            const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                "vscode.executeCodeLensProvider",
                uri,
            );
            return lenses.length > 0 && lenses;
        });
    }

    const commandsOf = (lenses: vscode.CodeLens[]) => lenses.map((l) => l.command?.command);

    async function upgradeAt(uri: vscode.Uri): Promise<UpgradeReport | undefined> {
        const lens = (await lensesOf(uri)).find((l) => l.command?.command === `${P}.upgradeQuery`);
        assert.ok(lens?.command, "an Upgrade lens");
        return vscode.commands.executeCommand<UpgradeReport | undefined>(
            lens.command.command,
            ...(lens.command.arguments ?? []),
        );
    }

    /**
     * What PostHog's migrations give, by the sandbox's own port (test/sandbox/upgrade.ts, written
     * apart from src's). No personal API key may call the service's upgrade endpoint (the
     * contract gives it no PersonalAPIKeyAuth), so the extension upgrades locally and must give
     * the same answer.
     */
    async function upgradedBySandbox(node: unknown): Promise<QueryNode> {
        return Promise.resolve(
            sandboxUpgrade(JSON.parse(JSON.stringify(node)) as never) as unknown as QueryNode,
        );
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
    });

    beforeEach(() => ({ ui, shown } = startScriptedTest(api, sandbox)));

    afterEach(() => endScriptedTest(ui));

    after(() => {
        restoreResults(api);
    });

    it("puts Run, Copy as cURL and Open in PostHog above each .hogql statement", async () => {
        const lenses = await lensesOf(file("pageviews.hogql"));
        const commands = commandsOf(lenses);
        assert.equal(commands.filter((c) => c === `${P}.runStatement`).length, 2);
        assert.equal(commands.filter((c) => c === `${P}.copyQueryAsCurl`).length, 2);
        assert.equal(commands.filter((c) => c === `${P}.openQueryInPostHog`).length, 2);
        assert.ok(commands.includes(`${P}.runFile`));
    });

    it("puts Run, Upgrade, Copy as cURL and Open in PostHog above each JSON saved query", async () => {
        const trends = await lensesOf(file("trends.query.json"));
        assert.deepEqual(commandsOf(trends), [
            `${P}.runSavedQuery`,
            `${P}.upgradeQuery`,
            `${P}.copyQueryAsCurl`,
            `${P}.openQueryInPostHog`,
        ]);
        assert.ok(trends.every((l) => l.range.start.line === 0));

        // An array: one set per node, each above its node's first line.
        const array = await lensesOf(file("dashboard.queries.json"));
        const runs = array.filter((l) => l.command?.command === `${P}.runSavedQuery`);
        assert.deepEqual(
            runs.map((l) => [l.command?.title, l.range.start.line]),
            [
                ["$(play) Run EventsQuery", 1],
                ["$(play) Run LifecycleQuery", 7],
            ],
        );

        // An insight export: above its `query` property.
        const exported = await lensesOf(file("weekly-signups.insight.json"));
        assert.equal(exported[0].range.start.line, 4);
        assert.equal(exported.filter((l) => l.command?.command === `${P}.upgradeQuery`).length, 1);

        // The setting turns them off, and they come back when it is reset.
        const section = vscode.workspace.getConfiguration(P);
        await section.update("codeLens.enabled", false, vscode.ConfigurationTarget.Global);
        try {
            await waitFor("no lenses", async () => {
                const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                    "vscode.executeCodeLensProvider",
                    file("trends.query.json"),
                );
                return lenses.length === 0;
            });
        } finally {
            await section.update("codeLens.enabled", undefined, vscode.ConfigurationTarget.Global);
        }
        assert.equal((await lensesOf(file("trends.query.json"))).length, 4);
    });

    it("turns the lenses off for one language only (the setting is language-overridable)", async () => {
        assert.equal((await lensesOf(file("trends.query.json"))).length, 4);
        const section = vscode.workspace.getConfiguration(P, { languageId: "json" });
        await section.update(
            "codeLens.enabled",
            false,
            vscode.ConfigurationTarget.Global,
            true, // the "[json]" override
        );
        try {
            await waitFor("no lenses in JSON", async () => {
                const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                    "vscode.executeCodeLensProvider",
                    file("trends.query.json"),
                );
                return lenses.length === 0;
            });
            const hogql = await lensesOf(file("pageviews.hogql"));
            assert.ok(
                hogql.some((l) => l.command?.command === `${P}.runStatement`),
                "HogQL files keep their Run lenses",
            );
        } finally {
            await section.update(
                "codeLens.enabled",
                undefined,
                vscode.ConfigurationTarget.Global,
                true,
            );
        }
        assert.equal((await lensesOf(file("trends.query.json"))).length, 4);
    });

    it("upgrades an old node exactly as PostHog's migrations do, in the file's indentation, as one undoable edit", async () => {
        const old = {
            kind: "RetentionQuery",
            retentionFilter: { period: "Day", showMean: true, totalIntervals: 7 },
            dateRange: { date_from: "-14d" },
        };
        const original = `${JSON.stringify(old, null, 4)}\n`;
        await write("four-spaces.query.json", original);
        ui.answer("Apply upgrade");
        const report = await upgradeAt(file("four-spaces.query.json"));
        assert.deepEqual(ui.asked, ["pick: Upgrade RetentionQuery?"]);
        assert.deepEqual(report?.files[0].changes, [
            { before: "RetentionQuery", after: "RetentionQuery v2" },
        ]);

        const document = await vscode.workspace.openTextDocument(file("four-spaces.query.json"));
        const expected = await upgradedBySandbox(old);
        assert.equal(
            (expected.retentionFilter as Record<string, unknown>).meanRetentionCalculation,
            "simple",
        );
        assert.deepEqual(JSON.parse(document.getText()), expected);
        // Same indentation and layout as the file had: exactly what a 4-space writer produces.
        assert.equal(document.getText(), `${JSON.stringify(expected, null, 4)}\n`);

        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand("undo");
        assert.equal(document.getText(), original);
        await document.save();
    });

    it("shows a saved pie chart with showPieTotal as needing an upgrade and moves it into pie.showTotal", async () => {
        // The case of posthog/schema_migrations/test/test_0003_data_visualization_pie_show_total.py
        // @551db567 that users hit: PostHog's ChartSettings no longer takes `showPieTotal`.
        const chart = {
            kind: "DataVisualizationNode",
            source: { kind: "HogQLQuery", query: "select 1" },
            chartSettings: { showPieTotal: false },
        };
        await write("pie.query.json", `${JSON.stringify(chart, null, 2)}\n`);
        try {
            ui.answer("Apply upgrade");
            const report = await upgradeAt(file("pie.query.json"));
            assert.deepEqual(ui.asked, ["pick: Upgrade DataVisualizationNode › HogQLQuery?"]);
            assert.deepEqual(report?.files[0].changes, [
                {
                    before: "DataVisualizationNode › HogQLQuery",
                    after: "DataVisualizationNode v2 › HogQLQuery",
                },
            ]);
            const document = await vscode.workspace.openTextDocument(file("pie.query.json"));
            const expected = await upgradedBySandbox(chart);
            assert.deepEqual(expected.chartSettings, { pie: { showTotal: false } });
            assert.deepEqual(JSON.parse(document.getText()), expected);
            await document.save();
        } finally {
            // Upgrade All counts the workspace's saved query files.
            await vscode.workspace.fs.delete(file("pie.query.json"));
        }
    });

    it("leaves a node that is already current unchanged and says so", async () => {
        const before = await read("browsers.query.json");
        const report = await upgradeAt(file("browsers.query.json"));
        assert.equal(report?.unchanged, 1);
        assert.ok(
            ui.messages.some((m) => /HogQLQuery is already at its latest version/.test(m.text)),
        );
        assert.deepEqual(ui.asked, [], "no diff to confirm");
        const document = await vscode.workspace.openTextDocument(file("browsers.query.json"));
        assert.equal(document.getText(), before);
        assert.equal(document.isDirty, false);
    });

    it("does not apply an upgrade the user cancels", async () => {
        const before = await read("retention.query.json");
        ui.answer("Cancel");
        const report = await upgradeAt(file("retention.query.json"));
        assert.equal(report?.files[0].applied, false);
        const document = await vscode.workspace.openTextDocument(file("retention.query.json"));
        assert.equal(document.getText(), before);
    });

    it("copies a cURL command that never contains the key", async () => {
        const texts: string[] = [];
        for (const name of ["trends.query.json", "pageviews.hogql"]) {
            const lens = (await lensesOf(file(name))).find(
                (l) => l.command?.command === `${P}.copyQueryAsCurl`,
            );
            const text = await vscode.commands.executeCommand<string>(
                lens!.command!.command,
                ...(lens!.command!.arguments ?? []),
            );
            texts.push(text);
            let clipboard: string | undefined;
            try {
                clipboard = await vscode.env.clipboard.readText();
            } catch {
                clipboard = undefined; // headless code-server may have no clipboard
            }
            if (clipboard) texts.push(clipboard);
        }
        for (const text of texts) {
            for (const key of Object.values(sandbox.keys)) assert.ok(!text.includes(key));
            assert.ok(!/phx_/.test(text));
            assert.ok(text.includes(`-H 'Authorization: Bearer '"$POSTHOG_API_KEY"`));
            assert.ok(text.includes(`${sandbox.url}/api/projects/${sandbox.projectId}/query/`));
        }
        assert.match(texts[0], /"kind":"TrendsQuery"/);
        assert.match(texts.at(-1) ?? "", /HogQLQuery/);
    });

    it("runs a TrendsQuery and shows its series as lines over the days with a summary", async () => {
        const lens = (await lensesOf(file("trends.query.json"))).find(
            (l) => l.command?.command === `${P}.runSavedQuery`,
        );
        await vscode.commands.executeCommand(
            lens!.command!.command,
            ...(lens!.command!.arguments ?? []),
        );
        assert.equal(shown.length, 1);
        const [byDay, summary] = shown[0];
        const table = responseOf(byDay);
        assert.deepEqual(table.columns, ["day", "Page views", "Daily visitors"]);
        assert.equal(table.results?.length, 8);
        assert.match(String(table.results?.[0][0]), /^\d{4}-\d{2}-\d{2}$/);
        assert.ok(table.results?.every((row) => typeof row[1] === "number"));
        assert.deepEqual(byDay.meta.columns, table.columns);
        assert.deepEqual(responseOf(summary).columns, ["series", "total", "min", "max", "trend"]);
        // The trend is HogQL's sparkline tuple (drawn in the cell), eight days of numbers.
        const trend = responseOf(summary).results?.[0][4] as unknown[];
        assert.deepEqual(trend.slice(0, 3), ["__hx_tag", "Sparkline", "data"]);
        assert.equal((trend[3] as number[]).length, 8);
        // The days open as lines, one per series.
        assert.deepEqual((responseOf(byDay) as { chart?: unknown }).chart, {
            view: "chart",
            spec: { type: "line", x: 0, ys: [1, 2], split: -1, log: false },
        });
        assert.match(byDay.title, /trends\.query\.json · TrendsQuery/);
    });

    it("Upgrade All writes nothing when PostHog's migration fails on a node (scoped key: local)", async () => {
        const names = ["retention.query.json", "trends.query.json", "dashboard.queries.json"];
        const before = await Promise.all(names.map(read));
        // PostHog's 0002 migration iterates hiddenLegendIndexes; a number makes it raise (a 500
        // from the service), and the local port fails the same way.
        await write(
            "broken.query.json",
            JSON.stringify({
                kind: "TrendsQuery",
                series: [],
                trendsFilter: { hiddenLegendIndexes: 5 },
            }),
        );
        try {
            const report = await vscode.commands.executeCommand<UpgradeReport>(
                `${P}.upgradeAllSavedQueries`,
            );
            assert.equal(report.path, "local-refused");
            assert.deepEqual(
                report.failures.map((f) => f.uri.split("/").pop()),
                ["broken.query.json"],
            );
            assert.match(report.failures[0].message, /hiddenLegendIndexes/);
            assert.match(report.summary, /nothing was written/);
            assert.ok(
                ui.messages.some((m) => m.level === "error" && /nothing was written/.test(m.text)),
            );
            assert.deepEqual(await Promise.all(names.map(read)), before);
        } finally {
            await vscode.workspace.fs.delete(file("broken.query.json"));
        }
    });

    it("Upgrade All summarises what changes and applies every file after one confirmation", async () => {
        const names = [
            "dashboard.queries.json",
            "retention.query.json",
            "trends.query.json",
            "weekly-signups.insight.json",
            "four-spaces.query.json",
        ];
        const before = Object.fromEntries(
            await Promise.all(names.map(async (n) => [n, await read(n)])),
        );
        const hogql = await read("browsers.query.json");
        const upgradeRequests = () =>
            sandbox.requests.filter((r) => r.path.endsWith("/query/upgrade/")).length;
        const asked = upgradeRequests();
        ui.answer("all", true);
        const report = await vscode.commands.executeCommand<UpgradeReport>(
            `${P}.upgradeAllSavedQueries`,
        );
        assert.deepEqual(report.failures, []);
        // PostHog refuses its upgrade endpoint to every personal API key: the client knows it from
        // the contract and does not ask; PostHog's migrations run locally.
        assert.equal(report.path, "local-refused");
        assert.equal(upgradeRequests(), asked, "the upgrade endpoint was not asked");
        const changed = Object.fromEntries(
            report.files.map((f) => [
                f.uri.split("/").pop(),
                f.changes.map((c) => `${c.before} → ${c.after}`),
            ]),
        );
        assert.deepEqual(changed, {
            "dashboard.queries.json": ["LifecycleQuery → LifecycleQuery v2"],
            "four-spaces.query.json": ["RetentionQuery → RetentionQuery v2"],
            "retention.query.json": ["RetentionQuery → RetentionQuery v2"],
            "trends.query.json": ["TrendsQuery → TrendsQuery v5"],
            "weekly-signups.insight.json": [
                "InsightVizNode › StickinessQuery v3 → InsightVizNode › StickinessQuery v5",
            ],
        });
        assert.ok(report.files.every((f) => f.applied));
        assert.match(report.summary, /Upgraded 5 of 5 saved query files/);
        assert.ok(
            ui.asked[0].startsWith("pick: Upgrade All: 5 of 6 saved query files would change"),
        );
        assert.ok(ui.asked[1].startsWith("confirm: Apply upgrades to 5 saved query files?"));

        // On disk, each file is what PostHog's migrations give, in the file's indentation.
        for (const name of names) {
            const text = await read(name);
            const original = JSON.parse(before[name]) as unknown;
            const expected = Array.isArray(original)
                ? await Promise.all(original.map(upgradedBySandbox))
                : "query" in (original as object) && !("kind" in (original as object))
                  ? {
                        ...(original as object),
                        query: await upgradedBySandbox((original as { query: unknown }).query),
                    }
                  : await upgradedBySandbox(original);
            assert.deepEqual(JSON.parse(text), expected, name);
            const indent = name === "four-spaces.query.json" ? 4 : 2;
            for (const line of text.split("\n"))
                assert.equal((/^ */.exec(line)?.[0].length ?? 0) % indent, 0, `${name}: ${line}`);
        }
        assert.equal(await read("browsers.query.json"), hogql);
    });
});
