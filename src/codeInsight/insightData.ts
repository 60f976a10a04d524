// What the editor's hovers, completion, diagnostics and hints know about PostHog, fetched in a few
// batched requests and kept for the session: the event definitions, the experiments by flag key,
// and the volumes of the referenced events (one HogQL query for all of them). Nothing here is
// fetched per keystroke or per hover: names typed that PostHog has never received need no query
// (they are neither defined nor among the received names), and a failed refresh keeps what was
// there, marked stale.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import { readResponse, type EventDefinition, type ExperimentBasic } from "../api";
import type { ConfigDep, LogDep, SessionDep } from "../deps";
import { userMessageOf } from "../errorText";
import { experimentMetrics, hasStarted, metricFingerprint } from "../experiments/model";
import { pageMetric } from "../experiments/pageData";
import type { PrimaryResult } from "./hoverText";
import { mayFetch } from "./restricted";
import {
    readTopEvents,
    readVolumes,
    topEventsQuery,
    volumesQuery,
    type EventVolume,
} from "./volumes";

/** What the data uses: the session (its client and redaction), where the host came from, the log. */
export type InsightDataDeps = LogDep & SessionDep & ConfigDep<"hostSource">;

/** Most event definitions read; past it an unknown name is not called unknown (it may be later). */
const MAX_DEFINITIONS = 5000;
const MAX_EXPERIMENTS = 1000;
/** How long new names wait to join one volume query. */
const VOLUME_BATCH_MS = 400;

interface Loaded {
    definitions: Map<string, EventDefinition>;
    /** Every definition of the project was read. */
    definitionsComplete: boolean;
    /** 30-day counts of the most received names, most first. */
    received: Map<string, number>;
    experiments: Map<string, ExperimentBasic>;
}

