// The results panel's public surface for the extension's wiring.
export { ResultsPanelManager, resultsViewType } from "./manager";
export type { ResultsPanelDeps, ResultsPresenter } from "./manager";
export type { HogQLResponseLike, QueryResult, ResultLayout, RunFacts } from "./resultSet";
export { resultFromText, resultOf } from "./resultSet";
