// Port of posthog/schema_migrations/0003_data_visualization_pie_show_total.py @551db567 (PostHog,
// MIT): a saved chart's boolean `chartSettings.showPieTotal` moves into the nested pie settings as
// `chartSettings.pie.showTotal`; a `showTotal` already there wins and the old key is dropped.
// PostHog numbers it 0003 beside 0003_trends_result_customizations_compare; discovery takes
// both (file-name order) as they target different kinds.
import { isObject, schemaMigration } from "./base";

export const migration0003PieShowTotal = schemaMigration(
    "0003_data_visualization_pie_show_total",
    { DataVisualizationNode: 1 },
    (query) => {
        if (query.kind !== "DataVisualizationNode") return query;
        const chartSettings = query.chartSettings;
        if (!isObject(chartSettings) || !("showPieTotal" in chartSettings)) return query;
        const showPieTotal = chartSettings.showPieTotal;
        delete chartSettings.showPieTotal;
        if (!("pie" in chartSettings)) chartSettings.pie = {};
        const pie = chartSettings.pie;
        // `setdefault` on a pie that is not a dict raises in PostHog (the service answers 500).
        if (!isObject(pie))
            throw new TypeError("PostHog's migration expects chartSettings.pie to be an object");
        if (!("showTotal" in pie)) pie.showTotal = showPieTotal;
        return query;
    },
);
