// The actions that run an experiment through its life: launch, pause, resume, end, ship a variant,
// reset to draft, unarchive. Each asks what it needs, sends one request (never two at once for one
// experiment, never a blind retry after a lost reply), then puts the answer in the tree and on an
// open page, and says what changed. The states each is offered in come from ./lifecycle.ts.
import * as vscode from "vscode";
import type { Experiment, ExperimentBasic } from "../api";
import { inLabel, inMessage, quotedInMessage } from "../shared/plainText";
import { withProgress } from "../progress";
import type { ExperimentActionDeps } from "./actions";
import { audienceLines, splitText } from "./audience";
import {
    allowedActions,
    CONCLUSION_COMMENT_MAX,
    CONCLUSIONS,
    conclusionLabel,
    INVERSE_ACTION,
    type LifecycleAction,
    shippableVariants,
} from "./lifecycle";
import { experimentVariants, statusText } from "./model";
import { send, type Sent } from "./lifecycleSend";

/** The actions this file runs (archive keeps its own flow in ./actions.ts). */
export type RunAction = Exclude<LifecycleAction, "archive">;

/** The experiments with a request on its way: a second click on one of them sends nothing. */
const inFlight = new Set<number>();

/**
 * Runs `work` unless a request for the experiment is already on its way, in which case it says so
 * and does nothing (a double click, or the tree's and the page's button pressed together).
 */
async function once<T>(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
    work: () => Promise<T>,
): Promise<T | undefined> {
    if (inFlight.has(experiment.id)) {
        void deps.ui.info(
            vscode.l10n.t(
                "{0} is already being changed; wait for that to finish.",
                quotedInMessage(experiment.name),
            ),
        );
        return undefined;
    }
    inFlight.add(experiment.id);
    try {
        return await work();
    } finally {
        inFlight.delete(experiment.id);
    }
}

/** Runs one lifecycle action on an experiment: asks, sends, shows the outcome. */
export async function runLifecycle(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
    action: RunAction,
): Promise<Experiment | undefined> {
    const outcome = await once(deps, experiment, async () => {
        const body = await ask(deps, experiment, action);
        if (body === undefined) return undefined;
        return transition(deps, experiment, action, body);
    });
    if (!outcome) return undefined;
    // Said once the experiment is free again, so that Undo is not taken for a second click.
    const undo = undoOf(action);
    if (!undo) {
        void deps.ui.info(outcome.text);
        return outcome.experiment;
    }
    const label = vscode.l10n.t("Undo");
    void deps.ui.info(outcome.text, label).then(async (choice) => {
        if (choice !== label) return;
        // The inverse, on the experiment as PostHog returned it; its failures are reported.
        try {
            await runLifecycle(deps, outcome.experiment, undo);
        } catch (error) {
            await deps.reportError(vscode.l10n.t("Undo"), error);
        }
    });
    return outcome.experiment;
}

/** A done action: the experiment as PostHog has it now, and the sentence that says so. */
interface Done {
    experiment: Experiment;
    text: string;
}

/**
 * What the action sends, after the user's answers and confirmation; undefined when they
 * cancelled.
 */
async function ask(
    deps: ExperimentActionDeps,
    e: ExperimentBasic,
    action: RunAction,
): Promise<Record<string, unknown> | undefined> {
    switch (action) {
        case "launch":
            return (await confirmLaunch(deps, e)) ? {} : undefined;
        case "end":
            return askEnd(deps, e);
        case "ship_variant":
            return askShip(deps, e);
        case "reset":
            return (await confirmReset(deps, e)) ? {} : undefined;
        case "pause":
        case "resume":
        case "unarchive":
            return {};
    }
}

/**
 * Launch activates the flag and starts the experiment (PostHog's ExperimentViewSet.launch,
 * products/experiments/backend/presentation/views.py): the modal says who starts seeing the
 * variants, from the flag's release conditions and its split.
 */
function confirmLaunch(deps: ExperimentActionDeps, e: ExperimentBasic): Promise<boolean> {
    const split = splitText(e);
    const lines = [
        vscode.l10n.t(
            "Its feature flag {0} becomes active and the experiment starts now.",
            inMessage(e.feature_flag_key),
        ),
        vscode.l10n.t("Users who start seeing the variants:"),
        ...audienceLines(e).map((line) => `• ${inMessage(line)}`),
        split === undefined
            ? vscode.l10n.t("The flag has no variants.")
            : vscode.l10n.t("Split between the variants: {0}.", inMessage(split)),
    ];
    return deps.ui.confirm(
        vscode.l10n.t("Launch {0}?", quotedInMessage(e.name)),
        lines.join("\n"),
        vscode.l10n.t("Launch"),
    );
}

