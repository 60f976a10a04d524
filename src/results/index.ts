// The results panel's public surface for the extension's wiring.
export { ResultsPanelManager, resultsViewType } from "./manager";
export type { ResultsPanelDeps } from "./manager";
export type { HogQLResponseLike, ResultSet } from "./resultSet";