export class InsightData implements vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<void>();
    /** Fires when anything fetched changed (hovers read on demand; diagnostics and hints redraw). */
    readonly onDidChange = this.changed.event;
    private loaded: Loaded | undefined;
    private loading: Promise<void> | undefined;
    private readonly volumes = new Map<string, EventVolume>();
    private readonly results = new Map<number, Promise<PrimaryResult | undefined>>();
    /** Names from open documents, and from the workspace index ({@link setReferencedEvents}). */
    private readonly documentNames = new Set<string>();
    private workspaceNames: readonly string[] = [];
    private pendingVolumes = new Set<string>();
    private volumeTimer: NodeJS.Timeout | undefined;
    /** The volume query each name is in while it runs (a hover waits for its name's). */
    private readonly fetching = new Map<string, Promise<void>>();
    /** Names a volume query has been sent for since the volumes were last cleared. */
    private readonly asked = new Set<string>();
    private generation = 0;
    private failed = false;
    private readonly subscription: vscode.Disposable;

    constructor(private readonly deps: InsightDataDeps) {
        // Another host or project: nothing fetched for the last one applies.
        this.subscription = deps.auth.session.onDidChange(() => this.clear());
    }

    /** The last refresh failed (offline, or an error): what is shown may be old. */
    get stale(): boolean {
        return this.failed;
    }

    /** Whether the definitions and experiments have been read (diagnostics need them). */
    get ready(): boolean {
        return this.loaded !== undefined;
    }

    definition(name: string): EventDefinition | undefined {
        return this.loaded?.definitions.get(name);
    }

    volume(name: string): EventVolume | undefined {
        return this.volumes.get(name);
    }

    /**
     * A name's volume for a hover: what is known, else the batch the name waits in, sent now
     * rather than after the batching pause, and awaited, so that the first hover on a file just
     * opened shows the volume. The batch stays one query for every name waiting in it; a name
     * known already, or that PostHog never received, sends nothing.
     */
    async volumeNow(name: string): Promise<EventVolume | undefined> {
        const known = this.volumes.get(name);
        if (known) return known;
        // Not queued when asked already (an answer without it, or a failure offline): hovers do
        // not ask again.
        this.queueVolumes([name]);
        if (this.pendingVolumes.has(name)) void this.sendWaitingVolumes();
        await this.fetching.get(name);
        return this.volumes.get(name);
    }

    /** Whether the name's volume has been asked for (on its way, answered, or failed). */
    volumeAsked(name: string): boolean {
        return this.asked.has(name);
    }

    experiment(flag: string): ExperimentBasic | undefined {
        return this.loaded?.experiments.get(flag);
    }

    experiments(): ExperimentBasic[] {
        return [...(this.loaded?.experiments.values() ?? [])];
    }

    /**
     * Whether PostHog has never received the event and has no definition of it. Undefined when
     * that cannot be told: nothing loaded yet, or the project has more definitions than were read.
     */
    neverReceived(name: string): boolean | undefined {
        const loaded = this.loaded;
        if (!loaded) return undefined;
        if (loaded.definitions.has(name) || loaded.received.has(name)) return false;
        return loaded.definitionsComplete ? true : undefined;
    }

    /** Known event names, most received first, then the defined ones never received lately. */
    eventNames(): string[] {
        const loaded = this.loaded;
        if (!loaded) return [];
        const names = [...loaded.received.keys()];
        const seen = new Set(names);
        for (const name of loaded.definitions.keys()) if (!seen.has(name)) names.push(name);
        return names;
    }

    /** The 30-day count of a received name (completion's order). */
    receivedCount(name: string): number {
        return this.loaded?.received.get(name) ?? 0;
    }

    /** Loads once per session (the first supported document asks); later calls share it. */
    ensureLoaded(): Promise<void> {
        this.loading ??= this.load();
        return this.loading;
    }

    /** Reads everything again (the Refresh command): definitions, experiments, every volume. */
    async refresh(): Promise<void> {
        // What is loaded stays until the new data replaces it: offline, hovers keep serving it.
        this.loading = this.load(true);
        await this.loading;
        if (this.failed)
            throw new Error(
                l10n.t(
                    "PostHog could not be reached; the editor keeps what it had. Check the connection and try again.",
                ),
            );
    }

    /**
     * The event names an open document uses: the defined or received ones without a volume yet
     * join the next batched volume query. A name PostHog has never received needs none.
     */
    referenceEvents(names: Iterable<string>): void {
        for (const name of names) this.documentNames.add(name);
        this.queueVolumes(names);
    }

    /**
     * Sends the names waiting for a volume now, in one query, rather than after the batching
     * pause: the documents just read have all been read, so no name is on its way to join them.
     */
    sendWaitingVolumes(): Promise<void> {
        clearTimeout(this.volumeTimer);
        this.volumeTimer = undefined;
        return this.fetchVolumes();
    }

    /**
     * Every event name the workspace uses (the workspace index calls this): their volumes come in
     * the same batched query as the open documents'.
     */
    setReferencedEvents(names: readonly string[]): void {
        this.workspaceNames = [...names];
        this.queueVolumes(names);
    }

    /**
     * The latest result of the primary metric of the experiment on this flag, as the experiment
     * page reads it (its getExperiment and timeseries results). Fetched once per experiment per
     * session; the documents that read the flag ask for it when they are read, before any hover.
     */
    primaryResult(experiment: ExperimentBasic): Promise<PrimaryResult | undefined> {
        let result = this.results.get(experiment.id);
        if (!result) {
            result = this.fetchPrimaryResult(experiment).catch((error: unknown) => {
                this.deps.log.warn(
                    `code insight: results of experiment ${experiment.id} failed: ${this.deps.auth.session.redact(String(error))}`,
                );
                this.results.delete(experiment.id);
                return undefined;
            });
            this.results.set(experiment.id, result);
        }
        return result;
    }

    private clear(): void {
        const wasAsked = this.loading !== undefined || this.loaded !== undefined;
        this.generation++;
        this.loaded = undefined;
        this.loading = undefined;
        this.volumes.clear();
        this.asked.clear();
        this.results.clear();
        this.pendingVolumes.clear();
        this.failed = false;
        this.changed.fire();
        // Documents are open and wanted the data: read it for the new session.
        if (wasAsked) void this.ensureLoaded();
    }

    private async load(again = false): Promise<void> {
        const generation = this.generation;
        if (!mayFetch(this.deps) || !this.deps.auth.session.state.signedIn) return;
        try {
            const client = await this.deps.auth.session.client();
            const [definitions, received, experiments] = await Promise.all([
                client.listEventDefinitions({ limit: 500 }).all(MAX_DEFINITIONS + 1),
                client
                    .runQuery(
                        { kind: "HogQLQuery", query: topEventsQuery() },
                        { name: "PostHog Workbench: received events for code insight" },
                    )
                    .then((run) => readResponse(run))
                    .then((response) => readTopEvents((response as { results?: unknown }).results)),
                client.listExperiments({ limit: 100, status: "all" }).all(MAX_EXPERIMENTS),
            ]);
            if (generation !== this.generation) return;
            this.deps.log.debug("code insight: definitions, received events and experiments read");
            this.loaded = {
                definitions: new Map(
                    definitions.slice(0, MAX_DEFINITIONS).map((d) => [d.name, d] as const),
                ),
                definitionsComplete: definitions.length <= MAX_DEFINITIONS,
                received,
                experiments: new Map(experiments.map((e) => [e.feature_flag_key, e] as const)),
            };
            this.failed = false;
            if (again) {
                this.volumes.clear();
                this.asked.clear();
                this.results.clear();
            }
            this.changed.fire();
            // The open documents' names, read while this loaded, go out at once (a hover is
            // likely soon); the batching pause is for names that trickle in.
            this.queueVolumes([...this.documentNames, ...this.workspaceNames]);
            void this.sendWaitingVolumes();
        } catch (error) {
            if (generation !== this.generation) return;
            this.noteFailure("loading definitions and experiments", error);
            // The next document or hover tries again; what was loaded before stays.
            this.loading = undefined;
        }
    }

    private queueVolumes(names: Iterable<string>): void {
        const loaded = this.loaded;
        if (!loaded) return;
        for (const name of names)
            if (
                !this.volumes.has(name) &&
                // Asked once: on its way, or failed (offline), until the Refresh command.
                !this.asked.has(name) &&
                (loaded.definitions.has(name) || loaded.received.has(name))
            )
                this.pendingVolumes.add(name);
        if (this.pendingVolumes.size === 0 || this.volumeTimer) return;
        this.volumeTimer = setTimeout(() => {
            this.volumeTimer = undefined;
            void this.fetchVolumes();
        }, VOLUME_BATCH_MS);
    }

    /** One HogQL query for every name waiting. */
    private fetchVolumes(): Promise<void> {
        const names = [...this.pendingVolumes];
        this.pendingVolumes.clear();
        if (names.length === 0 || !mayFetch(this.deps)) return Promise.resolve();
        const fetch: Promise<void> = this.queryVolumes(names).finally(() => {
            for (const name of names)
                if (this.fetching.get(name) === fetch) this.fetching.delete(name);
        });
        for (const name of names) {
            this.fetching.set(name, fetch);
            this.asked.add(name);
        }
        return fetch;
    }

    /** Never throws: a failure is noted (the data is then stale). */
    private async queryVolumes(names: string[]): Promise<void> {
        const generation = this.generation;
        try {
            const client = await this.deps.auth.session.client();
            this.deps.log.debug(`code insight: volumes of ${names.length} events asked`);
            const run = await client.runQuery(
                { kind: "HogQLQuery", query: volumesQuery(names) },
                { name: "PostHog Workbench: event volumes for code insight" },
            );
            const response = (await readResponse(run)) as { results?: unknown };
            if (generation !== this.generation) return;
            for (const [name, volume] of readVolumes(response.results, names))
                this.volumes.set(name, volume);
            this.deps.log.debug("code insight: volumes read");
            this.failed = false;
            this.changed.fire();
        } catch (error) {
            if (generation !== this.generation) return;
            this.noteFailure("loading event volumes", error);
        }
    }

    private async fetchPrimaryResult(e: ExperimentBasic): Promise<PrimaryResult | undefined> {
        if (!mayFetch(this.deps)) return undefined;
        const client = await this.deps.auth.session.client();
        const experiment = await client.getExperiment(e.id);
        const primary = experimentMetrics(experiment).find((m) => m.role === "primary");
        if (!primary) return undefined;
        if (!hasStarted(experiment)) {
            const page = pageMetric(primary, { kind: "notStarted" });
            return { metric: primary.name, statisticLabel: "", variants: [], note: page.note };
        }
        const data = await client.getTimeseriesResults(experiment.id, {
            metric_uuid: primary.uuid,
            fingerprint: metricFingerprint(primary.metric),
        });
        const page = pageMetric(primary, { kind: "loaded", data });
        const latest = page.timeseries?.latest;
        return {
            metric: primary.name,
            statisticLabel: page.timeseries?.statisticLabel ?? "",
            variants: (latest?.rows ?? [])
                .filter((row) => !row.control)
                .map((row) => ({
                    key: row.key,
                    statistic: row.statistic,
                    significant: row.isSignificant,
                    verdict: row.verdictText,
                })),
            note: page.note,
        };
    }

    private noteFailure(what: string, error: unknown): void {
        this.failed = true;
        this.deps.log.warn(
            `code insight: ${what} failed: ${this.deps.auth.session.redact(userMessageOf(error))}`,
        );
        this.changed.fire();
    }

    dispose(): void {
        clearTimeout(this.volumeTimer);
        this.subscription.dispose();
        this.changed.dispose();
    }
}
