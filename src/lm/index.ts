// The editor's AI features: language model tools and the `@posthog` chat participant. Drafting
// with the editor's model is reached from the Draft command (src/lm/draftFlow.ts).
import { registerChatParticipant, type ChatParticipantDeps } from "./chatParticipant";
import { registerTools, type ToolDeps } from "./tools";

/** What the language model features use. */
export type LanguageModelDeps = ToolDeps & ChatParticipantDeps;

export function registerLanguageModelFeatures(ctx: LanguageModelDeps): void {
    registerTools(ctx);
    registerChatParticipant(ctx);
}
