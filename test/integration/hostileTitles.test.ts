// The tabs of the experiment page and the results panel with hostile names
// (test/fixtures/hostile-names.json): a webview panel's title is one line of plain text, without
// line breaks or the controls that would reorder or hide it.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { oneLine } from "../../src/shared/plainText";
import { resultFromText, resultsViewType } from "../../src/resultsPanel";
import { ResultsPanel, webviewOptions } from "../../src/resultsPanel/panel";
import type { Sandbox } from "../sandbox";
import { withinMaxLength } from "../contract/limits";
import { hostileNames } from "../hostile/liveMarkup";
import { signedIn } from "./fixture";
import { addHostileExperiments } from "./hostileData";

/** Line breaks, bidi controls, zero-width characters and other controls. */
const UNSEEN =
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

describe("webview panel titles with hostile names", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    const names = hostileNames();

    before(async () => {
        ({ api, sandbox } = await signedIn());
    });

    it("the experiment page's tab shows the experiment's name as one plain line", async () => {
        const added = addHostileExperiments(sandbox, ["placeholder"]);
        const experiment = sandbox.state.experiments.find((e) => e.id === added.ids[0])!;
        const page = await api.ctx.documents.showDetails(experiment.id);
        try {
            for (const { name: given, why } of names) {
                // PostHog holds no longer name than the contract's maxLength.
                const name = withinMaxLength(given, "Experiment", "name");
                experiment.name = name;
                await page.load(null);
                const title = page.panel.title;
                assert.equal(title, `Experiment: ${oneLine(name)}`, why);
                assert.doesNotMatch(title, UNSEEN, why);
            }
        } finally {
            page.dispose();
            added.remove();
        }
    });

    it("the results panel's tab shows a result's title as one plain line", async () => {
        const panel = new ResultsPanel(
            vscode.window.createWebviewPanel(
                resultsViewType,
                "Results",
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                webviewOptions(api.ctx.extensionUri),
            ),
            {
                extensionUri: api.ctx.extensionUri,
                log: api.ctx.log,
                prompts: api.ctx,
                neutraliseFormulas: () => api.ctx.config.neutraliseFormulas,
            },
        );
        try {
            for (const { name, why } of names) {
                const set = await resultFromText('{"columns":["n"],"results":[[1]]}', {
                    title: name,
                    queryText: "SELECT 1 AS n",
                    durationMs: 1,
                });
                panel.show([set], null);
                assert.equal(panel.panel.title, `Results: ${oneLine(name)}`, why);
                assert.doesNotMatch(panel.panel.title, UNSEEN, why);
            }
        } finally {
            panel.dispose();
        }
    });
});
