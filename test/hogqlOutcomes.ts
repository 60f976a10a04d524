// PostHog's outcome for a real HogQL query (test/fixtures/hogql-corpus-outcomes.json and
// hogql-unseen-outcomes.json; their READMEs say where each comes from) and whether an answer of
// the sandbox's query endpoint matches it.
import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";

export interface OutcomeEntry {
    query: string;
    /** repository:path of the PostHog file the query comes from */
    source: string;
    /** the commit of `source` that was read (the first 52 corpus entries name none) */
    commit?: string;
    outcome: "runs" | "parse_error" | "resolve_error" | "other";
    /** which PostHog code decides the outcome */
    why: string;
    /** PostHog's message, where the source asserts it */
    error?: string;
    /** A part of PostHog's message, where the source asserts only that the message contains it */
    errorContains?: string;
    /** PostHog's column names, where the source asserts them or they follow from it */
    columns?: string[];
    /** PostHog's rows, where the source asserts them and they do not depend on the data */
    results?: unknown[][];
    /** Why the sandbox cannot give PostHog's outcome (unseen set only; printed, never silent). */
    knownGap?: string;
}

/** What the query endpoint answered. */
export interface EndpointAnswer {
    status: number;
    text: string;
    /** the parsed body; JSON of any shape */
    json: unknown;
}

/** Runs a HogQL query on the sandbox's query endpoint over real HTTP, with the full key. */
export async function askSandbox(
    sb: { url: string; projectId: number; keys: { full: string } },
    query: string,
): Promise<EndpointAnswer> {
    const res = await fetch(`${sb.url}/api/projects/${sb.projectId}/query/`, {
        method: "POST",
        headers: { Authorization: `Bearer ${sb.keys.full}`, "Content-Type": "application/json" },
        body: JSON.stringify({ query: { kind: "HogQLQuery", query }, refresh: "force_blocking" }),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : null };
}

export function readOutcomes(file: string): OutcomeEntry[] {
    const full = path.join(__dirname, "..", "..", "test", "fixtures", file);
    return JSON.parse(fs.readFileSync(full, "utf8")) as OutcomeEntry[];
}

/** How the answer differs from PostHog's outcome, or null when it matches. */
export function outcomeMismatch(entry: OutcomeEntry, answer: EndpointAnswer): string | null {
    const body = (answer.json ?? {}) as { columns?: unknown; results?: unknown; detail?: unknown };
    const got = `${answer.status}: ${answer.text.slice(0, 200)}`;
    if (entry.outcome === "runs") {
        if (answer.status !== 200) return `expected it to run, got ${got}`;
        if (entry.columns && !isDeepStrictEqual(body.columns, entry.columns))
            return `expected columns ${JSON.stringify(entry.columns)}, got ${JSON.stringify(body.columns)}`;
        if (entry.results && !isDeepStrictEqual(body.results, entry.results))
            return `expected rows ${JSON.stringify(entry.results)}, got ${JSON.stringify(body.results)}`;
        return null;
    }
    if (answer.status < 400 || answer.status >= 600) return `expected ${entry.outcome}, got ${got}`;
    if (entry.error !== undefined && body.detail !== entry.error)
        return `expected "${entry.error}", got ${got}`;
    const detail = typeof body.detail === "string" ? body.detail : "";
    if (entry.errorContains !== undefined && !detail.includes(entry.errorContains))
        return `expected a message with "${entry.errorContains}", got ${got}`;
    return null;
}