/** End: one of PostHog's conclusions, then an optional comment (EndExperimentSerializer). */
async function askEnd(
    deps: ExperimentActionDeps,
    e: ExperimentBasic,
): Promise<Record<string, unknown> | undefined> {
    const conclusion = await deps.ui.pick(
        CONCLUSIONS.map((c) => ({
            label: conclusionLabel(c.value),
            description: c.value,
            value: c.value,
        })),
        {
            title: vscode.l10n.t("End {0} (1/2): conclusion", quotedInMessage(e.name)),
            placeHolder: vscode.l10n.t(
                "The flag stays as it is: users keep their variants. Results stop at the end date.",
            ),
        },
    );
    if (conclusion === undefined) return undefined;
    const comment = await deps.ui.input({
        title: vscode.l10n.t("End {0} (2/2): comment", quotedInMessage(e.name)),
        prompt: vscode.l10n.t("Why it ended, for your team (optional; Enter to skip)"),
        validate: (text) =>
            text.length > CONCLUSION_COMMENT_MAX
                ? vscode.l10n.t(
                      "The comment is too long: at most {0} characters.",
                      CONCLUSION_COMMENT_MAX,
                  )
                : undefined,
    });
    if (comment === undefined) return undefined;
    return comment.trim() ? { conclusion, conclusion_comment: comment.trim() } : { conclusion };
}

/**
 * Ship Variant: the variant, then a modal saying the flag serves it to everyone. It sends
 * `release_to_everyone` so that this is true: PostHog otherwise keeps the flag's release
 * conditions and serves the variant only to users who match them (ExperimentViewSet.ship_variant,
 * products/experiments/backend/presentation/views.py).
 */
async function askShip(
    deps: ExperimentActionDeps,
    e: ExperimentBasic,
): Promise<Record<string, unknown> | undefined> {
    // The flag's own variants: PostHog refuses any other key (lifecycle.ts shippableVariants).
    const split = new Map(experimentVariants(e).map((v) => [v.key, v.rollout]));
    const variants = shippableVariants(e).map((key) => ({ key, rollout: split.get(key) }));
    if (variants.length === 0) {
        void deps.ui.warn(
            vscode.l10n.t(
                "{0} has no variants to ship: its flag {1} is not multivariate.",
                quotedInMessage(e.name),
                inMessage(e.feature_flag_key),
            ),
        );
        return undefined;
    }
    const variant = await deps.ui.pick(
        variants.map((v) => ({
            label: inLabel(v.key),
            description: v.rollout === undefined ? undefined : `${v.rollout}%`,
            value: v.key,
        })),
        { title: vscode.l10n.t("Ship a variant of {0}", quotedInMessage(e.name)) },
    );
    if (variant === undefined) return undefined;
    const ended = allowedActions(e).includes("end")
        ? vscode.l10n.t("The experiment also ends now.")
        : vscode.l10n.t("The experiment has already ended; only the flag changes.");
    const confirmed = await deps.ui.confirm(
        vscode.l10n.t("Ship {0} of {1}?", inMessage(variant), quotedInMessage(e.name)),
        [
            vscode.l10n.t(
                "The flag {0} will serve {1} to everyone: 100% of users, replacing its release conditions.",
                inMessage(e.feature_flag_key),
                inMessage(variant),
            ),
            ended,
        ].join("\n"),
        vscode.l10n.t("Ship"),
    );
    return confirmed ? { variant_key: variant, release_to_everyone: true } : undefined;
}

/**
 * Reset: what PostHog clears (ExperimentViewSet.reset, products/experiments/backend/presentation/
 * views.py: start and end dates, conclusion, archived; the flag is left unchanged).
 */
function confirmReset(deps: ExperimentActionDeps, e: ExperimentBasic): Promise<boolean> {
    const lines = [
        vscode.l10n.t(
            "Its start and end dates and its conclusion are cleared, and it goes back to draft.",
        ),
        vscode.l10n.t(
            "Events collected so far stay in PostHog but are left out of its results after a new launch.",
        ),
        vscode.l10n.t(
            "The flag {0} is left as it is: users keep seeing their variants.",
            inMessage(e.feature_flag_key),
        ),
    ];
    if (e.archived) lines.push(vscode.l10n.t("It is also unarchived."));
    const title = vscode.l10n.t("Reset {0} to draft?", quotedInMessage(e.name));
    return deps.ui.confirm(title, lines.join("\n"), vscode.l10n.t("Reset"));
}

/** Sends the action, and puts its outcome in the tree and on the page. */
async function transition(
    deps: ExperimentActionDeps,
    e: ExperimentBasic,
    action: RunAction,
    body: Record<string, unknown>,
): Promise<Done | undefined> {
    const client = await deps.auth.session.client();
    const sent = await withProgress(progressTitle(action, e), ({ signal }) =>
        send(client, e.id, action, body, signal),
    );
    return settle(deps, e, action, body, sent);
}

