// Sends one lifecycle action through the API's transitionExperiment (sent once; after a lost reply
// the experiment is read again instead of sent again) and sorts its answer into what the editor
// shows: done, done or not done after a lost reply, refused with PostHog's reason, or busy.
import type { Experiment, PostHogClient, TransitionResult } from "../api";
import { loadApi } from "../apiLoader";
import type { RunAction } from "./lifecycleActions";

/** What became of a sent action. */
export type Sent =
    /** PostHog answered with the experiment. */
    | { kind: "done"; experiment: Experiment }
    /** The reply was lost; the experiment read again shows the action took effect. */
    | { kind: "doneReplyLost"; experiment: Experiment }
    /** The reply was lost; the experiment read again shows it did not (nothing sent again). */
    | { kind: "notDoneReplyLost"; experiment: Experiment }
    /** PostHog refused it (400, or 409 for an approval policy on the flag): its reason. */
    | { kind: "refused"; reason: string }
    /** Another action on the same experiment is still on its way: nothing sent. */
    | { kind: "busy"; message: string };

export async function send(
    client: PostHogClient,
    id: number,
    action: RunAction,
    body: Record<string, unknown>,
    signal: AbortSignal,
): Promise<Sent> {
    // The API bundle's own function (apiLoader): its errors are that bundle's classes.
    const api = loadApi();
    let result: TransitionResult;
    try {
        result = await api.transitionExperiment(
            client,
            id,
            action,
            (Object.keys(body).length ? body : undefined) as never,
            { signal },
        );
    } catch (error) {
        const e = error as { status?: unknown; code?: unknown; userMessage?: unknown } | null;
        if (e?.code === api.TRANSITION_BUSY_CODE)
            return { kind: "busy", message: String(e.userMessage ?? "") };
        const reason = refusal(error);
        if (reason !== undefined) return { kind: "refused", reason };
        // A 403 (its message names the missing scope), an unknown outcome, a cancel: thrown.
        throw error;
    }
    switch (result.outcome) {
        case "done":
            return { kind: "done", experiment: result.experiment };
        case "done-reply-lost":
            return { kind: "doneReplyLost", experiment: result.experiment };
        case "not-done-reply-lost":
            return { kind: "notDoneReplyLost", experiment: result.experiment };
    }
}

/**
 * PostHog's own sentence of a refusal (400, or 409 when an approval policy holds a ship), or
 * undefined for any other failure. Read from the error's fields, not `instanceof`.
 */
function refusal(error: unknown): string | undefined {
    const e = error as { status?: unknown; detail?: unknown; userMessage?: unknown } | null;
    if (!e || (e.status !== 400 && e.status !== 409)) return undefined;
    if (typeof e.detail === "string" && e.detail) return e.detail;
    return typeof e.userMessage === "string" ? e.userMessage : undefined;
}
