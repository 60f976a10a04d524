// The workspace index (src/codeCalls/workspaceIndex.ts) driving the finder's real worker,
// dist/codeCalls.js: what it records per file, how edits, removals and cancellation change it,
// bad files skipped without stopping the rest, and the helpers around it (file languages,
// .gitignore rules, progress only for a long build).
import assert from "node:assert/strict";
import path from "node:path";
import { CodeCallsClient } from "../../src/codeCalls";
import type { CodeLanguage } from "../../src/codeCalls";
import { GitIgnoreRules } from "../../src/codeCalls/workspaceIgnore";
import { CODE_FILES_GLOB, languageOfPath } from "../../src/codeCalls/workspaceFiles";
import { type IndexedFile, WorkspaceIndex } from "../../src/codeCalls/workspaceIndex";
import { withDelayedProgress } from "../../src/codeCalls/workspaceProgress";

const workerPath = path.resolve(__dirname, "../../..", "dist", "codeCalls.js");

/** An in-memory workspace: file id → text; its language from the name, as the extension does. */
function workspace(texts: Record<string, string>): {
    files: IndexedFile[];
    read: (id: string) => Promise<string | undefined>;
} {
    const files = Object.keys(texts).map((id) => ({
        id,
        language: languageOfPath(id) as CodeLanguage,
    }));
    return { files, read: (id) => Promise.resolve(texts[id]) };
}

const SOURCES: Record<string, string> = {
    "file:///w/web/app.tsx": [
        'import posthog from "posthog-js";',
        'import { useFeatureFlagEnabled } from "posthog-js/react";',
        "export function App() {",
        '    const on = useFeatureFlagEnabled("new-checkout");',
        '    // posthog.capture("signed_up") in a comment is not a call',
        '    return <button onClick={() => posthog.capture("signed_up")}>{String(on)}</button>;',
        "}",
    ].join("\n"),
    "file:///w/api/views.py": [
        "import posthog",
        "def signup(user):",
        '    posthog.capture("signed_up", distinct_id=user.id)',
        '    if posthog.feature_enabled("new-checkout", user.id):',
        '        posthog.capture("checkout_started", distinct_id=user.id)',
    ].join("\n"),
    "file:///w/server/main.go": [
        "package main",
        'import "github.com/posthog/posthog-go"',
        "func f(client posthog.Client) {",
        '    client.Enqueue(posthog.Capture{DistinctId: "u", Event: "signed_up"})',
        "}",
    ].join("\n"),
    "file:///w/README.md.py": "# no PostHog here\nprint('hello')\n",
};

