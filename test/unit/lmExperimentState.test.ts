// The experiment state tool's answer against the sandbox over real HTTP: the state, and which
// lifecycle actions PostHog allows now, each refused one with PostHog's reason.
import assert from "node:assert/strict";
import { experimentStateText } from "../../src/lm/experimentStateText";
import { makeClient, type Sandbox } from "./api/helpers";
import { useSandbox } from "./useSandbox";

describe("experiment state tool", function () {
    this.timeout(60_000);
    let sb: Sandbox;
    let client: ReturnType<typeof makeClient>["client"];
    const idOf = (name: string) => {
        const e = sb.state.experiments.find((x) => x.name === name && !x.deleted);
        assert.ok(e, `the seed has ${name}`);
        return e.id;
    };
    /** The actions the answer lists under "allows now". */
    const allowed = (text: string) =>
        [...(text.split("## Refused now")[0] ?? "").matchAll(/^- (\w+): /gm)].map((m) => m[1]);

    useSandbox((started) => ({ sb, client } = started));

    it("a draft may only be launched; the rest are refused in PostHog's words", async () => {
        const text = await experimentStateText(client, idOf("Signup form simplification"));
        assert.match(text, /^# Experiment \d+: `Signup form simplification`/);
        assert.deepEqual(allowed(text), ["launch"]);
        assert.match(text, /^- pause: `Experiment has not been launched yet\.`$/m);
        assert.match(text, /^- reset: `Experiment is already in draft state\.`$/m);
        assert.match(text, /command "PostHog: Launch Experiment"/);
        assert.match(text, /This tool only reads\./);
    });

    it("a paused experiment may be resumed, ended, shipped or reset, not paused again", async () => {
        const text = await experimentStateText(client, idOf("Free trial length"));
        assert.match(text, /flag `free-trial-length` off/);
        assert.deepEqual(allowed(text), ["resume", "end", "ship_variant", "reset"]);
        assert.match(text, /^- pause: `Experiment is already paused\.`$/m);
    });

    it("an archived experiment may be unarchived", async () => {
        const text = await experimentStateText(client, idOf("Dark mode default"));
        assert.match(text, /\(archived\)/);
        assert.ok(allowed(text).includes("unarchive"));
        assert.match(text, /^- archive: `Experiment is already archived\.`$/m);
    });
});
