// The names of the PostHog tools (package.json `languageModelTools`), on their own: activation
// registers each name (./lazyTools.ts) without the tools' code.
export const TOOL = {
    runQuery: "posthog_run_query",
    schema: "posthog_schema",
    eventNames: "posthog_event_names",
    eventProperties: "posthog_event_properties",
    experiments: "posthog_experiments",
    experimentResults: "posthog_experiment_results",
    eventDefinition: "posthog_event_definition",
    experimentState: "posthog_experiment_state",
} as const;
