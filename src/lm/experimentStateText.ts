// What the experiment state tool answers: one experiment's state and the lifecycle actions PostHog
// allows on it now, each refused one with PostHog's reason. Read-only: it names the editor's
// commands that run an action (each asks the user first), it never runs one. No `vscode` here, so
// the unit tests run it against the sandbox in Node. Server strings go in code spans (./markdown.ts).
import type { Experiment, PostHogClient } from "../api";
import { LIFECYCLE_ACTIONS, refusalReason, type LifecycleAction } from "../experiments/lifecycle";
import { experimentVariants, statusText } from "../experiments/model";
import { name } from "./markdown";

/** What each action does, and the editor command that runs it (its palette title). */
const ACTIONS: Record<LifecycleAction, { does: string; command: string }> = {
    launch: {
        does: "activates the flag and starts the experiment",
        command: "PostHog: Launch Experiment",
    },
    pause: {
        does: "turns the flag off; users get no variant until it resumes",
        command: "PostHog: Pause Experiment",
    },
    resume: {
        does: "turns the flag back on; users get their variants again",
        command: "PostHog: Resume Experiment",
    },
    end: {
        does: "ends it with a conclusion; the flag is left as it is",
        command: "PostHog: End Experiment",
    },
    ship_variant: {
        does: "serves one variant to everyone, and ends it if it is running",
        command: "PostHog: Ship Variant",
    },
    reset: {
        does: "clears the dates and conclusion and goes back to draft",
        command: "PostHog: Reset Experiment to Draft",
    },
    archive: { does: "hides it from the lists", command: "PostHog: Archive Experiment" },
    unarchive: { does: "shows it in the lists again", command: "PostHog: Unarchive Experiment" },
};

/** The experiment's state and its allowed actions, as Markdown for the model. */
export async function experimentStateText(
    client: PostHogClient,
    id: number,
    signal?: AbortSignal,
): Promise<string> {
    const e: Experiment = await client.getExperiment(id, { signal });
    const flag = e.feature_flag;
    const flagState = flag?.active === undefined ? "unknown" : flag.active ? "active" : "off";
    const variants = experimentVariants(e)
        .map((v) => `${name(v.key)}${v.rollout === undefined ? "" : ` (${v.rollout}%)`}`)
        .join(", ");
    const lines = [
        `# Experiment ${e.id}: ${name(e.name)}`,
        "",
        `State: ${name(statusText(e))}${e.archived ? " (archived)" : ""}; ` +
            `flag ${name(e.feature_flag_key)} ${flagState}; ` +
            `start ${e.start_date ? name(e.start_date) : "none"}; ` +
            `end ${e.end_date ? name(e.end_date) : "none"}` +
            (e.conclusion ? `; conclusion ${name(e.conclusion)}` : ""),
        "",
        `Variants: ${variants || "none"}`,
        "",
        "## Actions PostHog allows now",
        "",
    ];
    const refused: string[] = [];
    let allowed = 0;
    for (const action of LIFECYCLE_ACTIONS) {
        const reason = refusalReason(e, action);
        const { does, command } = ACTIONS[action];
        if (reason === undefined) {
            allowed++;
            lines.push(`- ${action}: ${does} (command "${command}")`);
        } else refused.push(`- ${action}: ${name(reason)}`);
    }
    if (allowed === 0) lines.push("None.");
    lines.push("", "## Refused now, with PostHog's reason", "", ...refused);
    lines.push(
        "",
        "This tool only reads. The user runs an action with its command in the editor, which asks them to confirm.",
    );
    return lines.join("\n");
}
