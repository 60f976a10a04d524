// The results panel's public surface for the extension's wiring.
export { ResultsPanelManager, resultsViewType } from "./manager";
export type { ResultsPanelDeps, ResultsPresenter } from "./manager";
export type { HogQLResponseLike, ResultInfo, ResultLayout, ResultSet } from "./resultSet";
export { resultSetFromText, resultSetOf } from "./resultSet";
