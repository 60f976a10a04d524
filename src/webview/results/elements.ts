// The toolkit components this page uses, and nothing else (each import registers one element).
import "@vscode-elements/elements/dist/vscode-button/index.js";
import "@vscode-elements/elements/dist/vscode-textfield/index.js";
import "@vscode-elements/elements/dist/vscode-tabs/index.js";
import "@vscode-elements/elements/dist/vscode-tab-header/index.js";

/** Creates a toolkit button; `action` names it for tests and styling (`data-action`). */
export function button(
    action: string,
    label: string,
    title: string,
    onClick: () => void,
    secondary = true,
): HTMLElement {
    const b = document.createElement("vscode-button");
    b.dataset.action = action;
    b.textContent = label;
    b.title = title;
    if (secondary) b.setAttribute("secondary", "");
    b.addEventListener("click", onClick);
    return b;
}
