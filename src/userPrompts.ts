import * as vscode from "vscode";
import { withoutLinks } from "./shared/plainText";

/** One choice in a pick list; `value` is what the caller gets back. */
export interface Choice<T> {
    label: string;
    description?: string;
    detail?: string;
    value: T;
}

export interface InputOptions {
    title?: string;
    prompt?: string;
    value?: string;
    placeHolder?: string;
    password?: boolean;
    /** Returns a message while the value is unacceptable. */
    validate?: (value: string) => string | undefined;
}

export interface SaveOptions {
    /** The name offered, in the first workspace folder. */
    fileName: string;
    /** Label -> extensions, as the save dialog takes them. */
    filters: Record<string, string[]>;
    saveLabel: string;
    title: string;
}

/**
 * Everything that asks the user something or tells them something goes through this interface.
 * The real implementation is VS Code's UI; integration tests install a scripted one so that a
 * command runs end to end with its inputs answered, and the messages it shows can be checked.
 */
export interface Ui {
    pick<T>(
        choices: Choice<T>[],
        options: { title?: string; placeHolder?: string },
    ): Promise<T | undefined>;
    input(options: InputOptions): Promise<string | undefined>;
    /** A modal confirmation; resolves true only when the user chose `confirmLabel`. */
    confirm(message: string, detail: string, confirmLabel: string): Promise<boolean>;
    info(message: string, ...actions: string[]): Promise<string | undefined>;
    warn(message: string, ...actions: string[]): Promise<string | undefined>;
    error(message: string, ...actions: string[]): Promise<string | undefined>;
    /** Asks where to save a file; undefined when the user cancelled. */
    saveFile(options: SaveOptions): Promise<vscode.Uri | undefined>;
}

export const vscodeUi: Ui = {
    async pick(choices, options) {
        const picked = await vscode.window.showQuickPick(choices, {
            title: options.title,
            placeHolder: options.placeHolder,
            ignoreFocusOut: true,
            matchOnDescription: true,
            matchOnDetail: true,
        });
        return picked?.value;
    },
    input(options) {
        return Promise.resolve(
            vscode.window.showInputBox({
                title: options.title,
                prompt: options.prompt,
                value: options.value,
                placeHolder: options.placeHolder,
                password: options.password,
                ignoreFocusOut: true,
                validateInput: options.validate,
            }),
        );
    },
    // Messages and a modal's detail turn `[label](target)` into live links, command URIs
    // included; callers make the names in them plain (plainText.ts), and this is the last guard.
    async confirm(message, detail, confirmLabel) {
        const answer = await vscode.window.showWarningMessage(
            withoutLinks(message),
            { modal: true, detail: withoutLinks(detail) },
            confirmLabel,
        );
        return answer === confirmLabel;
    },
    info: (message, ...actions) =>
        Promise.resolve(vscode.window.showInformationMessage(withoutLinks(message), ...actions)),
    warn: (message, ...actions) =>
        Promise.resolve(vscode.window.showWarningMessage(withoutLinks(message), ...actions)),
    error: (message, ...actions) =>
        Promise.resolve(vscode.window.showErrorMessage(withoutLinks(message), ...actions)),
    saveFile({ fileName, ...options }) {
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
        return Promise.resolve(
            vscode.window.showSaveDialog({
                ...options,
                defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
            }),
        );
    },
};
