// The results panel's public surface for the extension's wiring.
export { ResultsPanelManager, resultsViewType } from "./manager";
export type { ResultsPanelDeps } from "./manager";
export type { HogQLResponseLike, ResultLayout, ResultSet } from "./resultSet";
export { nextTurn, resultSetFromText, resultSetOf } from "./resultSet";
