// The sandbox's port of difflib.get_close_matches against Python's own, on the names PostHog
// suggests from (printer/base.py: ALL_EXPOSED_FUNCTION_NAMES) and misspellings of them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { closeMatch } from "../sandbox/hogql/closeMatches";

const root = path.resolve(__dirname, "../../..");
const table = JSON.parse(
    fs.readFileSync(path.join(root, "test/sandbox/hogql/functionTable.json"), "utf8"),
) as { exposedNames: string[] };

describe("closeMatch (difflib.get_close_matches, n=1)", function () {
    this.timeout(60_000);

    it("suggests what Python's difflib suggests", () => {
        const names = table.exposedNames;
        // Misspellings of every 21st name (about 200 words; each side compares a word with all
        // 1,100 names): a letter dropped, doubled, swapped, or the case changed.
        const words = names
            .filter((_, i) => i % 21 === 0)
            .flatMap((n, i) => [
                n.slice(0, -1),
                n + n.slice(-1),
                n.length > 2 ? n[1] + n[0] + n.slice(2) : n + "x",
                i % 2 ? n.toLowerCase() : n.toUpperCase(),
            ]);
        words.push("recording_button", "hogql_lookupDomainType", "zzz", "a", "toInt64");
        const script =
            "import difflib, json, sys\n" +
            "d = json.load(sys.stdin)\n" +
            "print(json.dumps([(difflib.get_close_matches(w, d['names'], 1) or [None])[0] for w in d['words']]))\n";
        const res = spawnSync("python3", ["-c", script], {
            input: JSON.stringify({ names, words }),
            encoding: "utf8",
        });
        assert.equal(res.status, 0, res.stderr);
        const expected = JSON.parse(res.stdout) as (string | null)[];
        const actual = words.map((w) => closeMatch(w, names) ?? null);
        const differ = words.filter((_, i) => actual[i] !== expected[i]);
        assert.deepEqual(differ, [], `${words.length} words`);
    });
});
