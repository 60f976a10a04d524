// Event definition endpoints (#19-#23), like posthog/api/event_definition.py on cloud.
import { type Ctx, type Reply, intParam, ok, pageLinks } from "./context";
import { ApiError, errorBody, notFound, validation } from "./errors";
import { nowIso, USERS } from "./seed";
import type { EventDefinition, Json, JsonObject } from "./types";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function find(ctx: Ctx): EventDefinition {
    const id = ctx.params[0];
    // A non-UUID id is a plain 404, as in the real service.
    if (!UUID_RE.test(id)) throw notFound();
    const def = ctx.state.eventDefinitions.find(
        (d) => d.id === id.toLowerCase() && d.team_id === ctx.projectId,
    );
    if (!def) throw notFound();
    return def;
}

/**
 * The fields EnterpriseEventDefinitionSerializer renders (ee/api/ee_event_definition.py
 * @09393da1, plus media_preview_urls from the description @1404d6c). Its action fields other than
 * is_action (action_id, is_calculating, last_calculated_at, last_updated_at, created_by) read
 * attributes the model lacks, so DRF leaves them out; the deprecated 30-day counters are not
 * serialized at all.
 */
const SERIALIZED = [
    "id",
    "name",
    "owner",
    "description",
    "tags",
    "created_at",
    "updated_at",
    "updated_by",
    "last_seen_at",
    "verified",
    "verified_at",
    "verified_by",
    "hidden",
    "post_to_slack",
    "default_columns",
] as const;

function present(def: EventDefinition): JsonObject {
    const out: JsonObject = {};
    for (const field of SERIALIZED) if (field in def) out[field] = def[field];
    out.is_action = false;
    out.media_preview_urls = Array.isArray(def.media_preview_urls) ? def.media_preview_urls : [];
    return out;
}

/**
 * posthog/taxonomy/definition_search.py @078fdda8: a project with more definitions than
 * PROJECT_SCAN_MAX_DEFINITIONS is "large", and its unfiltered list counts only up to
 * LARGE_PROJECT_COUNT_CAP.
 */
export const PROJECT_SCAN_MAX_DEFINITIONS = 50_000;
export const LARGE_PROJECT_COUNT_CAP = 10_000;

/** EVENT_DEFINITION_LIST_EVENT_TYPES of posthog/api/event_definition.py @01f96c38. */
const LIST_EVENT_TYPES = ["event", "event_custom", "event_posthog"];

/**
 * `?event_type=` as _requested_event_type reads it: the legacy `all` and `action_event` are read
 * as `event`; any other value is a 400 on `event_type`.
 */
function requestedEventType(ctx: Ctx): string {
    const value = ctx.query.get("event_type") ?? "event";
    if (value === "all" || value === "action_event") return "event";
    if (!LIST_EVENT_TYPES.includes(value)) {
        throw validation(
            `Not a valid event type. Use one of: ${LIST_EVENT_TYPES.join(", ")}.`,
            "event_type",
        );
    }
    return value;
}

/**
 * The list as EventDefinitionViewSet.list answers it (posthog/api/event_definition.py @01f96c38),
 * paged by its CappedCountLimitOffsetPagination (posthog/api/pagination.py).
 */
