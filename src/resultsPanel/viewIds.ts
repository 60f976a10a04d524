// The results' ids that activation registers under, apart from the code behind them, so that
// registering them (src/resultsPanel/lazyPanels.ts) loads none of it.

/** The webview type; package.json needs `onWebviewPanel:posthog-workbench.results`. */
export const resultsViewType = "posthog-workbench.results";

/** The view's id (package.json `contributes.views`, in the `posthogResults` panel container). */
export const resultsPanelViewId = "posthog-workbench.resultsView";

/**
 * Context key that shows the view (its `when`): set once results go to the panel, so with the
 * `results.location` setting on `editor` the view is neither shown nor its page loaded.
 */
export const resultsInPanelKey = "posthog-workbench.resultsInPanel";
