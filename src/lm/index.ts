// The editor's AI features: language model tools and the `@posthog` chat participant. Drafting
// with the editor's model is reached from the Draft command (src/lm/draftFlow.ts).
import type { Ctx } from "../ctx";
import { registerChatParticipant } from "./chatParticipant";
import { trackOfferedContext } from "./offeredContext";
import { registerTools } from "./tools";

export function registerLanguageModelFeatures(ctx: Ctx): void {
    ctx.push(
        trackOfferedContext({
            signedIn: () => ctx.auth.session.state.signedIn,
            aiTools: () => ctx.config.aiTools,
            onDidChangeSession: ctx.auth.session.onDidChange,
            onDidChangeConfiguration: ctx.config.onDidChange,
        }),
    );
    registerTools(ctx);
    registerChatParticipant(ctx);
}
