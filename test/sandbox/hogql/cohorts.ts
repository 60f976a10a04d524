// `x IN COHORT c` as PostHog resolves it: posthog/hogql/functions/cohort.py @05589371 (cohort(),
// cohort_subquery()) finds the project's cohort by id or by name and compares with a subquery on
// its people. The sandbox's cohorts are the ones its ClickHouse holds people for (seedSql.ts).
import { queryError } from "./errors";
import { type AstNode, parseExpr } from "./parser";
import { PRO_COHORT_ID } from "./seedSql";

interface HogQLCohort {
    id: number;
    name: string;
    isStatic: boolean;
    /** The calculated version whose rows count; null reads the rows' signs instead. */
    version: number | null;
}

/** The seeded cohort: the persons on the pro plan, calculated once (version 1). */
export const HOGQL_COHORTS: readonly HogQLCohort[] = [
    { id: PRO_COHORT_ID, name: "Pro plan", isStatic: false, version: 1 },
];

/** cohort.py cohort(): the cohort `arg` names, or PostHog's error at the argument. */
function findCohort(arg: AstNode): HogQLCohort {
    if (arg.node !== "Constant") throw queryError("cohort() takes only constant arguments", arg);
    const value = arg.value as unknown;
    // Numbers a double cannot hold arrive as strings with value_type "number" (parser.ts).
    const numeric =
        typeof value === "number" || (arg.value_type === "number" && typeof value === "string");
    if (numeric) {
        // int(arg.value): a float names the cohort of its integer part.
        const id = Math.trunc(Number(value));
        const byId = HOGQL_COHORTS.filter((c) => c.id === id);
        if (byId.length === 1) return byId[0];
        throw queryError(`Could not find cohort with ID ${String(value)}`, arg);
    }
    if (typeof value === "string") {
        const byName = HOGQL_COHORTS.filter((c) => c.name === value);
        if (byName.length === 1) return byName[0];
        if (byName.length > 1) throw queryError(`Found multiple cohorts with name '${value}'`, arg);
        throw queryError(`Could not find a cohort with the name '${value}'`, arg);
    }
    throw queryError("cohort() takes exactly one string or integer argument", arg);
}

/** Drops source positions: cohort.py parses its subquery with start=None for the same reason. */
function withoutPositions(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(withoutPositions);
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node))
        if (k !== "start" && k !== "end") out[k] = withoutPositions(v);
    return out;
}

/** cohort_subquery(): the people of the cohort `arg` names, as a subquery to compare with. */
export function cohortSubquery(arg: AstNode): AstNode {
    const c = findCohort(arg);
    const text = c.isStatic
        ? `(SELECT person_id FROM static_cohort_people WHERE cohort_id = ${c.id})`
        : c.version !== null
          ? `(SELECT person_id FROM raw_cohort_people WHERE cohort_id = ${c.id} AND version = ${c.version})`
          : `(SELECT person_id FROM raw_cohort_people WHERE cohort_id = ${c.id} GROUP BY person_id, cohort_id, version HAVING sum(sign) > 0)`;
    return withoutPositions(parseExpr(text)) as AstNode;
}
