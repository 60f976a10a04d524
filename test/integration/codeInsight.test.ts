// PostHog calls in application code, in the real editor against the sandbox: for each language
// family, the hover on an event and on an experiment's flag, completion inside the strings, each
// diagnostic and the "did you mean" quick fix. The fixture files are test/fixtures/workspace/code/.
// Kotlin has no language in a bare VS Code (it needs a Kotlin extension), so Java stands for the
// JVM family here; the finder's corpus tests cover Kotlin's call shapes.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { readResponse } from "../../src/api";
import { perDayText } from "../../src/codeInsight/hoverText";
import { readVolumes, volumesQuery } from "../../src/codeInsight/volumes";
import type { ExtensionApi } from "../../src/extension";
import type { Sandbox } from "../sandbox";
import { directClient, signedIn } from "./fixture";
import { activateExtension, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

const FAMILIES: { family: string; file: string }[] = [
    { family: "JavaScript", file: "app.js" },
    { family: "TypeScript (TSX)", file: "App.tsx" },
    { family: "Python", file: "app.py" },
    { family: "Go", file: "app.go" },
    { family: "Ruby", file: "app.rb" },
    { family: "PHP", file: "app.php" },
    { family: "Swift", file: "App.swift" },
    { family: "Java (JVM)", file: "App.java" },
    { family: "Dart", file: "app.dart" },
    // Opened as plain text (a bare VS Code has no Vue language): read by the `**/*.vue` pattern.
    { family: "Vue", file: "App.vue" },
];

function fixture(file: string): vscode.Uri {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, "the integration workspace is open");
    return vscode.Uri.joinPath(folder.uri, "code", file);
}

/** The position just inside the quotes of the `nth` string holding `text` exactly. */
function inside(document: vscode.TextDocument, text: string, nth = 0): vscode.Position {
    const source = document.getText();
    let at = -1;
    for (let i = 0; i <= nth; i++) {
        at = source.indexOf(`${text}"`, at + 1);
        const single = source.indexOf(`${text}'`, at < 0 ? 0 : at);
        if (at < 0 || (single >= 0 && single < at)) at = single;
    }
    assert.ok(at >= 0, `${text} in ${document.uri.path}`);
    return document.positionAt(at + 1);
}

async function hoverText(
    document: vscode.TextDocument,
    position: vscode.Position,
): Promise<string> {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        "vscode.executeHoverProvider",
        document.uri,
        position,
    );
    return hovers
        .flatMap((h) => h.contents)
        .map((c) => (typeof c === "string" ? c : c.value))
        .join("\n");
}

async function completionLabels(
    document: vscode.TextDocument,
    position: vscode.Position,
): Promise<string[]> {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        "vscode.executeCompletionItemProvider",
        document.uri,
        position,
    );
    return list.items.map((item) =>
        typeof item.label === "string" ? item.label : item.label.label,
    );
}

function posthogDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
    return vscode.languages.getDiagnostics(uri).filter((d) => d.source === "PostHog");
}

