// Which stored result a results panel shows after a window reload when the workbench lost (or
// kept an older copy of) its webview state: the record in the workspace memento decides.
import * as assert from "node:assert/strict";
import type * as vscode from "vscode";
import { OpenPanels } from "../../src/resultsPanel/openPanels";

/** A workspace memento as VS Code keeps one: values survive into the next window session. */
function memento(): vscode.Memento {
    const values = new Map<string, unknown>();
    return {
        keys: () => [...values.keys()],
        get: <T>(key: string, fallback?: T) => (values.has(key) ? values.get(key) : fallback) as T,
        update: (key: string, value: unknown) => {
            values.set(key, JSON.parse(JSON.stringify(value)));
            return Promise.resolve();
        },
    };
}

describe("results panels across a window reload", () => {
    it("restores a panel whose webview state was never saved", async () => {
        const store = memento();
        const before = new OpenPanels<object>(store);
        await before.shown({}, "Results: pageviews", "k1");
        const after = new OpenPanels<object>(store);
        assert.equal(after.claim("Results: pageviews", null), "k1");
    });

    it("restores a reused panel's latest result when its saved state names an older one", async () => {
        const store = memento();
        const before = new OpenPanels<object>(store);
        const panel = {};
        await before.shown(panel, "Results: a", "k1");
        await before.shown(panel, "Results: b", "k2");
        assert.equal(new OpenPanels<object>(store).claim("Results: a", "k1"), "k2");
    });

    it("tells panels without state apart by their titles", async () => {
        const store = memento();
        const before = new OpenPanels<object>(store);
        await before.shown({}, "Results: a", "ka");
        await before.shown({}, "Results: b", "kb");
        const after = new OpenPanels<object>(store);
        assert.equal(after.claim("Results: a", null), "ka");
        assert.equal(after.claim("Results: b", null), "kb");
        assert.equal(after.claim("Results: c", null), null, "each panel is claimed once");
    });

    it("forgets a panel the user closed", async () => {
        const store = memento();
        const before = new OpenPanels<object>(store);
        const panel = {};
        await before.shown(panel, "Results: a", "k1");
        await before.closed(panel);
        assert.equal(new OpenPanels<object>(store).claim("Results: a", null), null);
    });

    it("keeps a panel not yet restored through another reload", async () => {
        const store = memento();
        await new OpenPanels<object>(store).shown({}, "Results: old", "k1");
        // The next session shows a new result before the old tab is ever shown.
        await new OpenPanels<object>(store).shown({}, "Results: new", "k2");
        const third = new OpenPanels<object>(store);
        assert.equal(third.claim("Results: old", null), "k1");
        assert.equal(third.claim("Results: new", null), "k2");
    });
});
