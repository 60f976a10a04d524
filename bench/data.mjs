// 50,000 x 20 mixed columns shaped like a HogQL response (see posthog-facts.md, Query endpoint).
const events = ["$pageview", "$autocapture", "signed_up", "$identify", "purchase", "$pageleave"];
const browsers = ["Chrome", "Firefox", "Safari", "Edge"];

export const types = [
    ["uuid", "UUID"],
    ["event", "String"],
    ["timestamp", "DateTime64(6, 'UTC')"],
    ["distinct_id", "String"],
    ["person_id", "Nullable(UUID)"],
    ["n", "Int64"],
    ["price", "Float64"],
    ["count", "UInt32"],
    ["ok", "Bool"],
    ["url", "String"],
    ["properties", "String"],
    ["tags", "Array(String)"],
    ["maybe", "Nullable(String)"],
    ["day", "Date"],
    ["ratio", "Float64"],
    ["browser", "LowCardinality(String)"],
    ["session_id", "Nullable(String)"],
    ["elements", "Array(Tuple(String, UInt8))"],
    ["revenue", "Nullable(Decimal(18, 2))"],
    ["note", "String"],
];

function hex(i, len) {
    return ((i * 2654435761) >>> 0).toString(16).padStart(8, "0").repeat(4).slice(0, len);
}

export function makeResponse(rows) {
    const base = Date.UTC(2024, 0, 1);
    const results = new Array(rows);
    for (let i = 0; i < rows; i++) {
        const u = `${hex(i, 8)}-${hex(i + 1, 4)}-4${hex(i + 2, 3)}-a${hex(i + 3, 3)}-${hex(i + 4, 12)}`;
        results[i] = [
            u,
            events[i % events.length],
            new Date(base + i * 37_000).toISOString().replace("Z", "000Z"),
            `user-${(i * 31) % 4999}`,
            i % 5 === 0 ? null : u.replace(/^./, "7"),
            i * 3,
            Math.round(((i * 7919) % 10007) * 137) / 100,
            (i * 13) % 1000,
            i % 2 === 0,
            `https://example.com/p/${i % 300}?q=${i % 7}`,
            JSON.stringify({
                $browser: browsers[i % 4],
                $os: i % 3 ? "Mac OS X" : "Windows",
                idx: i,
            }),
            i % 4 === 0 ? [] : ["a", `t${i % 9}`],
            i % 3 === 0 ? null : i % 3 === 1 ? "" : `v${i}`,
            new Date(base + Math.floor(i / 2000) * 86_400_000).toISOString().slice(0, 10),
            (i % 1000) / 1000,
            browsers[i % 4],
            i % 7 === 0 ? null : `s-${hex(i, 10)}`,
            [
                ["button", i % 5],
                ["div", 1],
            ],
            i % 6 === 0 ? null : ((i * 17) % 100000) / 100,
            i % 11 === 0 ? `a longer note for row ${i} with some words in it` : `row ${i}`,
        ];
    }
    return {
        results,
        columns: types.map((t) => t[0]),
        types,
        hogql: "SELECT ... FROM events LIMIT 50000",
        clickhouse: "SELECT ... FROM events WHERE team_id = 1 LIMIT 50000",
        timings: [{ k: "./total", t: 0.5 }],
        hasMore: false,
        limit: null,
        offset: null,
        error: null,
        is_cached: false,
        last_refresh: new Date(base).toISOString(),
    };
}