describe("code insight: PostHog calls in application code", function () {
    this.timeout(120_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;

    before(async () => {
        // Activation alone registers nothing and starts no worker: no supported file is open.
        const early = await activateExtension();
        if (!vscode.workspace.textDocuments.some((d) => d.languageId === "javascript")) {
            assert.equal(early.ctx.codeInsight.started, false, "providers before any source file");
            assert.equal(
                early.ctx.codeInsight.finderStarted,
                false,
                "worker before any source file",
            );
        }
        ({ api, sandbox } = await signedIn());
        api.ctx.ui = new ScriptedUi();
    });

    afterEach(async () => {
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    });

    for (const { family, file } of FAMILIES) {
        describe(family, () => {
            let document: vscode.TextDocument;

            beforeEach(async () => {
                document = await vscode.workspace.openTextDocument(fixture(file));
                await vscode.window.showTextDocument(document);
            });

            it("hovers on an event with its definition, volume and actions", async () => {
                const text = await waitFor(
                    "the event hover with its volume",
                    async () => {
                        const hover = await hoverText(document, inside(document, "signed_up"));
                        return hover.includes("Last 30 days") ? hover : undefined;
                    },
                    30_000,
                );
                assert.match(text, /PostHog event/);
                assert.match(text, /A user finished the signup form\\?\./);
                assert.match(text, /Verified/);
                assert.match(text, /command:posthog-workbench\.queryEventFromCode\?/);
                assert.match(text, /command:posthog-workbench\.revealEventDefinition\?/);
                assert.match(text, /command:posthog-workbench\.openEventInPostHog\?/);
                assert.ok(api.ctx.codeInsight.finderStarted, "the worker runs once a file is read");
            });

            it("hovers on an experiment's flag with its status, variants and primary result", async () => {
                const text = await waitFor(
                    "the flag hover",
                    async () => {
                        const hover = await hoverText(
                            document,
                            inside(document, "checkout-button-color"),
                        );
                        return hover.includes("PostHog experiment") ? hover : undefined;
                    },
                    30_000,
                );
                assert.match(text, /Checkout button color/);
                assert.match(text, /`control`/);
                assert.match(text, /Primary metric/);
                assert.match(text, /command:posthog-workbench\.openExperimentFromCode\?/);
            });

            it("completes event names in a capture and flag keys in a flag call", async () => {
                const events = await waitFor("event names", async () => {
                    const labels = await completionLabels(document, inside(document, "signed_up"));
                    return labels.includes("signed_up") ? labels : undefined;
                });
                assert.ok(events.includes("$pageview"), "the most received events");
                assert.ok(!events.includes("checkout-button-color"), "no flag keys for an event");
                const flags = await waitFor("flag keys", async () => {
                    const labels = await completionLabels(
                        document,
                        inside(document, "checkout-button-color"),
                    );
                    return labels.includes("checkout-button-color") ? labels : undefined;
                });
                assert.ok(flags.includes("new-onboarding-flow"));
                assert.ok(!flags.includes("signed_up"), "no event names for a flag");
            });

            it("warns of a never-received event, notes a hidden event and an ended experiment, and fixes the typo", async () => {
                const diagnostics = await waitFor(
                    "three PostHog diagnostics",
                    () => {
                        const found = posthogDiagnostics(document.uri);
                        return found.length === 3 ? found : undefined;
                    },
                    30_000,
                );
                const byCode = new Map(diagnostics.map((d) => [String(d.code), d]));
                const unknown = byCode.get("unknown-event");
                assert.ok(unknown, "unknown event");
                assert.equal(unknown.severity, vscode.DiagnosticSeverity.Warning);
                assert.equal(document.getText(unknown.range), "signed_upp");
                assert.match(unknown.message, /Did you mean "signed_up"\?/);
                const hidden = byCode.get("hidden-event");
                assert.ok(hidden, "hidden event");
                assert.equal(hidden.severity, vscode.DiagnosticSeverity.Information);
                assert.equal(document.getText(hidden.range), "legacy_button_clicked");
                const ended = byCode.get("ended-experiment");
                assert.ok(ended, "ended experiment");
                assert.equal(document.getText(ended.range), "new-onboarding-flow");
                assert.match(ended.message, /New onboarding flow/);

                const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
                    "vscode.executeCodeActionProvider",
                    document.uri,
                    unknown.range,
                    vscode.CodeActionKind.QuickFix.value,
                );
                const fix = actions.find((a) => a.title === "Change to signed_up");
                assert.ok(
                    fix?.edit,
                    `the quick fix among ${actions.map((a) => a.title).join(", ")}`,
                );
                assert.ok(await vscode.workspace.applyEdit(fix.edit));
                await waitFor("the typo's warning gone", () =>
                    posthogDiagnostics(document.uri).every((d) => d.code !== "unknown-event"),
                );
                assert.equal(document.getText().includes("signed_upp"), false);
            });
        });
    }

    it("hovers on a call in a Vue file's template, with the file's own positions", async () => {
        const document = await vscode.workspace.openTextDocument(fixture("App.vue"));
        await vscode.window.showTextDocument(document);
        const source = document.getText();
        const at = source.indexOf("capture('signed_up')") + "capture('".length;
        assert.ok(at > 0 && at < source.indexOf("<script"), "the call is in the template");
        const text = await waitFor(
            "the event hover in the template",
            async () => {
                const hover = await hoverText(document, document.positionAt(at));
                return hover.includes("Last 30 days") ? hover : undefined;
            },
            30_000,
        );
        assert.match(text, /A user finished the signup form\\?\./);
    });

    it("turns each diagnostic off by its setting", async () => {
        const document = await vscode.workspace.openTextDocument(fixture("app.js"));
        await vscode.window.showTextDocument(document);
        await waitFor(
            "three diagnostics",
            () => posthogDiagnostics(document.uri).length === 3,
            30_000,
        );
        const config = vscode.workspace.getConfiguration("posthog-workbench");
        try {
            await config.update(
                "codeInsight.diagnostics.unknownEvents",
                false,
                vscode.ConfigurationTarget.Global,
            );
            await config.update(
                "codeInsight.diagnostics.hiddenEvents",
                false,
                vscode.ConfigurationTarget.Global,
            );
            const left = await waitFor("one diagnostic left", () => {
                const found = posthogDiagnostics(document.uri);
                return found.length === 1 ? found : undefined;
            });
            assert.equal(left[0].code, "ended-experiment");
        } finally {
            await config.update(
                "codeInsight.diagnostics.unknownEvents",
                undefined,
                vscode.ConfigurationTarget.Global,
            );
            await config.update(
                "codeInsight.diagnostics.hiddenEvents",
                undefined,
                vscode.ConfigurationTarget.Global,
            );
        }
    });

    it("offline, keeps serving what it had and says the diagnostics may be stale", async () => {
        const ui = new ScriptedUi();
        api.ctx.ui = ui;
        const document = await vscode.workspace.openTextDocument(fixture("app.rb"));
        await vscode.window.showTextDocument(document);
        const position = inside(document, "signed_up");
        await waitFor(
            "the hover's volume",
            async () => (await hoverText(document, position)).includes("Last 30 days"),
            30_000,
        );
        await waitFor(
            "three diagnostics",
            () => posthogDiagnostics(document.uri).length === 3,
            30_000,
        );
        sandbox.faults.add({ kind: "503", times: Infinity });
        try {
            await vscode.commands.executeCommand("posthog-workbench.refreshCodeInsight");
            assert.match(ui.messages.at(-1)?.text ?? "", /PostHog could not be reached/);
            const hover = await hoverText(document, position);
            assert.match(hover, /Last 30 days/, "the volume fetched before");
            assert.match(hover, /PostHog could not be reached: this may be out of date/);
            await waitFor("stale diagnostics", () => {
                const found = posthogDiagnostics(document.uri);
                return (
                    found.length === 3 &&
                    found.every((d) => d.message.includes("this may be out of date"))
                );
            });
        } finally {
            sandbox.faults.clear();
        }
        await vscode.commands.executeCommand("posthog-workbench.refreshCodeInsight");
        await waitFor("fresh diagnostics", () =>
            posthogDiagnostics(document.uri).every((d) => !d.message.includes("out of date")),
        );
    });

    it("completes in an empty string, as typed with auto-closed quotes, and says nothing of it", async () => {
        const document = await vscode.workspace.openTextDocument({
            language: "typescript",
            content: 'posthog.capture("");\nposthog.getFeatureFlag("");\n',
        });
        await vscode.window.showTextDocument(document);
        const events = await waitFor("event names in an empty string", async () => {
            const labels = await completionLabels(document, new vscode.Position(0, 17));
            return labels.includes("signed_up") ? labels : undefined;
        });
        assert.ok(events.includes("$pageview"));
        const flags = await waitFor("flag keys in an empty string", async () => {
            const labels = await completionLabels(document, new vscode.Position(1, 24));
            return labels.includes("checkout-button-color") ? labels : undefined;
        });
        assert.ok(!flags.includes("signed_up"));
        assert.equal(
            (await hoverText(document, new vscode.Position(0, 17))).includes("PostHog event"),
            false,
        );
        assert.deepEqual(posthogDiagnostics(document.uri), []);
    });

    it("reads nothing of a file past the finder's size limit, and says nothing about it", async () => {
        const filler = `// ${"x".repeat(1_000)}\n`.repeat(2_100);
        const document = await vscode.workspace.openTextDocument({
            language: "javascript",
            content: `posthog.capture("signed_upp");\n${filler}`,
        });
        await vscode.window.showTextDocument(document);
        const position = new vscode.Position(0, 18);
        assert.deepEqual(await api.ctx.codeInsight.callsIn(document), []);
        assert.equal((await hoverText(document, position)).includes("PostHog event"), false);
        assert.deepEqual(posthogDiagnostics(document.uri), []);
    });

    /** Writes a source file into the workspace's code/ folder, removed after the test. */
    const written: vscode.Uri[] = [];
    async function writeSource(name: string, text: string): Promise<vscode.TextDocument> {
        const uri = fixture(name);
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
        written.push(uri);
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
        return document;
    }
    after(async () => {
        for (const uri of written.splice(0)) await vscode.workspace.fs.delete(uri);
    });

    /** What the sandbox itself answers for an event's 30-day volume, as "N/day". */
    async function sandboxPerDay(name: string): Promise<string> {
        const run = await directClient(sandbox).runQuery({
            kind: "HogQLQuery",
            query: volumesQuery([name]),
        });
        const response = (await readResponse(run)) as { results?: unknown };
        const volume = readVolumes(response.results, [name]).get(name);
        assert.ok(volume && volume.total > 0, `the sandbox has received ${name}`);
        return perDayText(volume);
    }

    it("shows the volume on the first hover of a file just opened, for an event not asked before", async () => {
        // logged_in is in no other fixture: its volume has not been asked for in this session.
        const document = await writeSource(
            "firstHover.js",
            'import posthog from "posthog-js";\nposthog.capture("logged_in");\n',
        );
        const hover = await hoverText(document, inside(document, "logged_in"));
        assert.match(hover, /Last 30 days/);
        assert.ok(hover.includes(await sandboxPerDay("logged_in")), hover);
    });

    /** Query requests that name `event` as a HogQL string. */
    function queriesNaming(event: string): number {
        return sandbox.requests.filter(
            (r) =>
                r.method === "POST" && r.path.includes("/query") && r.body.includes(`'${event}'`),
        ).length;
    }

    it("asks for a file's event volumes when it is read on opening, so its first hover sends none", async () => {
        const data = await api.ctx.codeInsight.data();
        await data.ensureLoaded();
        // search_performed is in no fixture nor other test: not asked for yet in this session.
        const name = "search_performed";
        assert.equal(data.volumeAsked(name), false);
        const document = await writeSource(
            "openedVolumes.js",
            `import posthog from "posthog-js";\nposthog.capture("${name}");\n`,
        );
        await api.ctx.codeInsight.callsIn(document);
        // Asked once the file, and any other document being read, was read: before any hover (it
        // used to wait in a batching pause that a hover ended).
        await waitFor("no document being read", () => api.ctx.codeInsight.readsIdle);
        assert.ok(data.volumeAsked(name), "asked when the file was read");
        await waitFor("the volume", () => data.volume(name));
        assert.equal(queriesNaming(name), 1);
        const hover = await hoverText(document, inside(document, name));
        assert.ok(hover.includes(await sandboxPerDay(name)), hover);
        assert.equal(queriesNaming(name), 2, "the test's own query, and no hover's");
    });

    it("offline, a hover after a failed volume query sends none for it, until a refresh", async () => {
        const data = await api.ctx.codeInsight.data();
        await data.ensureLoaded();
        // video_played is in no fixture nor other test: not asked for yet in this session.
        const name = "video_played";
        sandbox.faults.add({ kind: "503", method: "POST", path: "/query/", times: Infinity });
        try {
            const document = await writeSource(
                "failedVolume.js",
                `import posthog from "posthog-js";\nposthog.capture("${name}");\n`,
            );
            await waitFor("the failed volume query", () => data.volumeAsked(name) && data.stale);
            const asked = queriesNaming(name);
            assert.ok(asked > 0);
            // The failure's change event redrew the diagnostics, which name the file's events
            // again; the name was queued anew, and a hover sent the queue it waited in.
            const hover = await hoverText(document, inside(document, name));
            assert.match(hover, /PostHog could not be reached: this may be out of date/);
            assert.doesNotMatch(hover, /Last 30 days/);
            assert.equal(queriesNaming(name), asked, "the hover sent no query");
        } finally {
            sandbox.faults.clear();
        }
        await vscode.commands.executeCommand("posthog-workbench.refreshCodeInsight");
        await waitFor("fresh data", () => !data.stale && data.volume(name));
    });

    it("shows the events per day after an event's name with the inlay-hint setting on", async () => {
        const document = await vscode.workspace.openTextDocument(fixture("app.js"));
        await vscode.window.showTextDocument(document);
        const name = "signed_up";
        const quote = document.getText().indexOf(`${name}"`) + name.length + 1;
        const after = document.positionAt(quote);
        const whole = new vscode.Range(0, 0, document.lineCount, 0);
        const hintsAfterName = async () =>
            (
                await vscode.commands.executeCommand<vscode.InlayHint[]>(
                    "vscode.executeInlayHintProvider",
                    document.uri,
                    whole,
                )
            ).filter((h) => h.position.isEqual(after));
        const labelOf = (hint: vscode.InlayHint) =>
            typeof hint.label === "string" ? hint.label : hint.label.map((p) => p.value).join("");
        // The volume is known (the hover shows it), and the setting is off by default: no hint.
        await waitFor("the hover's volume", async () =>
            (await hoverText(document, inside(document, name))).includes("Last 30 days"),
        );
        assert.deepEqual(await hintsAfterName(), []);
        const config = vscode.workspace.getConfiguration("posthog-workbench");
        try {
            await config.update("codeInsight.inlayHints", true, vscode.ConfigurationTarget.Global);
            const hint = await waitFor("the volume hint after the name", async () => {
                const found = await hintsAfterName();
                return found.length === 1 ? found[0] : undefined;
            });
            assert.match(labelOf(hint), /\/day$/);
            assert.equal(labelOf(hint), await sandboxPerDay(name));
        } finally {
            await config.update(
                "codeInsight.inlayHints",
                undefined,
                vscode.ConfigurationTarget.Global,
            );
        }
    });

    it("names the variant an ended experiment shipped on a read of its flag", async () => {
        const direct = directClient(sandbox);
        const flag = `code-shipped-${Date.now()}`;
        const draft = await direct.createExperiment({
            name: "Code insight: shipped",
            feature_flag_key: flag,
        });
        try {
            await direct.launchExperiment(draft.id);
            const document = await writeSource(
                "shipped.js",
                `import posthog from "posthog-js";\nposthog.isFeatureEnabled("${flag}");\n`,
            );
            // Experiments are read once per session: the refresh reads the running one.
            await vscode.commands.executeCommand("posthog-workbench.refreshCodeInsight");
            await waitFor("the flag's hover", async () =>
                (await hoverText(document, inside(document, flag))).includes("PostHog experiment"),
            );
            assert.deepEqual(
                posthogDiagnostics(document.uri).filter((d) => d.code === "ended-experiment"),
                [],
                "a running experiment's flag is not noted",
            );
            await direct.shipVariant(draft.id, { variant_key: "test" });
            await vscode.commands.executeCommand("posthog-workbench.refreshCodeInsight");
            const ended = await waitFor("the ended experiment's note", () =>
                posthogDiagnostics(document.uri).find((d) => d.code === "ended-experiment"),
            );
            assert.equal(ended.severity, vscode.DiagnosticSeverity.Information);
            assert.equal(document.getText(ended.range), flag);
            assert.match(ended.message, /Code insight: shipped/);
            assert.match(ended.message, /shipped the variant "test"/);
        } finally {
            await direct.softDeleteExperiment(draft.id);
        }
    });

    it("asks for every referenced event's volume in one query, and none per hover", async () => {
        const document = await vscode.workspace.openTextDocument(fixture("app.py"));
        await vscode.window.showTextDocument(document);
        await waitFor("the hover's volume", async () =>
            (await hoverText(document, inside(document, "signed_up"))).includes("Last 30 days"),
        );
        // Queries that ask about the hovered names: a hover's query would (it sends the batch its
        // name waits in). The workspace index may send its own batch meanwhile, for names an
        // earlier test wrote into the workspace; that one is not the hovers'.
        const hovered = ["signed_up", "legacy_button_clicked"];
        const queries = () =>
            sandbox.requests.filter(
                (r) =>
                    r.method === "POST" &&
                    r.path.includes("/query") &&
                    hovered.some((name) => r.body.includes(name)),
            ).length;
        const before = queries();
        for (let i = 0; i < 5; i++) await hoverText(document, inside(document, "signed_up"));
        await hoverText(document, inside(document, "legacy_button_clicked"));
        assert.equal(queries(), before, "hovers send no query");
    });
});
