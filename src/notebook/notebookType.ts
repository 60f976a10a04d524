/** The notebook type of `.hogqlnb` files (package.json `contributes.notebooks`). */
export const NOTEBOOK_TYPE = "posthog-workbench.hogqlnb";
