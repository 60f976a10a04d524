import type { BearerSource } from "./bearer";
import { ApiCore, type CallOptions } from "./core";
import { PostHogApiError, localError } from "./errors";
import { checkHost } from "./host";
import { HttpTransport, resolveTimeouts, type QueryParams, type Timeouts } from "./http";
import { silentLog, type LogFn } from "./log";
import type { NetworkSettings } from "./network";
import { PageIterator, fetchPage, normalizePage, type PageOptions } from "./pagination";
import { idSegment } from "./paths";
import * as q from "./query";
import { runQuery, type QueryRun, type RunQueryOptions } from "./queryRun";
import { redact } from "./redact";
import { resolveRetryOptions, type RetryOptions } from "./retry";
import type { Page } from "./types/common";
import type {
    EventDefinition,
    EventDefinitionPatch,
    ListEventDefinitionsParams,
} from "./types/eventDefinitions";
import type {
    ArchiveExperimentBody,
    DuplicateExperimentBody,
    EndExperimentBody,
    Experiment,
    ExperimentBasic,
    ExperimentWrite,
    ExposureCohortResponse,
    ListExperimentsParams,
    RecalculateTimeseriesBody,
    RecalculationRequest,
    RequiresFlagImplementationResponse,
    ShipVariantBody,
    TimeseriesParams,
    TimeseriesResults,
} from "./types/experiments";
import type {
    EligibleFeatureFlagsParams,
    EligibleFeatureFlagsResponse,
} from "./types/featureFlags";
import type { InsightVariable } from "./types/insightVariables";
import type { Project } from "./types/projects";
import type * as qt from "./types/query";
import type { CurrentUser } from "./types/users";
import { USER_AGENT } from "./version";

/** Settings of a {@link PostHogClient}. */
export interface PostHogClientOptions {
    /** Host, e.g. `https://us.posthog.com`; http only for loopback. Validated and normalised. */
    host: string;
    /** Personal API key (`phx_...`). Sent only as `Authorization: Bearer` to `host`. */
    apiKey: string;
    /** Project id for the project-scoped methods. */
    projectId?: number | string;
    /** Log sink; receives method, path, status, duration and retries, never the key. */
    log?: LogFn;
    /** Timeouts in ms. */
    timeouts?: Timeouts;
    /** Retry settings. */
    retry?: RetryOptions;
    /** User-Agent (default `posthog-workbench/<version>`). */
    userAgent?: string;
    /** Largest response body read, in bytes. */
    maxResponseBytes?: number;
    /** Ask for gzip bodies (default: yes, unless the host is loopback; see `HttpTransport`). */
    acceptGzip?: boolean;
    /** Proxy and certificate settings; default: the environment's proxy, Node's authorities. */
    network?: NetworkSettings;
}

/**
 * The transport and retrying core of a client for `origin` (checked), built from its options;
 * with `bearer` (an OAuth sign-in, bearerClient.ts) the source's token is sent instead of the key.
 * Internal: not exported from the API's index.
 */
export function clientCore(
    origin: string,
    options: PostHogClientOptions,
    bearer?: BearerSource,
): ApiCore {
    const apiKey = options.apiKey.trim();
    const userLog = options.log ?? silentLog;
    // Belt and braces: whatever reaches the sink has keys removed (an OAuth token has the pha_/phr_
    // shapes redact() removes, and a bearer header is removed as well).
    const log: LogFn = (level, message) => userLog(level, redact(message, apiKey));
    const timeouts = resolveTimeouts(options.timeouts);
    const http = new HttpTransport({
        origin,
        apiKey,
        bearer,
        userAgent: options.userAgent ?? USER_AGENT,
        timeouts,
        log,
        maxResponseBytes: options.maxResponseBytes,
        acceptGzip: options.acceptGzip,
        network: options.network,
    });
    return new ApiCore(http, resolveRetryOptions(options.retry), log, timeouts);
}

/** Typed client for PostHog's experiments, query and event-definition APIs. */
export class PostHogClient {
    /** Normalised origin requests go to. */
    readonly host: string;
    /** Project id of the project-scoped methods, if set. */
    readonly projectId?: string;
    private readonly core: ApiCore;
    private readonly options: PostHogClientOptions;

