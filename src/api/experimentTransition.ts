// One lifecycle action on an experiment, sent once, with an honest answer when the reply is lost.
//
// The actions are POSTs the client never repeats blindly (client.ts, `mode: "once"`): a second
// launch is refused ("Experiment has already been launched."), a second ship rewrites the flag
// again. When the reply does not arrive (the connection drops, the call times out, a proxy answers
// 502/504 in the service's place) the request may still have been applied. Instead of guessing,
// the experiment is read again and the state it is in says whether the action took effect.
import type { CallOptions } from "./core";
import type { PostHogClient } from "./client";
import { PostHogApiError, isCancellation, localError } from "./errors";
import type {
    ArchiveExperimentBody,
    EndExperimentBody,
    Experiment,
    ShipVariantBody,
} from "./types/experiments";

/** The lifecycle actions (src/experiments/lifecycle.ts `LifecycleAction` is this type). */
export type TransitionAction =
    "launch" | "pause" | "resume" | "end" | "ship_variant" | "reset" | "archive" | "unarchive";

/** The body each action takes; the others take none. */
export interface TransitionBodies {
    end: EndExperimentBody;
    ship_variant: ShipVariantBody;
    archive: ArchiveExperimentBody;
}

/** The body of an action: required for ship_variant, optional for end and archive, else none. */
export type TransitionBody<A extends TransitionAction> = A extends keyof TransitionBodies
    ? TransitionBodies[A]
    : undefined;

/**
 * What happened:
 * - `done`: PostHog answered; `experiment` is its answer.
 * - `done-reply-lost`: the reply was lost, and the experiment read again shows the action took
 *   effect; `experiment` is the one read again. Report it as done.
 * - `not-done-reply-lost`: the reply was lost, and the experiment read again shows the action did
 *   not take effect; `experiment` is the one read again (nothing changed). The caller may offer
 *   to try again.
 */
export type TransitionOutcome = "done" | "done-reply-lost" | "not-done-reply-lost";

/** The answer of {@link transitionExperiment}. */
export interface TransitionResult {
    /** The experiment as PostHog now has it. */
    experiment: Experiment;
    /** Whether the action took effect, and whether that was read from its reply or afterwards. */
    outcome: TransitionOutcome;
    /** When the reply was lost: the error that lost it (for the log). */
    lostReply?: PostHogApiError;
}

/** The `code` of the error thrown when the same experiment already has another action on the way. */
export const TRANSITION_BUSY_CODE = "transition_in_flight";

/**
 * Sends the action once and says what PostHog did.
 *
 * A refusal (4xx) is thrown as the client throws it: a PostHogApiError carrying PostHog's reason
 * (`detail`, and `userMessage` built from it), and for a 403 the scope the key is missing.
 * Cancellation is thrown as is (a launch cancelled after it was sent may still have been applied:
 * read the experiment again). When the reply is lost after the request may have reached the
 * server (status 0 with the request sent, or a 5xx), the experiment is read again and the
 * outcome says whether the action took effect; if that read fails too, the first error is thrown
 * with a message saying the action may or may not have been applied.
 *
 * Two calls for the same experiment on the same client while the first is on its way send one
 * request: the same action (and body) shares the first call's answer (and its cancellation, which
 * only the first call's signal can cause); another action is refused
 * at once with code {@link TRANSITION_BUSY_CODE}, nothing sent.
 */
export function transitionExperiment<A extends TransitionAction>(
    client: PostHogClient,
    id: number,
    action: A,
    body?: TransitionBody<A>,
    opts: CallOptions = {},
): Promise<TransitionResult> {
    const pending = inFlight(client);
    const key = JSON.stringify([action, body ?? null]);
    const running = pending.get(id);
    if (running) {
        if (running.key === key) return running.promise;
        return Promise.reject(
            localError(
                { method: "POST", path: `/experiments/${id}/${action}/` },
                {
                    code: TRANSITION_BUSY_CODE,
                    message: `Experiment ${id}: ${action} asked while ${running.action} is still on its way`,
                    userMessage:
                        "Another change to this experiment is still on its way; wait for it to finish, then try again.",
                },
            ),
        );
    }
    const promise = run(client, id, action, body, opts).finally(() => {
        if (pending.get(id)?.promise === promise) pending.delete(id);
    });
    pending.set(id, { key, action, promise });
    return promise;
}

interface Pending {
    key: string;
    action: TransitionAction;
    promise: Promise<TransitionResult>;
}

const IN_FLIGHT = new WeakMap<PostHogClient, Map<number, Pending>>();

function inFlight(client: PostHogClient): Map<number, Pending> {
    let map = IN_FLIGHT.get(client);
    if (!map) {
        map = new Map();
        IN_FLIGHT.set(client, map);
    }
    return map;
}

