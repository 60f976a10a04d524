// The language model tools' and the chat participant's `when` clauses name one context key, never
// `a && b`: VS Code 1.99 sends a tool's parsed `when` to the extension host as it is, and a
// compound clause parses into a circular object there, so vscode.lm.tools never lists the tools
// (src/lm/offeredContext.ts). Only `npm test -- --min-vscode` would see that; this holds it always.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

interface Contribution {
    name?: string;
    id?: string;
    when?: string;
}

const pkg = JSON.parse(
    fs.readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8"),
) as { contributes: { languageModelTools: Contribution[]; chatParticipants: Contribution[] } };

describe("language model contributions' when clauses", () => {
    it("each tool and the chat participant is shown by the one key src/lm/offeredContext.ts sets", () => {
        const source = fs.readFileSync(
            path.resolve(__dirname, "../../../src/lm/offeredContext.ts"),
            "utf8",
        );
        const key = /OFFERED_KEY = "([^"]+)"/.exec(source)?.[1];
        assert.ok(key, "offeredContext.ts names its key");
        const contributions = [
            ...pkg.contributes.languageModelTools,
            ...pkg.contributes.chatParticipants,
        ];
        assert.equal(contributions.length, 9, "eight tools and @posthog");
        for (const c of contributions) assert.equal(c.when, key, c.name ?? c.id);
    });
});
