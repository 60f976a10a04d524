// HTTP(S) routing of the sandbox: auth, faults, recording, admin endpoints.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { OPERATION_SCOPES, type OperationId } from "../../src/api/operationScopes";
import { type KeyInfo, KEYS, authenticate, authorize } from "./auth";
import type { Ctx, Reply } from "./context";
import { intParam, ok, pageLinks } from "./context";
import { ApiError, errorBody, methodNotAllowed, notFound, throttled } from "./errors";
import * as ed from "./eventDefinitions";
import type { SeenEvent } from "./eventDefinitionSeed";
import * as ex from "./experiments";
import * as life from "./experimentLifecycle";
import type { DeliberateStore } from "./deliberate";
import { FaultStore, faultFromJson, nginxPage, oversizedBody } from "./faults";
import { asPostHogEncodes } from "./gzip";
import { serialize } from "./hogql/bigint";
import type { HogQLEngine } from "./hogql/engine";
import { listInsightVariables } from "./insightVariables";
import type { SandboxOAuth } from "./oauth";
import { isOAuthPath, serveOAuth } from "./oauthRoutes";
import * as q from "./query/queryApi";
import { clearLimits, setLimits } from "./query/budget";
import { USERS, seed } from "./seed";
import type { FaultSpec, Json, RecordedRequest, SandboxState } from "./types";

type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

interface Route {
    pattern: RegExp;
    /**
     * method -> [the contract's operation, handler]. The scopes the operation needs come from
     * its PersonalAPIKeyAuth in the contract (src/api/operationScopes.ts), so a route cannot ask
     * for other scopes than PostHog does.
     */
    methods: Record<string, [OperationId, Handler]>;
}

const P = "^/api/projects/(\\d+)";

