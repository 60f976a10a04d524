// The queries the walkthrough opens. Both run on any project: they read only `events`. The
// comment lines come translated from the caller; the first one titles the untitled tab.

/** The first query: the most frequent events of the last week. */
export function firstQuery(title: string, howToRun: string): string {
    return [
        `-- ${title}`,
        `-- ${howToRun}`,
        "SELECT event, count() AS events",
        "FROM events",
        "WHERE timestamp > now() - INTERVAL 7 DAY",
        "GROUP BY event",
        "ORDER BY events DESC",
        "LIMIT 10",
        "",
    ].join("\n");
}

/** A query that charts well: page views per day over the last week. */
export function chartQuery(title: string, howToRun: string): string {
    return [
        `-- ${title}`,
        `-- ${howToRun}`,
        "SELECT toStartOfDay(timestamp) AS day, count() AS pageviews",
        "FROM events",
        "WHERE event = '$pageview' AND timestamp > now() - INTERVAL 7 DAY",
        "GROUP BY day",
        "ORDER BY day",
        "",
    ].join("\n");
}