    constructor(options: PostHogClientOptions);
    /** @internal shares the transport of another client (see {@link withProject}). */
    constructor(options: PostHogClientOptions, core: ApiCore);
    constructor(options: PostHogClientOptions, core?: ApiCore) {
        const checked = checkHost(options.host);
        if (!checked.ok) throw new Error(checked.reason);
        if (!options.apiKey || /\s/.test(options.apiKey.trim())) {
            throw new Error("The API key is empty or malformed.");
        }
        // A control or non-ASCII character can't travel in a header: fail here, once, with a
        // message, instead of an undici argument error retried as a "network problem".
        if (!/^[\x21-\x7e]+$/.test(options.apiKey.trim())) {
            throw new Error(
                "The API key holds a character a key can't have; copy it again from your PostHog settings.",
            );
        }
        this.host = checked.origin;
        this.projectId = options.projectId === undefined ? undefined : String(options.projectId);
        this.core = core ?? clientCore(this.host, options);
        this.options = options;
    }

    /** A client for another project that shares this one's connections. */
    withProject(projectId: number | string): PostHogClient {
        return new PostHogClient({ ...this.options, projectId }, this.core);
    }

    /** `text` without this client's key, PostHog keys and bearer tokens (see `redact`). */
    redact(text: string): string {
        return this.core.redact(text);
    }

    /** Closes the connections (of this client and those made by {@link withProject}). */
    async close(): Promise<void> {
        await this.core.http.close();
    }

    private get projectPath(): string {
        if (this.projectId === undefined || this.projectId === "") {
            throw new Error(
                "No project selected: create the client with a projectId or use withProject().",
            );
        }
        return `/api/projects/${idSegment(this.projectId, "project")}`;
    }

    private async get<T>(path: string, query?: QueryParams, opts?: CallOptions): Promise<T> {
        return (await this.core.call<T>({ method: "GET", url: path, query }, opts)).data;
    }

    private list<T>(path: string, query: QueryParams, opts?: CallOptions): Promise<Page<T>> {
        return this.core
            .call<Page<T>>({ method: "GET", url: path, query }, opts)
            .then((res) => normalizePage<T>(res.data));
    }

    // ---- account -------------------------------------------------------------------------------

    /** `GET /api/projects/`: projects the key can see (first page). */
    listProjects(opts?: CallOptions): Promise<Page<Project>> {
        return this.list<Project>("/api/projects/", {}, opts);
    }

    /** Every project, following `next`. */
    iterateProjects(opts?: PageOptions): PageIterator<Project> {
        return new PageIterator(this.core, () => this.listProjects(opts), opts);
    }

    /** `GET /api/users/@me/`: 401 = bad key, 403 = valid key without `user:read`. */
    getCurrentUser(opts?: CallOptions): Promise<CurrentUser> {
        return this.get<CurrentUser>("/api/users/@me/", undefined, opts);
    }

    /** Fetches the page a `next` link names; refuses (code `cross_origin_next`) other origins. */
    fetchPage<T>(nextUrl: string, opts?: CallOptions): Promise<Page<T>> {
        return fetchPage<T>(this.core, nextUrl, opts);
    }

    /** An iterator that starts at an already fetched page and follows its `next` links. */
    pagesFrom<T>(page: Page<T>, opts?: PageOptions): PageIterator<T> {
        return new PageIterator<T>(this.core, () => Promise.resolve(page), opts);
    }

    // ---- experiments (#1-#11) ------------------------------------------------------------------

    /**
     * #1 One page of experiments; pass its `next` to {@link fetchPage} for the following one.
     * Rows are list rows, without metrics: {@link getExperiment} has those.
     */
    listExperimentsPage(
        params: ListExperimentsParams = {},
        opts?: CallOptions,
    ): Promise<Page<ExperimentBasic>> {
        return this.list<ExperimentBasic>(`${this.projectPath}/experiments/`, { ...params }, opts);
    }

    /** #1 All experiments, page by page (`for await (const page of ...)`) or `.items()`. */
    listExperiments(
        params: ListExperimentsParams = {},
        opts?: PageOptions,
    ): PageIterator<ExperimentBasic> {
        return new PageIterator(this.core, () => this.listExperimentsPage(params, opts), opts);
    }

    /** #2 Creates an experiment (201). Never retried once it may have reached the server. */
    async createExperiment(body: ExperimentWrite, opts?: CallOptions): Promise<Experiment> {
        const res = await this.core.call<Experiment>(
            {
                method: "POST",
                url: `${this.projectPath}/experiments/`,
                body,
                mode: "once",
                context: { creates: true },
            },
            opts,
        );
        return res.data;
    }