export function listEventDefinitions(ctx: Ctx): Reply {
    const limit = intParam(ctx.query.get("limit"), 100);
    const offset = intParam(ctx.query.get("offset"), 0);
    if (limit === null || limit < 1) throw validation("A valid integer is required.", "limit");
    if (offset === null || offset < 0) throw validation("A valid integer is required.", "offset");
    const eventType = requestedEventType(ctx);
    const project = ctx.state.eventDefinitions.filter((d) => d.team_id === ctx.projectId);
    let defs = project;
    const search = (ctx.query.get("search") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    // Every whitespace-separated term must match the name.
    if (search.length)
        defs = defs.filter((d) => search.every((t) => d.name.toLowerCase().includes(t)));
    if (eventType === "event_posthog") defs = defs.filter((d) => d.name.startsWith("$"));
    if (eventType === "event_custom") defs = defs.filter((d) => !d.name.startsWith("$"));
    const verified = ctx.query.get("verified");
    if (verified === "true" || verified === "false") {
        defs = defs.filter((d) => !!d.verified === (verified === "true"));
    }
    if (ctx.query.get("exclude_hidden") === "true") defs = defs.filter((d) => !d.hidden);
    const ordering = (ctx.query.get("ordering") ?? "").split(",").filter(Boolean);
    const keys = ordering.length ? ordering : ["name"];
    defs = [...defs].sort((a, b) => {
        for (const k of keys) {
            const field = k.replace(/^-/, "");
            const dir = k.startsWith("-") ? -1 : 1;
            const x = a[field] ?? "";
            const y = b[field] ?? "";
            if (x < y) return -dir;
            if (x > y) return dir;
        }
        return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    });
    // A large project's count stops at the cap unless a filter that leaves few rows is set.
    const sparse =
        search.length > 0 ||
        ctx.query.get("exclude_stale") === "true" ||
        verified !== null ||
        ctx.query.getAll("names").some(Boolean) ||
        !!ctx.query.get("tags") ||
        eventType === "event_posthog";
    const bounded = project.length > PROJECT_SCAN_MAX_DEFINITIONS && !sparse;
    const count = bounded ? Math.min(defs.length, LARGE_PROJECT_COUNT_CAP) : defs.length;
    const capped = bounded && count >= LARGE_PROJECT_COUNT_CAP;
    const results = defs.slice(offset, offset + limit);
    const links = pageLinks(ctx, count, limit, offset);
    // A capped count says nothing about where the rows end: only a short page is the last.
    if (capped) {
        links.next =
            results.length >= limit ? pageLinks(ctx, offset + 2 * limit, limit, offset).next : null;
    }
    return ok({
        count,
        count_is_capped: capped,
        ...links,
        results: results.map(present),
    });
}

export function getEventDefinition(ctx: Ctx): Reply {
    return ok(present(find(ctx)));
}

/**
 * 402 of an organisation without the taxonomy feature: posthog/api/event_definition.py's plain
 * serializer raises `EnterpriseFeatureException()` on update (posthog/exceptions.py wording).
 */
export function taxonomyRequired(): ApiError {
    return new ApiError(
        402,
        errorBody(
            "invalid_request",
            "payment_required",
            "This feature is part of the premium PostHog offering. To use it, subscribe to PostHog Cloud with a generous free tier.",
        ),
    );
}

/** PATCH as ee/api/ee_event_definition.py `EnterpriseEventDefinitionSerializer` does it. */
export function patchEventDefinition(ctx: Ctx): Reply {
    if (!ctx.state.organization.taxonomy) throw taxonomyRequired();
    const def = find(ctx);
    const body = ctx.body as JsonObject;
    // validate(): only both true in the same request is refused (a non-field error: attr null).
    if ("hidden" in body && "verified" in body && !!body.hidden && !!body.verified) {
        throw validation("An event cannot be both hidden and verified");
    }
    if ("tags" in body && !Array.isArray(body.tags)) {
        throw validation('Expected a list of items but got type "str".', "tags", "not_a_list");
    }
    for (const field of ["description", "owner", "tags", "default_columns", "post_to_slack"]) {
        if (field in body) def[field] = body[field] as Json;
    }
    if (typeof body.owner === "number") {
        def.owner = (USERS.find((u) => u.id === body.owner) ?? null) as unknown as Json;
    }
    // update(): hiding clears the verified mark; verifying unhides.
    const changes: JsonObject = {};
    if ("hidden" in body) changes.hidden = !!body.hidden;
    if ("verified" in body) changes.verified = !!body.verified;
    if (changes.hidden === true) changes.verified = false;
    else if (changes.verified === true) changes.hidden = false;
    if ("verified" in changes) {
        if (changes.verified && !def.verified) {
            def.verified = true;
            def.verified_at = nowIso();
            def.verified_by = USERS[0] as unknown as Json;
        } else if (!changes.verified) {
            def.verified = false;
            def.verified_at = null;
            def.verified_by = null;
        }
        // Verifying an already verified event changes nothing.
    }
    if ("hidden" in changes) def.hidden = changes.hidden;
    def.updated_at = nowIso();
    def.updated_by = USERS[0] as unknown as Json;
    return ok(present(def));
}

export function deleteEventDefinition(ctx: Ctx): Reply {
    const def = find(ctx);
    ctx.state.eventDefinitions.splice(ctx.state.eventDefinitions.indexOf(def), 1);
    return { status: 204 };
}
