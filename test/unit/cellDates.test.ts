import * as assert from "node:assert/strict";
import { dateTimeOptions, localDateTime } from "../../src/webview/results/format";

// The grid fills a day's formatted parts with the hour, minute and second instead of calling
// Intl for every timestamp; the text must be exactly what Intl writes.
const intl = new Intl.DateTimeFormat(undefined, dateTimeOptions);

describe("timestamps in grid cells", () => {
    it("read exactly as Intl.DateTimeFormat writes them, across days, years and midnight", () => {
        const start = Date.UTC(2023, 0, 1);
        let checked = 0;
        // Every 7 h 13 min 17 s for three years: every hour, minute and second value, both
        // sides of midnight and of any daylight-saving change of this machine's time zone.
        for (let ms = start; ms < start + 3 * 365 * 86_400_000; ms += 25_997_000) {
            const raw = new Date(ms).toISOString().replace("T", " ").replace(".000Z", "");
            assert.equal(localDateTime(raw), intl.format(ms), raw);
            checked++;
        }
        assert.ok(checked > 3000, `${checked} timestamps`);
    });

    it("keeps a non-zero fraction of a second and reads zone offsets", () => {
        const ms = Date.UTC(2024, 5, 30, 23, 59, 58, 120);
        assert.equal(localDateTime("2024-06-30 23:59:58.120"), `${intl.format(ms)}.12`);
        assert.equal(localDateTime("2024-06-30T23:59:58.000Z"), intl.format(ms - 120));
        assert.equal(localDateTime("2024-07-01T01:59:58+02:00"), intl.format(ms - 120));
        assert.equal(localDateTime("not a date"), null);
    });
});