    /** #3 One experiment. */
    getExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.get<Experiment>(this.experimentPath(id), undefined, opts);
    }

    /** #4 Partial update. */
    async updateExperiment(
        id: number,
        patch: ExperimentWrite,
        opts?: CallOptions,
    ): Promise<Experiment> {
        const res = await this.core.call<Experiment>(
            { method: "PATCH", url: this.experimentPath(id), body: patch },
            opts,
        );
        return res.data;
    }

    /** #4 Alias of {@link updateExperiment}. */
    patchExperiment(id: number, patch: ExperimentWrite, opts?: CallOptions): Promise<Experiment> {
        return this.updateExperiment(id, patch, opts);
    }

    // ---- the experiment's life: POST actions of EnterpriseExperimentsViewSet -----------------
    // (products/experiments/backend/presentation/views.py). Each answers the experiment
    // (ExperimentSerializer) or 400 with PostHog's reason. None is retried once it may have
    // reached the server (`mode: "once"`): a repeated launch, end or ship is refused or acts
    // twice, and a repeated pause or resume is refused with a reason that misleads ("already
    // paused"). transitionExperiment (experimentTransition.ts) re-reads the experiment instead.

    /** Launches a draft: the flag becomes active and start_date is now. */
    launchExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.experimentAction(id, "launch/", undefined, opts);
    }

    /** Pauses a running experiment: its flag is turned off; nothing else changes. */
    pauseExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.experimentAction(id, "pause/", undefined, opts);
    }

    /** Resumes a paused experiment: its flag is turned on again. */
    resumeExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.experimentAction(id, "resume/", undefined, opts);
    }

    /** Ends a running (or paused) experiment: end_date is now; the flag is left as it is. */
    endExperiment(
        id: number,
        body: EndExperimentBody = {},
        opts?: CallOptions,
    ): Promise<Experiment> {
        return this.experimentAction(id, "end/", body, opts);
    }

    /**
     * Ships a variant: the flag serves it to 100% of the users its conditions match (everyone
     * with `release_to_everyone`), and a running experiment is ended. PostHog answers 409 when an
     * approval policy holds the flag change.
     */
    shipVariant(id: number, body: ShipVariantBody, opts?: CallOptions): Promise<Experiment> {
        return this.experimentAction(id, "ship_variant/", body, opts);
    }

    /** Resets a launched experiment to draft: dates, conclusion and archive cleared; flag kept. */
    resetExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.experimentAction(id, "reset/", undefined, opts);
    }

    /**
     * Archives an ended experiment: POST `archive/`, as PostHog's own app does. The service
     * answers 400 when the experiment has not ended ("Experiment must be ended before it can be
     * archived.") or is archived already.
     */
    archiveExperiment(
        id: number,
        body: ArchiveExperimentBody = {},
        opts?: CallOptions,
    ): Promise<Experiment> {
        return this.experimentAction(id, "archive/", body, opts);
    }

    /** Restores an archived experiment: POST `unarchive/` (400 when it is not archived). */
    unarchiveExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.experimentAction(id, "unarchive/", undefined, opts);
    }

    private async experimentAction(
        id: number,
        action: string,
        body: unknown,
        opts: CallOptions | undefined,
    ): Promise<Experiment> {
        const res = await this.core.call<Experiment>(
            {
                method: "POST",
                url: `${this.experimentPath(id)}${action}`,
                ...(body === undefined ? {} : { body }),
                mode: "once",
            },
            opts,
        );
        return res.data;
    }

    /** The only deletion path the service allows: PATCH `deleted: true`. */
    softDeleteExperiment(id: number, opts?: CallOptions): Promise<Experiment> {
        return this.updateExperiment(id, { deleted: true }, opts);
    }

    /**
     * #5 The real DELETE. The service answers 405 with no body; this throws that error (with a
     * message pointing to archive / soft delete). Use {@link softDeleteExperiment}.
     */
    async deleteExperiment(id: number, opts?: CallOptions): Promise<void> {
        await this.core.call<unknown>(
            {
                method: "DELETE",
                url: this.experimentPath(id),
                mode: "once",
                context: { experimentDelete: true },
            },
            opts,
        );
    }

    /** #6 Creates the exposure cohort (201 `{cohort}`). Never retried blindly. */
    async createExposureCohort(id: number, opts?: CallOptions): Promise<ExposureCohortResponse> {
        const res = await this.core.call<ExposureCohortResponse>(
            {
                method: "POST",
                url: `${this.experimentPath(id)}create_exposure_cohort_for_experiment/`,
                body: {},
                mode: "once",
                context: { creates: true },
            },
            opts,
        );
        return res.data;
    }

    /** #7 Duplicates (201, the new experiment). Never retried blindly. */
    async duplicateExperiment(
        id: number,
        body: DuplicateExperimentBody = {},
        opts?: CallOptions,
    ): Promise<Experiment> {
        const res = await this.core.call<Experiment>(
            {
                method: "POST",
                url: `${this.experimentPath(id)}duplicate/`,
                body,
                mode: "once",
                context: { creates: true },
            },
            opts,
        );
        return res.data;
    }

    /** #8 Requests a timeseries recalculation (201 new, 200 already pending). */
    async recalculateTimeseries(
        id: number,
        body: RecalculateTimeseriesBody,
        opts?: CallOptions,
    ): Promise<RecalculationRequest> {
        const res = await this.core.call<RecalculationRequest>(
            {
                method: "POST",
                url: `${this.experimentPath(id)}recalculate_timeseries/`,
                body,
                mode: "once",
                context: { creates: true },
            },
            opts,
        );
        return res.data;
    }

    /** #9 Daily timeseries of one metric. */
    getTimeseriesResults(
        id: number,
        params: TimeseriesParams,
        opts?: CallOptions,
    ): Promise<TimeseriesResults> {
        return this.get<TimeseriesResults>(
            `${this.experimentPath(id)}timeseries_results/`,
            { ...params },
            opts,
        );
    }

    /** #10 Flags usable for a new experiment: `{results, count}`, paged with limit/offset. */
    async listEligibleFeatureFlags(
        params: EligibleFeatureFlagsParams = {},
        opts?: CallOptions,
    ): Promise<EligibleFeatureFlagsResponse> {
        const data = await this.get<EligibleFeatureFlagsResponse>(
            `${this.projectPath}/experiments/eligible_feature_flags/`,
            { ...params },
            opts,
        );
        const results = Array.isArray(data?.results) ? data.results : [];
        return {
            ...data,
            results,
            count: typeof data?.count === "number" ? data.count : results.length,
        };
    }

    /** #11 Whether the experiment's flag still needs implementing: `{result}`. */
    requiresFlagImplementation(opts?: CallOptions): Promise<RequiresFlagImplementationResponse> {
        return this.get<RequiresFlagImplementationResponse>(
            `${this.projectPath}/experiments/requires_flag_implementation/`,
            undefined,
            opts,
        );
    }

    private experimentPath(id: number): string {
        return `${this.projectPath}/experiments/${idSegment(id, "experiment")}/`;
    }

    // ---- query (#12-#18) -----------------------------------------------------------------------

    /**
     * #12 (+#13, #14) Runs a query; polls background runs; cancels on abort. Returns the
     * response's bytes and their layout; `readResponse` reads the parsed response from them.
     */
    runQuery(query: qt.QueryNode, opts?: RunQueryOptions): Promise<QueryRun> {
        return runQuery(this.core, this.projectPath, query, opts);
    }

    /** #13 Status of a run. */
    getQueryStatus(
        id: string,
        opts?: CallOptions & { showProgress?: boolean },
    ): Promise<qt.QueryStatusResponse> {
        return q.getQueryStatus(this.core, this.projectPath, id, opts);
    }

    /** #14 Cancels a run; accepts 204 and 200 `{message}`. */
    cancelQuery(id: string, opts?: CallOptions): Promise<qt.CancelQueryResult> {
        return q.cancelQuery(this.core, this.projectPath, id, opts);
    }

    /** #15 Query-log record of a run (last 24 h). */
    getQueryLog(id: string, opts?: CallOptions): Promise<qt.QueryResponse> {
        return q.getQueryLog(this.core, this.projectPath, id, opts);
    }

    /** #16 Whether the key may run async queries: `{user: "ok"}`. */
    checkAuthForAsync(opts?: CallOptions): Promise<qt.CheckAuthForAsyncResponse> {
        return q.checkAuthForAsync(this.core, this.projectPath, opts);
    }

    /** #17 Drafts SQL from a prompt (1-400 characters). */
    draftSql(params: qt.DraftSqlParams, opts?: CallOptions): Promise<qt.DraftSqlResponse> {
        return q.draftSql(this.core, this.projectPath, params, opts);
    }

    /** #18 Migrates a query's nodes to their latest versions without running it. */
    upgradeQuery(query: qt.QueryNode, opts?: CallOptions): Promise<qt.UpgradeQueryResponse> {
        return q.upgradeQuery(this.core, this.projectPath, query, opts);
    }

    // ---- saved SQL variables ------------------------------------------------------------------

    /**
     * The project's saved SQL variables (`insight_variable:read`), every page: PostHog pages them
     * 500 at a time (PageNumberPagination), following `next` on the same origin.
     */
    listInsightVariables(opts?: CallOptions): Promise<InsightVariable[]> {
        return new PageIterator<InsightVariable>(
            this.core,
            () => this.list<InsightVariable>(`${this.projectPath}/insight_variables/`, {}, opts),
            opts,
        ).all();
    }

    // ---- event definitions (#19-#23) -----------------------------------------------------------

    /**
     * #19 One page of event definitions. PostHog answers an `event_type` it does not list with a
     * 400 on `event_type` (posthog/api/event_definition.py @01f96c38); that one is said plainly.
     */
    async listEventDefinitionsPage(
        params: ListEventDefinitionsParams = {},
        opts?: CallOptions,
    ): Promise<Page<EventDefinition>> {
        try {
            return await this.list<EventDefinition>(
                `${this.projectPath}/event_definitions/`,
                { ...params },
                opts,
            );
        } catch (error) {
            if (error instanceof PostHogApiError && error.status === 400) {
                if (error.attr === "event_type") throw unknownEventType(error, params.event_type);
            }
            throw error;
        }
    }

    /** #19 All event definitions, page by page or `.items()`. */
    listEventDefinitions(
        params: ListEventDefinitionsParams = {},
        opts?: PageOptions,
    ): PageIterator<EventDefinition> {
        return new PageIterator(this.core, () => this.listEventDefinitionsPage(params, opts), opts);
    }

    /** #20 One event definition. */
    getEventDefinition(id: string, opts?: CallOptions): Promise<EventDefinition> {
        return this.get<EventDefinition>(this.eventDefinitionPath(id), undefined, opts);
    }

    /** #21 Partial update; refuses hidden and verified both true before sending (as the service does). */
    async updateEventDefinition(
        id: string,
        patch: EventDefinitionPatch,
        opts?: CallOptions,
    ): Promise<EventDefinition> {
        const path = this.eventDefinitionPath(id);
        if (patch.hidden === true && patch.verified === true) {
            throw localError(
                { method: "PATCH", path },
                {
                    status: 400,
                    code: "invalid_input",
                    attr: "hidden",
                    message: "An event definition can't be both hidden and verified.",
                    userMessage: "An event can't be both hidden and verified; choose one.",
                },
            );
        }
        const res = await this.core.call<EventDefinition>(
            { method: "PATCH", url: path, body: patch },
            opts,
        );
        return res.data;
    }

    /** #21 Alias of {@link updateEventDefinition}. */
    patchEventDefinition(
        id: string,
        patch: EventDefinitionPatch,
        opts?: CallOptions,
    ): Promise<EventDefinition> {
        return this.updateEventDefinition(id, patch, opts);
    }

    /** #22 Hard delete (204). */
    async deleteEventDefinition(id: string, opts?: CallOptions): Promise<void> {
        await this.core.call<unknown>(
            { method: "DELETE", url: this.eventDefinitionPath(id) },
            opts,
        );
    }

    private eventDefinitionPath(id: string): string {
        return `${this.projectPath}/event_definitions/${idSegment(id, "event definition")}/`;
    }
}

/** The 400 of an `event_type` PostHog does not list, with a sentence that says what to send. */
function unknownEventType(error: PostHogApiError, sent: string | undefined): PostHogApiError {
    const shown = JSON.stringify((sent ?? "").slice(0, 40));
    return new PostHogApiError({
        ...error,
        message: error.message,
        userMessage: `PostHog has no event type ${shown} to list; use event, event_custom or event_posthog.`,
    });
}