describe("workspace index", function () {
    this.timeout(60_000);
    let client: CodeCallsClient;

    beforeEach(() => {
        client = new CodeCallsClient(workerPath);
    });

    afterEach(() => client.dispose());

    it("records every call site by file and in source order, and the events and flags used", async () => {
        const index = new WorkspaceIndex(client);
        const { files, read } = workspace(SOURCES);
        let changes = 0;
        index.onDidChange(() => changes++);
        const seen: [number, number][] = [];
        const outcome = await index.build(files, read, { progress: (d, t) => seen.push([d, t]) });
        assert.equal(outcome, "done");
        assert.equal(changes, 1, "a build is one change");
        assert.deepEqual(seen.at(-1), [4, 4]);
        assert.deepEqual(
            index
                .locations("capture", "signed_up")
                .map(({ file, call }) => [file, call.range.start.line, call.language]),
            [
                ["file:///w/api/views.py", 2, "python"],
                ["file:///w/server/main.go", 3, "go"],
                ["file:///w/web/app.tsx", 5, "typescriptreact"],
            ],
        );
        assert.deepEqual(
            index.locations("flag", "new-checkout").map(({ file }) => file),
            ["file:///w/api/views.py", "file:///w/web/app.tsx"],
        );
        assert.deepEqual(index.locations("flag", "signed_up"), []);
        assert.deepEqual(index.referencedEvents(), ["checkout_started", "signed_up"]);
        assert.deepEqual(index.referencedFlags(), ["new-checkout"]);
        assert.deepEqual(index.stats(), { files: 4, skipped: {} });
    });

    it("follows edits and removals, of a file and of a folder, and a rebuild forgets files gone", async () => {
        const index = new WorkspaceIndex(client);
        const { files, read } = workspace(SOURCES);
        await index.build(files, read);
        let changes = 0;
        index.onDidChange(() => changes++);
        await index.update(
            { id: "file:///w/api/views.py", language: "python" },
            'import posthog\nposthog.capture("renamed_event", distinct_id="u")\n',
        );
        assert.equal(changes, 1);
        assert.deepEqual(index.referencedEvents(), ["renamed_event", "signed_up"]);
        assert.deepEqual(index.referencedFlags(), ["new-checkout"]);
        index.remove("file:///w/web/");
        assert.equal(index.has("file:///w/web/app.tsx"), false);
        assert.deepEqual(index.referencedFlags(), []);
        index.remove("file:///w/server/main.go");
        assert.deepEqual(index.referencedEvents(), ["renamed_event"]);
        assert.equal(changes, 3);
        // A build that no longer lists a file forgets it.
        await index.build(
            files.filter((f) => f.id.endsWith(".py")),
            read,
        );
        assert.deepEqual(index.stats().files, 2);
        assert.deepEqual(index.referencedEvents(), ["checkout_started", "signed_up"]);
    });

    it("keeps an edit made while a build reads the same file", async () => {
        const index = new WorkspaceIndex(client);
        const id = "file:///w/api/views.py";
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const building = index.build([{ id, language: "python" }], async () => {
            // The build reads the old text; the edit lands before its answer does.
            await gate;
            return SOURCES[id];
        });
        await index.update(
            { id, language: "python" },
            'import posthog\nposthog.capture("edited")\n',
        );
        release();
        await building;
        assert.deepEqual(index.referencedEvents(), ["edited"]);
    });

    it("stops between files when cancelled and keeps what it read", async () => {
        const index = new WorkspaceIndex(client);
        const texts: Record<string, string> = {};
        for (let i = 0; i < 200; i++)
            texts[`file:///w/f${String(i).padStart(3, "0")}.py`] =
                `import posthog\nposthog.capture("event_${i}", distinct_id="u")\n`;
        const { files, read } = workspace(texts);
        const abort = new AbortController();
        const outcome = await index.build(files, read, {
            signal: abort.signal,
            progress: (done) => {
                if (done === 10) abort.abort();
            },
        });
        assert.equal(outcome, "cancelled");
        const { files: kept } = index.stats();
        // The requests already in flight finish; no new one starts.
        assert.ok(kept >= 10 && kept < 20, `kept ${kept} files`);
        assert.equal(index.referencedEvents().length, kept);
    });

    it("skips a huge, minified, binary or unreadable file and one with unbalanced quotes, and reads the rest", async () => {
        const index = new WorkspaceIndex(client);
        const good = 'import posthog from "posthog-js";\nposthog.capture("still_found");\n';
        const texts: Record<string, string> = {
            "file:///w/a_huge.js": `// ${"x".repeat(100)}\n`.repeat(30_000),
            "file:///w/b_min.js": `posthog.capture("minified");${"a=1;".repeat(5_000)}`,
            "file:///w/c_binary.ts": `\0\0\u0001ELF${"\0".repeat(64)}posthog.capture("x")`,
            "file:///w/d_unbalanced.py":
                'import posthog\nposthog.capture("open\nposthog.capture("closed", distinct_id="u")\n\'\'\'',
            "file:///w/e_gone.ts": "",
            "file:///w/z_good.js": good,
        };
        const { files } = workspace(texts);
        const outcome = await index.build(files, (id) =>
            Promise.resolve(id.endsWith("e_gone.ts") ? undefined : texts[id]),
        );
        assert.equal(outcome, "done");
        const { skipped } = index.stats();
        assert.deepEqual(skipped, {
            tooLarge: 1,
            longLine: 1,
            binary: 1,
            unreadable: 1,
        });
        assert.deepEqual(
            index.locations("capture", "still_found").map(({ file }) => file),
            ["file:///w/z_good.js"],
        );
        // Unbalanced quotes are parsed within bounds: whatever is reported is a string argument.
        for (const { call } of index.locations("capture", "closed"))
            assert.equal(call.language, "python");
    });

    it("records a file the finder fails on as failed and goes on", async () => {
        // A budget so far below zero that the worker is ended before it answers.
        const failing = new CodeCallsClient(workerPath, { parseBudgetMs: -10_000 });
        try {
            const index = new WorkspaceIndex(failing);
            const { files, read } = workspace({
                "file:///w/a.py": SOURCES["file:///w/api/views.py"],
            });
            assert.equal(await index.build(files, read), "done");
            assert.deepEqual(index.stats(), { files: 1, skipped: { failed: 1 } });
        } finally {
            failing.dispose();
        }
    });
});

