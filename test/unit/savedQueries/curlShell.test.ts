// "Copy as cURL" pasted into a real shell: sh (dash here) and bash, with curl a stub that records
// its arguments. Hostile queries, names, project ids and variable values must reach curl exactly
// as written, nothing may run, and hostile hosts never become a command at all.
import * as assert from "node:assert/strict";
import { buildCurl } from "../../../src/savedQueries/curl";
import { curlCases, HOSTILE_HOSTS } from "../../curlCorpus";
import { CANARY, metacharsOutsideQuotes, runInShell, SHELLS } from "../../shellStub";

describe("cURL in a real shell", () => {
    it("the stub shell notices a command that escapes (so the checks below can fail)", async () => {
        const run = await runInShell("sh", `curl "x$(${CANARY} a)" \`touch b\``, {});
        assert.deepEqual(run.ran, [`${CANARY} a`, "created b"]);
        assert.deepEqual(run.argv, ["x"]);
        assert.ok(metacharsOutsideQuotes(`curl "https://h/$(id)/"`) > 0);
        assert.ok(metacharsOutsideQuotes(`curl 'a'\\''b'`) > 0);
        assert.ok(metacharsOutsideQuotes(`curl -H "Authorization: Bearer $POSTHOG_API_KEY"`) > 0);
        assert.equal(
            metacharsOutsideQuotes(`curl 'a'"'"'b' -H 'x: '"$POSTHOG_API_KEY" \\\n  -d 'y'`),
            0,
        );
    });

    for (const c of curlCases()) {
        it(`passes ${c.label} to curl as written`, async () => {
            const command = buildCurl(c.request);
            assert.equal(metacharsOutsideQuotes(command), 0, command.slice(0, 300));
            for (const shell of SHELLS) {
                const run = await runInShell(shell, command, c.env);
                assert.deepEqual(run.ran, [], `${shell} ran something: ${run.stderr}`);
                assert.deepEqual(run.argv, c.argv, `${shell}: ${run.stderr}`);
            }
        });
    }

    it("refuses to build a command for a hostile host", () => {
        for (const host of HOSTILE_HOSTS) {
            const query = { kind: "HogQLQuery", query: "SELECT 1" };
            assert.throws(() => buildCurl({ host, projectId: undefined, query }), /host/i, host);
        }
    });
});
