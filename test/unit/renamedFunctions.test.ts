import * as assert from "node:assert/strict";
import * as path from "node:path";
import { parseDocument } from "../../src/hogql/parser/documentParse";
import { HogQLParserClient } from "../../src/hogql/parser/parserClient";
import { renamedCalls } from "../../src/language/renamedFunctions";

// PostHog's parser as the extension ships it: the worker bundle built by esbuild.mjs.
const workerPath = path.resolve(__dirname, "../../../dist/hogqlParser.js");

describe("renamed HogQL functions", function () {
    this.timeout(60_000);
    let client: HogQLParserClient;
    const calls = async (text: string) =>
        renamedCalls(await parseDocument(text, (s) => client.parse(s)));

    before(() => {
        client = new HogQLParserClient(workerPath);
    });
    after(() => client.dispose());

    it("finds calls of names PostHog renamed, at the name, in every statement", async () => {
        const text =
            "SELECT count() FROM events;\n" +
            "SELECT recording_button(session_id), hogql_lookupDomainType(properties.$referring_domain) FROM events";
        const found = await calls(text);
        assert.deepEqual(
            found.map((c) => [c.name, c.renamedTo, text.slice(c.start, c.end)]),
            [
                ["recording_button", "recordingButton", "recording_button"],
                ["hogql_lookupDomainType", "lookupDomainType", "hogql_lookupDomainType"],
            ],
        );
    });

    it("leaves the new names, unknown names, strings and comments alone", async () => {
        const found = await calls(
            "SELECT recordingButton(session_id), notAFunctionYet(1), 'recording_button(x)' -- recording_button(y)\nFROM events",
        );
        assert.deepEqual(found, []);
    });
});