describe("workspace index: files, .gitignore and progress", () => {
    it("knows each supported language by its file extension, and nothing else", () => {
        const cases: [string, string | undefined][] = [
            ["/a/b.js", "javascript"],
            ["/a/b.mjs", "javascript"],
            ["/a/b.jsx", "javascriptreact"],
            ["/a/b.ts", "typescript"],
            ["/a/b.TSX", "typescriptreact"],
            ["/a/b.py", "python"],
            ["/a/b.go", "go"],
            ["/a/b.rb", "ruby"],
            ["/a/b.php", "php"],
            ["/a/b.swift", "swift"],
            ["/a/b.kt", "kotlin"],
            ["/a/b.java", "java"],
            ["/a/b.dart", "dart"],
            ["/a/B.Vue", "vue"],
            ["/a/b.md", undefined],
            ["/a/.ts", undefined],
            ["/a.py/readme", undefined],
        ];
        for (const [file, language] of cases) assert.equal(languageOfPath(file), language, file);
        assert.ok(CODE_FILES_GLOB.startsWith("**/*.{") && CODE_FILES_GLOB.includes(",dart,vue}"));
    });

    it("applies each .gitignore to its own folder, negations included", () => {
        const rules = new GitIgnoreRules();
        rules.add(".gitignore", "build/\n*.gen.ts\n!keep.gen.ts\n/root-only.js\n");
        rules.add("packages/web/.gitignore", "secret.js\n");
        const ignored = (p: string) => rules.ignores(p);
        assert.equal(ignored("build/a.js"), true);
        assert.equal(ignored("src/build/a.js"), true);
        assert.equal(ignored("src/x.gen.ts"), true);
        assert.equal(ignored("src/keep.gen.ts"), false);
        assert.equal(ignored("root-only.js"), true);
        assert.equal(ignored("src/root-only.js"), false);
        assert.equal(ignored("packages/web/secret.js"), true);
        assert.equal(ignored("packages/web/src/secret.js"), true);
        assert.equal(ignored("packages/api/secret.js"), false);
        assert.equal(ignored("src/app.ts"), false);
    });

    it("shows progress only for work still running after the delay", async () => {
        let shown = 0;
        const quick = withDelayedProgress(Promise.resolve("quick"), 0, () => shown++);
        assert.equal(await quick, "quick");
        // A timer of the same delay set later runs after the helper's own.
        await new Promise((resolve) => setTimeout(resolve, 0));
        assert.equal(shown, 0);

        let finish!: (value: string) => void;
        const slow = new Promise<string>((resolve) => (finish = resolve));
        let closed = false;
        const result = withDelayedProgress(slow, 0, (finished) => {
            shown++;
            void finished.then(() => (closed = true));
            finish("slow");
        });
        assert.equal(await result, "slow");
        assert.equal(shown, 1);
        await Promise.resolve();
        assert.equal(closed, true);
    });
});
