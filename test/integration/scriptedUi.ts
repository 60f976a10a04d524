import * as vscode from "vscode";
import type { Choice, InputOptions, SaveOptions, Ui } from "../../src/userPrompts";

/**
 * An answer to the next question: a value (a file path for a save dialog), a choice picker, or
 * undefined for Escape.
 */
export type Answer = string | boolean | undefined | ((choices: Choice<unknown>[]) => unknown);

/**
 * Answers the extension's questions from a script and records every message, so a command runs
 * end to end without a person. A question with no scripted answer fails the test at once
 * instead of hanging it.
 */
export class ScriptedUi implements Ui {
    readonly messages: { level: "info" | "warn" | "error"; text: string }[] = [];
    /** Validation messages the input boxes showed (as a user would have seen them). */
    readonly validationMessages: string[] = [];
    readonly asked: string[] = [];
    /** Every modal confirmation asked, with its detail. */
    readonly confirms: { message: string; detail: string }[] = [];
    /** Every pick list shown: its title and what each choice showed. */
    readonly picks: { title: string; choices: Omit<Choice<unknown>, "value">[] }[] = [];
    /** Every input box shown. */
    readonly inputs: InputOptions[] = [];
    private readonly script: Answer[] = [];
    /** Buttons to press on the next messages that offer some; none pressed when empty. */
    private readonly presses: string[] = [];

    answer(...answers: Answer[]): this {
        this.script.push(...answers);
        return this;
    }

    /**
     * Presses these buttons, in turn, on the next messages that offer buttons. A message with
     * buttons and nothing left to press is dismissed, as a user who ignores a notification.
     */
    press(...buttons: string[]): this {
        this.presses.push(...buttons);
        return this;
    }

    /** Buttons given to {@link press} and not pressed yet. */
    get pendingPresses(): number {
        return this.presses.length;
    }

    private pressed(text: string, actions: string[]): string | undefined {
        if (actions.length === 0 || this.presses.length === 0) return undefined;
        const button = this.presses.shift();
        if (!actions.includes(button ?? ""))
            throw new Error(`no button "${button}" on "${text}" (${actions.join(", ")})`);
        return button;
    }

    get pending(): number {
        return this.script.length;
    }

    private next(question: string): Answer {
        this.asked.push(question);
        if (this.script.length === 0) throw new Error(`unexpected question: ${question}`);
        return this.script.shift();
    }

    async pick<T>(choices: Choice<T>[], options: { title?: string }): Promise<T | undefined> {
        this.picks.push({
            title: options.title ?? "",
            choices: choices.map(({ label, description, detail }) => ({
                label,
                description,
                detail,
            })),
        });
        const answer = this.next(`pick: ${options.title ?? ""}`);
        if (answer === undefined) return undefined;
        if (typeof answer === "function") return answer(choices as Choice<unknown>[]) as T;
        const found = choices.find(
            (c) => c.label === answer || c.description === answer || c.value === answer,
        );
        if (!found)
            throw new Error(
                `no choice "${String(answer)}" in ${choices.map((c) => c.label).join(", ")}`,
            );
        return found.value;
    }

    async input(options: InputOptions): Promise<string | undefined> {
        this.inputs.push(options);
        const answer = this.next(`input: ${options.title ?? options.prompt ?? ""}`);
        if (answer === undefined) return undefined;
        const text = String(answer);
        const problem = options.validate?.(text);
        if (problem) {
            // A real input box would not accept the value; the user would press Escape.
            this.validationMessages.push(problem);
            return undefined;
        }
        return text;
    }

    async confirm(message: string, detail: string): Promise<boolean> {
        this.confirms.push({ message, detail });
        return this.next(`confirm: ${message}`) === true;
    }

    async info(text: string, ...actions: string[]): Promise<string | undefined> {
        this.messages.push({ level: "info", text });
        return this.pressed(text, actions);
    }

    async warn(text: string, ...actions: string[]): Promise<string | undefined> {
        this.messages.push({ level: "warn", text });
        return this.pressed(text, actions);
    }

    async error(text: string, ...actions: string[]): Promise<string | undefined> {
        this.messages.push({ level: "error", text });
        return this.pressed(text, actions);
    }

    async saveFile(options: SaveOptions): Promise<vscode.Uri | undefined> {
        const answer = this.next(`save: ${options.title} (${options.fileName})`);
        return answer === undefined ? undefined : vscode.Uri.file(String(answer));
    }
}