const ROUTES: Route[] = [
    { pattern: /^\/api\/projects$/, methods: { GET: ["list_2", listProjects] } },
    { pattern: /^\/api\/users\/@me$/, methods: { GET: ["users_retrieve", me] } },
    {
        pattern: new RegExp(`${P}/experiments$`),
        methods: {
            GET: ["experiments_list", ex.listExperiments],
            POST: ["experiments_create", ex.createExperiment],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/eligible_feature_flags$`),
        methods: { GET: ["experiments_eligible_feature_flags_retrieve", ex.eligibleFeatureFlags] },
    },
    {
        pattern: new RegExp(`${P}/experiments/requires_flag_implementation$`),
        methods: {
            GET: [
                "experiments_requires_flag_implementation_retrieve",
                ex.requiresFlagImplementation,
            ],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)$`),
        methods: {
            GET: ["experiments_retrieve", (c) => ex.getExperiment(shift(c))],
            PATCH: ["experiments_partial_update", (c) => ex.patchExperiment(shift(c))],
            DELETE: ["experiments_destroy", (c) => ex.deleteExperiment(shift(c))],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/create_exposure_cohort_for_experiment$`),
        methods: {
            POST: [
                "experiments_create_exposure_cohort_for_experiment_create",
                (c) => ex.createExposureCohort(shift(c)),
            ],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/launch$`),
        methods: { POST: ["experiments_launch_create", (c) => life.launchExperiment(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/pause$`),
        methods: { POST: ["experiments_pause_create", (c) => life.pauseExperiment(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/resume$`),
        methods: { POST: ["experiments_resume_create", (c) => life.resumeExperiment(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/end$`),
        methods: { POST: ["experiments_end_create", (c) => life.endExperiment(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/ship_variant$`),
        methods: { POST: ["experiments_ship_variant_create", (c) => life.shipVariant(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/reset$`),
        methods: { POST: ["experiments_reset_create", (c) => life.resetExperiment(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/archive$`),
        methods: { POST: ["experiments_archive_create", (c) => life.archiveExperiment(shift(c))] },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/unarchive$`),
        methods: {
            POST: ["experiments_unarchive_create", (c) => life.unarchiveExperiment(shift(c))],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/duplicate$`),
        methods: {
            POST: ["experiments_duplicate_create", (c) => ex.duplicateExperiment(shift(c))],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/recalculate_timeseries$`),
        methods: {
            POST: [
                "experiments_recalculate_timeseries_create",
                (c) => ex.recalculateTimeseries(shift(c)),
            ],
        },
    },
    {
        pattern: new RegExp(`${P}/experiments/(\\d+)/timeseries_results$`),
        methods: {
            GET: ["experiments_timeseries_results_retrieve", (c) => ex.timeseriesResults(shift(c))],
        },
    },
    { pattern: new RegExp(`${P}/query$`), methods: { POST: ["query_create", q.runQuery] } },
    {
        pattern: new RegExp(`${P}/query/check_auth_for_async$`),
        methods: { POST: ["query_check_auth_for_async_create", q.checkAuthForAsync] },
    },
    {
        pattern: new RegExp(`${P}/query/draft_sql$`),
        methods: { GET: ["query_draft_sql_retrieve", q.draftSql] },
    },
    {
        pattern: new RegExp(`${P}/query/upgrade$`),
        methods: { POST: ["query_upgrade_create", q.upgrade] },
    },
    {
        pattern: new RegExp(`${P}/query/([^/]+)$`),
        methods: { GET: ["query_retrieve", q.getQuery], DELETE: ["query_destroy", q.cancelQuery] },
    },
    {
        pattern: new RegExp(`${P}/query/([^/]+)/log$`),
        methods: { GET: ["query_log_retrieve", q.queryLog] },
    },
    {
        pattern: new RegExp(`${P}/insight_variables$`),
        methods: { GET: ["insight_variables_list", listInsightVariables] },
    },
    {
        pattern: new RegExp(`${P}/event_definitions$`),
        methods: { GET: ["event_definitions_list", ed.listEventDefinitions] },
    },
    {
        pattern: new RegExp(`${P}/event_definitions/([^/]+)$`),
        methods: {
            GET: ["event_definitions_retrieve", (c) => ed.getEventDefinition(shift(c))],
            PATCH: ["event_definitions_partial_update", (c) => ed.patchEventDefinition(shift(c))],
            DELETE: ["event_definitions_destroy", (c) => ed.deleteEventDefinition(shift(c))],
        },
    },
];

/** Handlers of id routes read their id as params[0]; the project id is params[0] of the match. */
function shift(ctx: Ctx): Ctx {
    return { ...ctx, params: ctx.params.slice(1) };
}

/**
 * A project as ProjectBackwardCompatBasicSerializer (posthog/api/shared.py @07c74724) renders it:
 * the list of GET /api/projects/ has these fields and no others (no created_at).
 */
function presentProject(p: SandboxState["projects"][number]): Json {
    return {
        id: p.id,
        uuid: p.uuid,
        organization: p.organization,
        api_token: p.api_token,
        name: p.name,
        completed_snippet_onboarding: true,
        has_completed_onboarding_for: { product_analytics: true, experiments: true },
        ingested_event: true,
        is_demo: false,
        timezone: "UTC",
        access_control: false,
        project_id: p.id,
    };
}

function listProjects(ctx: Ctx): Reply {
    const all = ctx.state.projects.filter(
        (p) => !ctx.key.projects || ctx.key.projects.includes(p.id),
    );
    const limit = intParam(ctx.query.get("limit"), 100) ?? 100;
    const offset = intParam(ctx.query.get("offset"), 0) ?? 0;
    return ok({
        count: all.length,
        ...pageLinks(ctx, all.length, limit, offset),
        results: all.slice(offset, offset + limit).map(presentProject),
    });
}

function me(ctx: Ctx): Reply {
    const u = USERS[0];
    const org = ctx.state.organization;
    const team = ctx.state.projects.find(
        (p) => !ctx.key.projects || ctx.key.projects.includes(p.id),
    )!;
    return ok({
        ...u,
        date_joined: "2024-03-01T09:00:00Z",
        pending_email: null,
        notification_settings: { plugin_disabled: true },
        anonymize_data: false,
        toolbar_mode: "toolbar",
        has_password: true,
        is_staff: false,
        is_impersonated: false,
        team: {
            id: team.id,
            uuid: team.uuid,
            organization: team.organization,
            project_id: team.id,
            api_token: team.api_token,
            name: team.name,
            completed_snippet_onboarding: true,
            has_completed_onboarding_for: {},
            ingested_event: true,
            is_demo: false,
            timezone: "UTC",
            access_control: false,
        },
        organization: {
            id: org.id,
            name: org.name,
            slug: "hogflix",
            logo_media_id: null,
            created_at: "2024-03-01T09:00:00Z",
            updated_at: "2024-03-01T09:00:00Z",
            membership_level: org.membership_level,
            members_can_use_personal_api_keys: org.members_can_use_personal_api_keys,
            plugins_access_level: 9,
            teams: ctx.state.projects.map((p) => ({
                id: p.id,
                uuid: p.uuid,
                name: p.name,
                project_id: p.id,
            })),
            projects: ctx.state.projects.map((p) => ({ id: p.id, name: p.name })),
            available_product_features: org.taxonomy
                ? [{ key: "ingestion_taxonomy", name: "Ingestion taxonomy" }]
                : [],
            is_member_join_email_enabled: true,
            metadata: {},
            customer_id: null,
            enforce_2fa: null,
            member_count: 2,
        },
        organizations: [
            {
                id: org.id,
                name: org.name,
                slug: "hogflix",
                logo_media_id: null,
                membership_level: org.membership_level,
                members_can_use_personal_api_keys: org.members_can_use_personal_api_keys,
            },
        ],
        set_current_organization: null,
        set_current_team: null,
        password: null,
        current_password: null,
        events_column_config: { active: "DEFAULT" },
        is_2fa_enabled: false,
        has_social_auth: false,
        has_sso_enforcement: false,
        sensitive_session_expires_at: null,
        scene_personalisation: [],
        theme_mode: "system",
    });
}

export interface ServerDeps {
    state: SandboxState;
    engine: HogQLEngine;
    faults: FaultStore;
    /** requests a test marked as breaking the contract on purpose */
    deliberate: DeliberateStore;
    requests: RecordedRequest[];
    asyncPolls: number;
    extraExperiments: number;
    /** the seeded events' names and times, which a reset derives the event definitions from */
    seenEvents: SeenEvent[];
    /** called with each exchange once answered (SandboxOptions.onExchange) */
    onExchange?: (exchange: RecordedRequest) => void;
    /** the OAuth authorization server (oauth.ts); its tokens authenticate like keys */
    oauth?: SandboxOAuth;
}

/** The log entry of the request a response answers, so `send` can record the answer in it. */
const entries = new WeakMap<ServerResponse, RecordedRequest>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        req.on("error", reject);
    });
}

function send(
    res: ServerResponse,
    status: number,
    body: string | Buffer | undefined,
    headers: Record<string, string> = {},
    contentType = "application/json",
): void {
    if (res.destroyed) return;
    const h: Record<string, string | number> = { ...headers };
    if (body !== undefined && body.length > 0) h["Content-Type"] = contentType;
    // As PostHog's: its query endpoint answers with a DRF Response, not a streaming one
    // (posthog/api/query.py QueryViewSet.create), and Django's CommonMiddleware, in its
    // MIDDLEWARE (posthog/settings/web.py), sets Content-Length on every non-streaming response.
    // Compressed, it is the length of the compressed body (gzip.ts).
    h["Content-Length"] = Buffer.byteLength(body ?? "");
    const entry = entries.get(res);
    if (entry) {
        entry.response = {
            status,
            contentType: body !== undefined && body.length > 0 ? contentType : "",
            body: typeof body === "string" ? body : "",
        };
    }
    res.writeHead(status, h);
    res.end(body ?? "");
}

export function createSandboxServer(
    deps: ServerDeps,
    tls?: { cert: string; key: string },
): Server | HttpsServer {
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
        handle(deps, req, res)
            .catch((e: unknown) => {
                send(
                    res,
                    500,
                    JSON.stringify(
                        errorBody("server_error", "error", `Sandbox error: ${String(e)}`),
                    ),
                );
            })
            .finally(() => {
                const entry = entries.get(res);
                if (entry) deps.onExchange?.(entry);
            });
    };
    const server = tls ? createHttpsServer(tls, listener) : createServer(listener);
    server.keepAliveTimeout = 5000;
    return server;
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", "http://sandbox");
    const rawPath = url.pathname;
    if (deps.oauth && isOAuthPath(rawPath)) {
        const origin = `${"encrypted" in req.socket ? "https" : "http"}://${req.headers.host ?? "127.0.0.1"}`;
        const ip = req.socket.remoteAddress ?? "";
        const a = await serveOAuth(deps.oauth, method, url, rawBody, origin, ip);
        return send(res, a.status, a.body, a.headers, a.contentType);
    }
    if (rawPath.startsWith("/_sandbox/") || rawPath === "/_sandbox") {
        return admin(deps, method, rawPath, rawBody, res);
    }
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(req.headers))
        headers[k] = Array.isArray(v) ? v.join(", ") : v;
    const entry: RecordedRequest = {
        method,
        path: rawPath,
        url: rawPath + url.search,
        headers,
        body: rawBody,
        at: Date.now(),
    };
    const deliberate = headers["x-sandbox-deliberate"] ?? deps.deliberate.take(method, rawPath);
    if (deliberate !== undefined) entry.deliberate = deliberate;
    deps.requests.push(entry);
    entries.set(res, entry);

    const headerFault = headers["x-sandbox-fault"];
    const fault: FaultSpec | null = headerFault
        ? faultFromJson({ kind: headerFault })
        : deps.faults.take(method, rawPath);
    // A fault answers as no PostHog would on purpose; the answer is not the contract's.
    if (fault && fault.kind !== "slow") entry.fault = fault.kind;
    if (fault && (await immediateFault(fault, req, res))) return;

    const reply = await route(
        deps,
        req,
        method,
        url,
        rawPath,
        rawBody,
        fault?.kind === "slow" ? (fault.delayMs ?? 2000) : 0,
    );
    if (fault?.kind === "reset") {
        req.socket.destroy();
        return;
    }
    // serialize keeps every digit of big integers (hogql/bigint.ts).
    let body = reply.body === undefined ? undefined : serialize(reply.body);
    if (fault?.kind === "malformed-json") {
        const full = body ?? '{"results": [1, 2, 3]}';
        body = full.slice(0, Math.max(1, Math.floor(full.length / 2)));
    }
    const encoded = await asPostHogEncodes(
        method,
        rawPath,
        headers["accept-encoding"],
        body,
        reply.headers ?? {},
    );
    send(res, reply.status, encoded.body, encoded.headers);
    if (entry.response) entry.response.body = body ?? "";
}

/** Faults that answer without running the handler. Returns true when the request is done. */
async function immediateFault(
    f: FaultSpec,
    req: IncomingMessage,
    res: ServerResponse,
): Promise<boolean> {
    const json = (status: number, body: Json, headers: Record<string, string> = {}) => {
        send(res, status, JSON.stringify(body), headers);
        return true;
    };
    switch (f.kind) {
        case "429": {
            const { status, body, headers } = throttled(f.retryAfter ?? 1);
            return json(status, body, headers);
        }
        case "429-no-retry-after":
            return json(
                429,
                errorBody(
                    "throttled_error",
                    "throttled",
                    "Too many queries are running right now. Try again in a moment.",
                ),
            );
        case "500-html":
            send(res, 500, nginxPage(500), {}, "text/html");
            return true;
        case "502-html":
            send(res, 502, nginxPage(502), {}, "text/html");
            return true;
        case "504-html":
            send(res, 504, nginxPage(504), {}, "text/html");
            return true;
        case "503":
            return json(
                503,
                errorBody(
                    "server_error",
                    "service_unavailable",
                    "The service is at capacity. Please try again later.",
                ),
            );
        case "oversized":
            send(res, 200, oversizedBody());
            return true;
        case "empty-body":
            send(res, 500, undefined);
            return true;
        case "error-key":
            return json(f.status ?? 400, { error: "Something went wrong (sandbox fault)." });
        case "detail-only":
            return json(f.status ?? 500, { detail: "A server error occurred." });
        case "redirect":
            send(res, 302, undefined, { Location: f.location ?? "http://localhost:9/elsewhere" });
            return true;
        case "reset":
            if (f.afterHandling) return false;
            req.socket.destroy();
            return true;
        case "slow":
        case "malformed-json":
            return false;
    }
}

async function route(
    deps: ServerDeps,
    req: IncomingMessage,
    method: string,
    url: URL,
    rawPath: string,
    rawBody: string,
    delayMs: number,
): Promise<Reply> {
    try {
        // Trailing slash optional; /api/environments/{id}/ is an alias of /api/projects/{id}/.
        const path =
            rawPath.replace(/\/+$/, "").replace(/^\/api\/environments\//, "/api/projects/") || "/";
        const r = ROUTES.find((x) => x.pattern.test(path));
        if (!r) throw notFound();
        const header = req.headers.authorization;
        const key: KeyInfo = deps.oauth ? deps.oauth.authenticate(header) : authenticate(header);
        const params = r.pattern.exec(path)!.slice(1);
        const projectId = path.startsWith("/api/projects/") ? Number(params[0]) : 0;
        if (projectId && !deps.state.projects.some((p) => p.id === projectId)) throw notFound();
        const entry = r.methods[method];
        if (!entry) throw methodNotAllowed(method);
        authorize(key, OPERATION_SCOPES[entry[0]].scopes, projectId, deps.state.organization);
        let body: Record<string, unknown> = {};
        if (rawBody.trim()) {
            try {
                const parsed = JSON.parse(rawBody) as unknown;
                if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
                    body = parsed as Record<string, unknown>;
            } catch (e) {
                throw new ApiError(
                    400,
                    errorBody(
                        "invalid_request",
                        "parse_error",
                        `JSON parse error - ${(e as Error).message}`,
                    ),
                );
            }
        }
        const isQueryRun = method === "POST" && /\/query$/.test(path);
        if (delayMs > 0 && !isQueryRun) await sleep(delayMs);
        const ctx: Ctx = {
            method,
            path,
            rawPath,
            query: url.searchParams,
            body,
            origin: `${"encrypted" in req.socket ? "https" : "http"}://${req.headers.host ?? "127.0.0.1"}`,
            projectId,
            key,
            state: deps.state,
            engine: deps.engine,
            asyncPolls: deps.asyncPolls,
            params: projectId ? params : params,
            delayMs: isQueryRun ? delayMs : 0,
        };
        return await entry[1](ctx);
    } catch (e) {
        if (e instanceof ApiError)
            return { status: e.status, body: e.body ?? undefined, headers: e.headers };
        throw e;
    }
}

function admin(
    deps: ServerDeps,
    method: string,
    path: string,
    rawBody: string,
    res: ServerResponse,
): void {
    const json = (body: unknown, status = 200) => send(res, status, JSON.stringify(body));
    const p = path.replace(/\/+$/, "");
    const s = deps.state;
    if (p === "/_sandbox/requests" && method === "GET") return json(deps.requests);
    if (p === "/_sandbox/requests" && method === "DELETE") {
        deps.requests.length = 0;
        return json({ ok: true });
    }
    if (p === "/_sandbox/faults" && method === "POST") {
        try {
            deps.faults.add(faultFromJson(JSON.parse(rawBody || "{}") as Record<string, unknown>));
        } catch (e) {
            return json({ error: String(e) }, 400);
        }
        return json({ ok: true }, 201);
    }
    if (p === "/_sandbox/faults" && method === "DELETE") {
        deps.faults.clear();
        return json({ ok: true });
    }
    if (p === "/_sandbox/state" && method === "GET") {
        return json({
            organization: s.organization,
            experiments: s.experiments,
            eventDefinitions: s.eventDefinitions,
            cancelledQueryIds: s.cancelledQueryIds,
            queries: [...s.queries.values()].map((r) => ({
                id: r.id,
                teamId: r.teamId,
                kind: r.kind,
                status: r.status,
                cancelled: r.cancelled,
                polls: r.polls,
                pollsNeeded: r.pollsNeeded,
                async: r.async,
            })),
            cohorts: s.cohorts,
            recalculations: s.recalculations,
        });
    }
    if (p === "/_sandbox/reset" && method === "POST") {
        seed(s, deps.extraExperiments, deps.seenEvents);
        q.queryCache.delete(s);
        clearLimits(s);
        deps.faults.clear();
        return json({ ok: true });
    }
    if (p === "/_sandbox/budget" && method === "POST") {
        // A project's read budget and ClickHouse read limit (query/budget.ts setLimits).
        try {
            return json(setLimits(s, rawBody));
        } catch (e) {
            return json({ error: String(e) }, 400);
        }
    }
    if (p === "/_sandbox/keys" && method === "GET") return json(KEYS);
    if (p === "/_sandbox/organization" && method === "GET") return json(s.organization);
    if (p === "/_sandbox/organization" && method === "POST") {
        // Switches the organisation's settings: members_can_use_personal_api_keys,
        // membership_level, taxonomy (see SandboxOrganization).
        try {
            Object.assign(s.organization, organizationPatch(rawBody));
        } catch (e) {
            return json({ error: String(e) }, 400);
        }
        return json(s.organization);
    }
    return json({ error: "unknown sandbox admin endpoint" }, 404);
}

/** The settings a POST /_sandbox/organization may change, checked. */
function organizationPatch(rawBody: string): Partial<SandboxState["organization"]> {
    const body = JSON.parse(rawBody || "{}") as Record<string, unknown>;
    const out: Partial<SandboxState["organization"]> = {};
    for (const [k, v] of Object.entries(body)) {
        if (
            (k === "members_can_use_personal_api_keys" || k === "taxonomy") &&
            typeof v === "boolean"
        )
            out[k] = v;
        else if (k === "membership_level" && typeof v === "number") out.membership_level = v;
        else if (k === "name" && typeof v === "string") out.name = v;
        else throw new Error(`unknown or invalid organization setting: ${k}`);
    }
    return out;
}