async function run(
    client: PostHogClient,
    id: number,
    action: TransitionAction,
    body: unknown,
    callOpts: CallOptions,
): Promise<TransitionResult> {
    try {
        const experiment = await send(client, id, action, body, callOpts);
        return { experiment, outcome: "done" };
    } catch (err) {
        if (!replyLost(err)) throw err;
        let after: Experiment;
        try {
            after = await client.getExperiment(id, callOpts);
        } catch (readErr) {
            if (isCancellation(readErr)) throw readErr;
            throw unknownOutcome(err);
        }
        const done = tookEffect(action, body, after);
        return {
            experiment: after,
            outcome: done ? "done-reply-lost" : "not-done-reply-lost",
            lostReply: err,
        };
    }
}

function send(
    client: PostHogClient,
    id: number,
    action: TransitionAction,
    body: unknown,
    opts: CallOptions,
): Promise<Experiment> {
    switch (action) {
        case "launch":
            return client.launchExperiment(id, opts);
        case "pause":
            return client.pauseExperiment(id, opts);
        case "resume":
            return client.resumeExperiment(id, opts);
        case "end":
            return client.endExperiment(id, (body ?? {}) as EndExperimentBody, opts);
        case "ship_variant":
            return client.shipVariant(id, body as ShipVariantBody, opts);
        case "reset":
            return client.resetExperiment(id, opts);
        case "archive":
            return client.archiveExperiment(id, (body ?? {}) as ArchiveExperimentBody, opts);
        case "unarchive":
            return client.unarchiveExperiment(id, opts);
    }
}

/**
 * Whether the error leaves open that the server applied the action: no reply although the request
 * went (status 0 and not `notSent`: reset connection, timeout, the call's deadline, a reply too
 * large or unreadable), or a 5xx (the service failed after it may have written, or a proxy
 * answered in its place). A 4xx is PostHog's refusal: nothing was applied.
 */
function replyLost(err: unknown): err is PostHogApiError {
    if (!(err instanceof PostHogApiError) || isCancellation(err)) return false;
    if (err.status === 0) return err.notSent !== true;
    return err.status >= 500;
}

/**
 * Whether the experiment read after a lost reply shows the action's effect, by the state each
 * action leaves (experiment_service.py, code index id 54491625298): launch sets start_date; pause
 * and resume set the flag's `active`; end sets end_date; reset clears start_date; archive and
 * unarchive set `archived`; ship_variant gives the variant 100% of the flag's variant split and
 * ends a running experiment.
 */
function tookEffect(action: TransitionAction, body: unknown, after: Experiment): boolean {
    const started = !!after.start_date;
    const ended = started && !!after.end_date;
    const flagActive = after.feature_flag?.active;
    switch (action) {
        case "launch":
            return started;
        case "pause":
            return started && !ended && flagActive === false;
        case "resume":
            return started && !ended && flagActive === true;
        case "end":
            return ended && conclusionMatches(body as EndExperimentBody | undefined, after);
        case "reset":
            return !started;
        case "archive":
            return after.archived === true;
        case "unarchive":
            return after.archived === false;
        case "ship_variant":
            // Shipping again what an ended experiment's flag already serves leaves the same state:
            // then the answer is "done", which is what the user asked for.
            return ended && shipsOnly(after, (body as ShipVariantBody).variant_key);
    }
}

/** Whether the conclusion the body set (if any) is the experiment's. */
function conclusionMatches(body: EndExperimentBody | undefined, after: Experiment): boolean {
    if (!body || body.conclusion === undefined || body.conclusion === null) return true;
    return after.conclusion === body.conclusion;
}

/** Whether the flag's variant split gives `variant` 100% and every other variant 0. */
function shipsOnly(experiment: Experiment, variant: string): boolean {
    const variants = experiment.feature_flag?.filters?.multivariate?.variants;
    if (!Array.isArray(variants) || variants.length === 0) return false;
    return variants.every((v) =>
        v.key === variant ? v.rollout_percentage === 100 : v.rollout_percentage === 0,
    );
}

/** The lost reply's error, saying that the action may or may not have been applied. */
function unknownOutcome(err: PostHogApiError): PostHogApiError {
    return new PostHogApiError({
        status: err.status,
        method: err.method,
        path: err.path,
        message: `${err.message}; reading the experiment again failed too, so whether it was applied is unknown`,
        userMessage: `${err.userMessage.replace(/[.!?…]$/, "")}; the change may or may not have been applied: refresh the experiment to see its state before trying again.`,
        type: err.type,
        code: err.code,
        detail: err.detail,
        attr: err.attr,
        extra: err.extra,
        retryAfterSeconds: err.retryAfterSeconds,
        notSent: err.notSent,
        cause: err,
    });
}
