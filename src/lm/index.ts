// The editor's AI features: language model tools and the `@posthog` chat participant. Drafting
// with the editor's model is reached from the Draft command (src/lm/draftFlow.ts).
import type { ConfigDep } from "../deps";
import type { ChatParticipantDeps } from "./chatParticipant";
import { registerChatParticipant } from "./chatRegistration";
import { trackOfferedContext } from "./offeredContext";
import { registerTools } from "./lazyTools";
import type { ToolDeps } from "./tools";

/** What the language model features use. */
export type LanguageModelDeps = ToolDeps &
    ChatParticipantDeps &
    ConfigDep<"aiTools" | "onDidChange">;

export function registerLanguageModelFeatures(deps: LanguageModelDeps): void {
    deps.push(
        trackOfferedContext({
            signedIn: () => deps.auth.session.state.signedIn,
            aiTools: () => deps.config.aiTools,
            onDidChangeSession: deps.auth.session.onDidChange,
            onDidChangeConfiguration: deps.config.onDidChange,
        }),
    );
    registerTools(deps);
    registerChatParticipant(deps);
}
