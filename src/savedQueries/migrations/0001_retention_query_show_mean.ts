// Port of posthog/schema_migrations/0001_retention_query_show_mean.py (PostHog, MIT):
// RetentionQuery's boolean `showMean` becomes `meanRetentionCalculation` ("simple"/"none").
import { isObject, truthy, schemaMigration } from "./base";

export const migration0001 = schemaMigration(
    "0001_retention_query_show_mean",
    { RetentionQuery: 1 },
    (query) => {
        if (query.kind !== "RetentionQuery") return query;
        // A missing or null retentionFilter is left alone (PostHog's test
        // test_0001_retention_query_show_mean.py: a missing key must not raise).
        const filter = query.retentionFilter;
        if (filter === undefined || filter === null || !isObject(filter)) return query;
        if ("showMean" in filter) {
            if (!("meanRetentionCalculation" in filter))
                filter.meanRetentionCalculation = truthy(filter.showMean) ? "simple" : "none";
            delete filter.showMean;
        }
        return query;
    },
);
