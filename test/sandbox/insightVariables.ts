// GET /api/projects/{id}/insight_variables/ as products/product_analytics/backend/api/
// insight_variable.py answers it: InsightVariableViewSet with PageNumberPagination (page_size 500),
// {count, next, previous, results}. A ModelSerializer renders the created_by foreign key as the
// user's id (null once the user is gone: migration 0012_alter_insightvariable_created_by @cf2dead8
// made it SET_NULL), and the row carries is_multi, values_query and values_query_connection_id
// (migrations 0005 @42120583 and 0006 @b74855df; the contract's overlay names them).
import { type Ctx, type Reply, ok } from "./context";
import { validation } from "./errors";
import { USERS } from "./seed";
import type { Json } from "./types";

const PAGE_SIZE = 500;

export function listInsightVariables(ctx: Ctx): Reply {
    const all = ctx.state.insightVariables.filter((v) => v.teamId === ctx.projectId);
    const pageParam = ctx.query.get("page");
    const page = pageParam === null ? 1 : Number(pageParam);
    if (!Number.isInteger(page) || page < 1) throw validation("Invalid page.", null, "not_found");
    const link = (p: number) => {
        const params = new URLSearchParams(ctx.query);
        if (p > 1) params.set("page", String(p));
        else params.delete("page");
        const qs = params.toString();
        return `${ctx.origin}${ctx.rawPath}${qs ? `?${qs}` : ""}`;
    };
    const results = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((v): Json => ({
        id: v.id,
        name: v.name,
        type: v.type,
        default_value: v.default_value as Json,
        created_by: USERS[0].id,
        created_at: v.created_at,
        code_name: v.code_name,
        values: v.values,
        is_multi: v.is_multi,
        values_query: null,
        values_query_connection_id: null,
    }));
    return ok({
        count: all.length,
        next: page * PAGE_SIZE < all.length ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results,
    });
}
