// The chart's reading of date and time cells (src/webview/results/chart/values.ts toTime): its
// fast path for the common ISO shapes must agree with Date.parse, which it replaced there.
import assert from "node:assert/strict";
import { toTime } from "../../src/webview/results/chart/values";

/** What toTime returned before the fast path: the value made ISO (zone-less is UTC), parsed. */
function byDateParse(value: string): number | null {
    let iso = value;
    if (value.length === 10) iso += "T00:00:00Z";
    else {
        if (value[10] === " ") iso = value.slice(0, 10) + "T" + value.slice(11);
        if (!/[Zz]$/.test(iso) && !/[+-]\d\d:?\d\d$/.test(iso)) iso += "Z";
    }
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? null : ms;
}

describe("chart time values (toTime)", () => {
    it("reads every common shape as Date.parse does, to the millisecond", () => {
        const values = [
            "2024-03-05",
            "2024-03-05 10:20:30",
            "2024-03-05T10:20:30",
            "2024-03-05T10:20:30Z",
            "2024-03-05T10:20:30z",
            "2024-03-05T10:20:30.1Z",
            "2024-03-05T10:20:30.12",
            "2024-03-05 10:20:30.123",
            "2024-03-05T10:20:30.123456Z",
            "2024-03-05T10:20:30.999999999",
            "2024-03-05T10:20:30+02:00",
            "2024-03-05T10:20:30-0530",
            "2024-02-29T23:59:59Z",
            "1970-01-01T00:00:00.000Z",
            "1969-12-31T23:59:59Z",
            "9999-12-31T23:59:59Z",
            "0099-03-05T10:20:30Z",
            "0100-03-05",
            "2024-03-05T10:20Z",
            "2024-03-05T10:20:30.Z",
        ];
        for (let i = 0; i < 2000; i++) {
            const t = Date.UTC(1990, 0, 1) + Math.floor(i * 987_654_321.123);
            values.push(new Date(t).toISOString(), new Date(t).toISOString().replace("T", " "));
        }
        for (const v of values) assert.equal(toTime(v), byDateParse(v), v);
    });

    it("takes no impossible date or time for a real one", () => {
        for (const v of [
            "2023-02-29",
            "2024-02-30T00:00:00Z",
            "2024-04-31 12:00:00",
            "2024-13-01",
            "2024-00-10",
            "2024-03-05T24:00:01Z",
            "2024-03-05T10:60:00Z",
            "2024-03-05Tab:cd:efZ",
        ])
            assert.equal(toTime(v), byDateParse(v), v);
    });
});
