import * as vscode from "vscode";
import { TOOL } from "./toolNames";
import type { ToolDeps } from "./tools";

/**
 * Registers each PostHog tool by name at activation, as a stand-in whose calls load the tools
 * (./tools.ts) once, on the first preparation or run, and go to the tool of that name.
 */
export function registerTools(deps: ToolDeps): void {
    let tools: Promise<ReadonlyMap<string, vscode.LanguageModelTool<never>>> | undefined;
    const real = async (name: string): Promise<vscode.LanguageModelTool<never>> => {
        tools ??= import("./tools").then(
            (m) => m.toolsByName(deps),
            (error: unknown) => {
                tools = undefined;
                throw error;
            },
        );
        const tool = (await tools).get(name);
        if (!tool) throw new Error(`the language model tool ${name} has no implementation`);
        return tool;
    };
    for (const name of Object.values(TOOL))
        deps.push(
            vscode.lm.registerTool<never>(name, {
                prepareInvocation: async (options, token) =>
                    (await real(name)).prepareInvocation?.(options, token),
                invoke: async (options, token) => (await real(name)).invoke(options, token),
            }),
        );
}