/** Puts the outcome of a sent action in place; what to say when it was done. */
function settle(
    deps: ExperimentActionDeps,
    e: ExperimentBasic,
    action: RunAction,
    body: Record<string, unknown>,
    sent: Sent,
): Done | undefined {
    switch (sent.kind) {
        case "busy":
            void deps.ui.info(sent.message);
            return undefined;
        case "refused":
            // PostHog's reason as plain text; the tree is left as it was.
            void deps.ui.warn(refusedText(action, e, sent.reason));
            return undefined;
        case "notDoneReplyLost":
            // Read again after the lost reply: nothing changed, and nothing is sent again.
            deps.views.experiments.place(sent.experiment);
            void deps.ui.warn(
                vscode.l10n.t(
                    "The reply was lost, and PostHog shows {0} still {1}: it did not take effect. Nothing was sent again; try again if you still want it.",
                    quotedInMessage(sent.experiment.name),
                    inMessage(statusText(sent.experiment)),
                ),
            );
            return undefined;
        case "done":
        case "doneReplyLost":
            break;
    }
    const updated = sent.experiment;
    deps.views.experiments.place(updated);
    void deps.documents.refreshDetails(updated.id);
    const text = doneText(action, updated, body);
    return {
        experiment: updated,
        text:
            sent.kind === "doneReplyLost"
                ? vscode.l10n.t(
                      "{0} (The reply was lost; PostHog shows the change was made, so nothing was sent again.)",
                      text,
                  )
                : text,
    };
}

/** PostHog's inverse action, where it has one (pause and resume). */
function undoOf(action: RunAction): RunAction | undefined {
    const inverse = INVERSE_ACTION[action];
    return inverse === "archive" ? undefined : inverse;
}

/** Each action's progress title, one sentence each so that each translates whole. */
const PROGRESS_TITLE: Record<RunAction, (name: string) => string> = {
    launch: (name) => vscode.l10n.t("Launching {0}...", name),
    pause: (name) => vscode.l10n.t("Pausing {0}...", name),
    resume: (name) => vscode.l10n.t("Resuming {0}...", name),
    end: (name) => vscode.l10n.t("Ending {0}...", name),
    ship_variant: (name) => vscode.l10n.t("Shipping a variant of {0}...", name),
    reset: (name) => vscode.l10n.t("Resetting {0}...", name),
    unarchive: (name) => vscode.l10n.t("Unarchiving {0}...", name),
};

function progressTitle(action: RunAction, e: ExperimentBasic): string {
    return PROGRESS_TITLE[action](quotedInMessage(e.name));
}

function doneText(action: RunAction, e: ExperimentBasic, body: Record<string, unknown>): string {
    const name = quotedInMessage(e.name);
    const flag = inMessage(e.feature_flag_key);
    switch (action) {
        case "launch":
            return vscode.l10n.t(
                "Launched {0}: its flag {1} is active and users get the variants.",
                name,
                flag,
            );
        case "pause":
            return vscode.l10n.t(
                "Paused {0}: its flag {1} is off, so users get no variant.",
                name,
                flag,
            );
        case "resume":
            return vscode.l10n.t(
                "Resumed {0}: its flag {1} is on again, users keep their variants.",
                name,
                flag,
            );
        case "end":
            return vscode.l10n.t(
                "Ended {0} ({1}). Its flag {2} is unchanged: users keep their variants.",
                name,
                inMessage(conclusionLabel(String(body.conclusion ?? e.conclusion ?? ""))),
                flag,
            );
        case "ship_variant":
            return vscode.l10n.t(
                "Shipped {0} of {1}: its flag {2} serves it to everyone. The experiment has ended.",
                inMessage(String(body.variant_key)),
                name,
                flag,
            );
        case "reset":
            return vscode.l10n.t("Reset {0} to draft.", name);
        case "unarchive":
            return vscode.l10n.t("Unarchived {0}.", name);
    }
}

/** PostHog's refusal of each action, one sentence each so that each translates whole. */
const REFUSED: Record<RunAction, (name: string, why: string) => string> = {
    launch: (name, why) => vscode.l10n.t("PostHog did not launch {0}: {1}", name, why),
    pause: (name, why) => vscode.l10n.t("PostHog did not pause {0}: {1}", name, why),
    resume: (name, why) => vscode.l10n.t("PostHog did not resume {0}: {1}", name, why),
    end: (name, why) => vscode.l10n.t("PostHog did not end {0}: {1}", name, why),
    ship_variant: (name, why) =>
        vscode.l10n.t("PostHog did not ship a variant of {0}: {1}", name, why),
    reset: (name, why) => vscode.l10n.t("PostHog did not reset {0}: {1}", name, why),
    unarchive: (name, why) => vscode.l10n.t("PostHog did not unarchive {0}: {1}", name, why),
};

function refusedText(action: RunAction, e: ExperimentBasic, reason: string): string {
    return REFUSED[action](quotedInMessage(e.name), inMessage(reason));
}
