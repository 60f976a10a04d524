// The editor's AI features: language model tools, the `@posthog` chat participant, and the
// state drafting with the editor's model keeps (src/lm/draftFlow.ts).
import type { Ctx } from "../ctx";
import { registerChatParticipant } from "./chatParticipant";
import { registerTools } from "./tools";

export function registerLanguageModelFeatures(ctx: Ctx): void {
    registerTools(ctx);
    registerChatParticipant(ctx);
}
