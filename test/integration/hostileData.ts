// Hostile names (test/fixtures/hostile-names.json) put into the shared sandbox as experiments and
// event definitions, newest first, for the suites that check where they end up; each call gives
// back the function that takes them out again.
import { randomUUID } from "node:crypto";
import { withinMaxLength } from "../contract/limits";
import type { EventDefinition, Sandbox } from "../sandbox";

/**
 * Adds one experiment per name, a copy of the seed's checkout experiment created now (so the
 * list, newest first, starts with them). Returns their ids and a function that removes them.
 */
export function addHostileExperiments(
    sandbox: Sandbox,
    names: readonly string[],
): { ids: number[]; remove(): void } {
    const seed = sandbox.state.experiments.find(
        (e) => e.name === "Checkout button color" && !e.deleted,
    );
    if (!seed) throw new Error("the seed has no checkout experiment");
    let id = Math.max(...sandbox.state.experiments.map((e) => e.id));
    const added = names.map((name) => ({
        ...structuredClone(seed),
        id: ++id,
        name,
        created_at: new Date().toISOString(),
    }));
    sandbox.state.experiments.push(...added);
    return {
        ids: added.map((e) => e.id),
        remove() {
            const ids = new Set(added.map((e) => e.id));
            const kept = sandbox.state.experiments.filter((e) => !ids.has(e.id));
            sandbox.state.experiments.splice(0, sandbox.state.experiments.length, ...kept);
        },
    };
}

/** Adds one event definition per name, its description the name too. */
export function addHostileDefinitions(sandbox: Sandbox, names: readonly string[]): () => void {
    const seed = sandbox.state.eventDefinitions[0];
    const added: EventDefinition[] = names.map((name) => ({
        ...structuredClone(seed),
        id: randomUUID(),
        // PostHog keeps at most the contract's maxLength of a name (posthog/models/event_definition.py
        // max_length); the description keeps the whole text.
        name: withinMaxLength(name, "EnterpriseEventDefinition", "name"),
        description: name,
    }));
    sandbox.state.eventDefinitions.push(...added);
    return () => {
        const kept = sandbox.state.eventDefinitions.filter((d) => !added.includes(d));
        sandbox.state.eventDefinitions.splice(0, sandbox.state.eventDefinitions.length, ...kept);
    };
}
