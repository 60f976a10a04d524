// The `@posthog` chat participant as activation registers it: VS Code needs the participant
// from the start, and what answers a request (./chatParticipant.ts, with the drafting and the
// schema reads under it) loads with the first request.
import * as vscode from "vscode";
import { lazily } from "../lazily";
import type { ChatParticipantDeps } from "./chatParticipant";

export const PARTICIPANT_ID = "posthog-workbench.posthog";

const chat = lazily(() => import("./chatParticipant"));

export function registerChatParticipant(deps: ChatParticipantDeps): void {
    const participant = vscode.chat.createChatParticipant(
        PARTICIPANT_ID,
        async (request, _context, stream, token) =>
            (await chat()).answerChatRequest(deps, request, stream, token),
    );
    participant.iconPath = vscode.Uri.joinPath(deps.extensionUri, "media", "posthog.svg");
    deps.push(participant);
}
