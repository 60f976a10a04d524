// Deterministic seed data: the same objects every run, with dates relative to "now" so that
// running experiments stay running and the events table covers the last 30 days.
import { createHash } from "node:crypto";
import { eventDefinitions, type SeenEvent } from "./eventDefinitionSeed";
import type {
    Experiment,
    FeatureFlag,
    Json,
    JsonObject,
    Project,
    SandboxState,
    UserSummary,
} from "./types";

/** Small seeded PRNG (mulberry32) so seeds are reproducible. */
export function rng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** A UUID built from a seeded random source (v4 layout). */
export function seededUuid(rand: () => number): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** ISO timestamp n days before now, at a fixed hour, as the service writes them. */
export function daysAgo(n: number, hour = 10, minute = 0): string {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - n);
    d.setUTCHours(hour, minute, 0, 0);
    return d.toISOString().replace(".000Z", "Z");
}

export function nowIso(): string {
    return new Date().toISOString();
}

export function fingerprint(metric: JsonObject): string {
    const { uuid: _u, fingerprint: _f, name: _n, ...rest } = metric;
    void _u;
    void _f;
    void _n;
    return createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

export const USERS: UserSummary[] = [
    {
        id: 1,
        uuid: "018f2a3b-7c4d-7e5f-8a9b-0c1d2e3f4a5b",
        distinct_id: "Wq3Ej1aKfTq0pX9sB7cD2eF4gH6iJ8kL0mN1oP3qR5s",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@hogflix.example",
        is_email_verified: true,
        hedgehog_config: null,
        role_at_organization: "engineering",
    },
    {
        id: 2,
        uuid: "018f2a3b-9e8d-7c6b-9a59-4837261504f3",
        distinct_id: "Zr8Tn2bLgUr1qY0tC8dE3fG5hI7jK9lM1nO2pQ4rS6t",
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace@hogflix.example",
        is_email_verified: true,
        hedgehog_config: { use_as_profile: true, color: "blue", accessories: ["beret"] },
        role_at_organization: "product",
    },
];

export const ORGANIZATION_ID = "018f2a3a-0000-7000-8000-00000000c0de";

function projects(): Project[] {
    return [
        {
            id: 1,
            uuid: "018f2a3a-1111-7111-8111-111111111111",
            name: "Hogflix (production)",
            api_token: "phc_sandboxProjectOneToken0000000000000000000",
            organization: ORGANIZATION_ID,
            created_at: daysAgo(400),
        },
        {
            id: 2,
            uuid: "018f2a3a-2222-7222-8222-222222222222",
            name: "Hogflix (staging)",
            api_token: "phc_sandboxProjectTwoToken0000000000000000000",
            organization: ORGANIZATION_ID,
            created_at: daysAgo(300),
        },
    ];
}

function kebab(name: string): string {
    return name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
}

export function makeFlag(
    state: SandboxState,
    teamId: number,
    key: string,
    variants: { key: string; rollout_percentage: number; name?: string }[] | null,
    active: boolean,
    createdAt: string,
    name = "",
): FeatureFlag {
    const id = ++state.nextIds.flag;
    const filters: JsonObject = {
        groups: [{ properties: [], rollout_percentage: 100, variant: null }],
        payloads: {},
        aggregation_group_type_index: null,
    };
    if (variants) filters.multivariate = { variants: variants as unknown as Json };
    const flag: FeatureFlag = {
        id,
        team_id: teamId,
        name,
        key,
        filters,
        deleted: false,
        active,
        ensure_experience_continuity: false,
        has_encrypted_payloads: false,
        version: 1,
        evaluation_runtime: "all",
        evaluation_tags: [],
        created_at: createdAt,
        created_by: USERS[0],
    };
    state.featureFlags.push(flag);
    return flag;
}

/** The flag as nested in an experiment (api.md 2.2). */
export function nestedFlag(flag: FeatureFlag): JsonObject {
    return {
        id: flag.id,
        team_id: flag.team_id,
        name: flag.name,
        key: flag.key,
        filters: flag.filters,
        deleted: flag.deleted,
        active: flag.active,
        ensure_experience_continuity: flag.ensure_experience_continuity,
        has_encrypted_payloads: flag.has_encrypted_payloads,
        version: flag.version,
        evaluation_runtime: flag.evaluation_runtime,
        evaluation_tags: flag.evaluation_tags,
    };
}

export function meanMetric(uuid: string, event: string, name: string): JsonObject {
    const m: JsonObject = {
        kind: "ExperimentMetric",
        uuid,
        name,
        metric_type: "mean",
        goal: "increase",
        source: { kind: "EventsNode", event, math: "total", name: event },
    };
    m.fingerprint = fingerprint(m);
    return m;
}

export function funnelMetric(uuid: string, steps: string[], name: string): JsonObject {
    const m: JsonObject = {
        kind: "ExperimentMetric",
        uuid,
        name,
        metric_type: "funnel",
        goal: "increase",
        series: steps.map((event) => ({ kind: "EventsNode", event, name: event })),
        funnel_order_type: "ordered",
        conversion_window: 14,
        conversion_window_unit: "day",
    };
    m.fingerprint = fingerprint(m);
    return m;
}

/**
 * The stored `status` (products/experiments/backend: draft, running or stopped), kept in step
 * with the dates. "Paused" is never stored: it is a running experiment whose flag is inactive.
 */
export function experimentStatus(exp: JsonObject): string {
    if (!exp.start_date) return "draft";
    if (exp.end_date) return "stopped";
    return "running";
}

interface SeedExperiment {
    name: string;
    description: string;
    created: number;
    start?: number;
    end?: number;
    conclusion?: "won" | "lost" | "inconclusive";
    comment?: string;
    archived?: boolean;
    deleted?: boolean;
    paused?: boolean;
    holdout?: boolean;
    variants?: number;
    type?: string;
}

const PROJECT_ONE: SeedExperiment[] = [
    {
        name: "Checkout button color",
        description: "Does a green checkout button convert better than the blue one?",
        created: 40,
        start: 30,
    },
    {
        name: "New onboarding flow",
        description: "Three-step onboarding instead of the long form.",
        created: 120,
        start: 110,
        end: 80,
        conclusion: "won",
        comment: "Activation up 12% with 97% chance to win. Rolled out to everyone.",
    },
    {
        name: "Pricing page v2",
        description: "Plan cards with annual toggle.",
        created: 35,
        start: 28,
        holdout: true,
        variants: 3,
    },
    { name: "Signup form simplification", description: "Drop the company-size field.", created: 6 },
    {
        name: "Search ranking tweak",
        description: "Boost recently watched titles in search.",
        created: 100,
        start: 95,
        end: 70,
        conclusion: "lost",
        comment: "Fewer plays per search; reverted.",
    },
    {
        name: "Homepage hero copy",
        description: "Benefit-led headline vs. feature-led headline.",
        created: 90,
        start: 85,
        end: 60,
        conclusion: "inconclusive",
        comment: "No significant difference after 25 days.",
    },
    {
        name: "Free trial length",
        description: "14-day vs 30-day trial.",
        created: 50,
        start: 45,
        paused: true,
    },
    {
        name: "Recommendation widget",
        description: "Carousel of similar titles on the detail page.",
        created: 75,
        start: 70,
        end: 50,
    },
    {
        name: "Dark mode default",
        description: "Start new users in dark mode.",
        created: 150,
        start: 140,
        end: 120,
        conclusion: "won",
        comment: "Shipped.",
        archived: true,
    },
    {
        name: "Email digest frequency",
        description: "Weekly vs. daily digest emails.",
        created: 25,
        start: 20,
    },
    { name: "Mobile nav redesign", description: "Bottom tab bar on mobile web.", created: 4 },
    {
        name: "Annual plan discount",
        description: "20% vs 15% discount on annual plans.",
        created: 22,
        start: 14,
        variants: 3,
    },
    {
        name: "Old banner test",
        description: "Superseded.",
        created: 200,
        start: 190,
        end: 180,
        deleted: true,
    },
    {
        name: "Referral incentive",
        description: "Give a free month for each referral.",
        created: 130,
        start: 125,
        end: 100,
        conclusion: "inconclusive",
        comment: "Too few referrals to tell.",
        archived: true,
    },
    {
        name: "Cart reminder timing",
        description: "Remind after 1 hour vs 24 hours.",
        created: 18,
        start: 12,
    },
    {
        name: "Onboarding checklist",
        description: "Checklist widget on the first dashboard.",
        created: 2,
    },
    {
        name: "Pricing toggle default",
        description: "Annual selected by default.",
        created: 65,
        start: 60,
        end: 32,
        conclusion: "won",
        comment: "Annual share up from 31% to 38%.",
    },
    {
        name: "Legacy layout test",
        description: "Old layout experiment.",
        created: 220,
        start: 215,
        end: 200,
        deleted: true,
    },
    {
        name: "Web landing page headline",
        description: "Web experiment on the landing page.",
        created: 15,
        start: 10,
        type: "web",
    },
];

const PROJECT_TWO: SeedExperiment[] = [
    {
        name: "Staging smoke experiment",
        description: "Checks experiment plumbing in staging.",
        created: 30,
        start: 29,
    },
    { name: "Staging draft", description: "Not started.", created: 5 },
    {
        name: "Staging archived",
        description: "Old.",
        created: 80,
        start: 79,
        end: 60,
        conclusion: "lost",
        comment: "n/a",
        archived: true,
    },
    { name: "Staging deleted", description: "Removed.", created: 70, deleted: true },
];

function buildExperiment(
    state: SandboxState,
    teamId: number,
    s: SeedExperiment,
    rand: () => number,
    holdout: JsonObject | null,
): Experiment {
    const id = ++state.nextIds.experiment;
    const key = kebab(s.name) + (teamId === 1 ? "" : "-staging");
    const variantKeys = ["control", "test", "test-2"].slice(0, s.variants ?? 2);
    const pct = Math.floor(100 / variantKeys.length);
    const variants = variantKeys.map((k, i) => ({
        key: k,
        name: k === "control" ? "Control" : `Test ${i}`,
        rollout_percentage: i === 0 ? 100 - pct * (variantKeys.length - 1) : pct,
    }));
    const createdAt = daysAgo(s.created, 9, Math.floor(rand() * 59));
    const flag = makeFlag(
        state,
        teamId,
        key,
        variants,
        !!s.start && !s.paused,
        createdAt,
        `Feature flag for experiment ${s.name}`,
    );
    const metrics = [
        meanMetric(seededUuid(rand), "checkout_completed", "Checkouts per user"),
        funnelMetric(seededUuid(rand), ["$pageview", "signed_up"], "Signup conversion"),
    ];
    const secondary = [meanMetric(seededUuid(rand), "$pageview", "Pageviews")];
    const exp: Experiment = {
        id,
        team_id: teamId,
        name: s.name,
        description: s.description,
        start_date: s.start !== undefined ? daysAgo(s.start, 12) : null,
        end_date: s.end !== undefined ? daysAgo(s.end, 12) : null,
        feature_flag_key: key,
        feature_flag: nestedFlag(flag),
        holdout,
        holdout_id: holdout ? (holdout.id as number) : null,
        exposure_cohort: null,
        parameters: {
            feature_flag_variants: variants.map((v) => ({
                key: v.key,
                rollout_percentage: v.rollout_percentage,
            })),
            minimum_detectable_effect: 30,
            recommended_running_time: 14,
            recommended_sample_size: 1200,
        },
        secondary_metrics: [],
        saved_metrics: [],
        saved_metrics_ids: [],
        filters: {},
        archived: !!s.archived,
        deleted: !!s.deleted,
        created_by: USERS[id % 2] as unknown as Json,
        created_at: createdAt,
        updated_at: daysAgo(Math.max(0, (s.end ?? s.start ?? s.created) - 1), 15),
        type: s.type ?? "product",
        exposure_criteria: { filterTestAccounts: true },
        metrics,
        metrics_secondary: secondary,
        stats_config: { method: "bayesian" },
        _create_in_folder: null,
        conclusion: s.conclusion ?? null,
        conclusion_comment: s.comment ?? null,
        primary_metrics_ordered_uuids: metrics.map((m) => m.uuid),
        secondary_metrics_ordered_uuids: secondary.map((m) => m.uuid),
        user_access_level: "editor",
        scheduling_config: null,
        only_count_matured_users: false,
        status: "draft",
    };
    if (id % 3 === 0) {
        exp.saved_metrics = [
            {
                id: id * 10,
                experiment: id,
                saved_metric: 7,
                metadata: { type: "primary" },
                created_at: createdAt,
                query: meanMetric(seededUuid(rand), "$autocapture", "Clicks"),
                name: "Clicks (shared)",
            },
        ];
        exp.saved_metrics_ids = [{ id: 7, metadata: { type: "primary" } }];
    }
    exp.status = experimentStatus(exp);
    return exp;
}

/**
 * Fills `state` with the seed; `extraExperiments` older ones are added to project 1. The event
 * definitions are those of `seen`, the seeded events' names (eventDefinitionSeed.ts).
 */
export function seed(state: SandboxState, extraExperiments: number, seen: SeenEvent[]): void {
    const rand = rng(42);
    state.organization = defaultOrganization();
    state.projects = projects();
    state.users = USERS;
    state.experiments = [];
    state.featureFlags = [];
    state.cohorts = [];
    state.recalculations = [];
    state.queries.clear();
    state.cancelledQueryIds.length = 0;
    state.nextIds = { experiment: 0, flag: 0, cohort: 0 };

    const holdout: JsonObject = {
        id: 1,
        name: "Global holdout (10%)",
        description: "Users who never see experiments.",
        filters: [{ properties: [], rollout_percentage: 10, variant: "holdout-1" }],
        created_by: USERS[0] as unknown as Json,
        created_at: daysAgo(200),
        updated_at: daysAgo(200),
    };
    for (const s of PROJECT_ONE) {
        state.experiments.push(buildExperiment(state, 1, s, rand, s.holdout ? holdout : null));
    }
    for (let i = 1; i <= extraExperiments; i++) {
        const s: SeedExperiment = {
            name: `Paging experiment ${i}`,
            description: `Extra experiment ${i} for paging tests.`,
            created: 230 + i,
        };
        if (i % 2 === 0) s.start = 229 + i;
        state.experiments.push(buildExperiment(state, 1, s, rand, null));
    }
    for (const s of PROJECT_TWO) {
        state.experiments.push(buildExperiment(state, 2, s, rand, null));
    }
    // Flags that are not eligible for experiments (and one that is, without an experiment).
    makeFlag(state, 1, "new-dashboard", null, true, daysAgo(90), "New dashboard (boolean)");
    makeFlag(state, 1, "beta-access", null, true, daysAgo(60), "Beta access");
    makeFlag(
        state,
        1,
        "theme-variants",
        [
            { key: "light", rollout_percentage: 50 },
            { key: "dark", rollout_percentage: 50 },
        ],
        true,
        daysAgo(55),
        "Theme without control",
    );
    makeFlag(
        state,
        1,
        "solo-variant",
        [{ key: "control", rollout_percentage: 100 }],
        true,
        daysAgo(50),
        "Only one variant",
    );
    makeFlag(
        state,
        1,
        "onboarding-v3-test",
        [
            { key: "control", rollout_percentage: 50 },
            { key: "test", rollout_percentage: 50 },
        ],
        false,
        daysAgo(3),
        "Ready for an experiment",
    );
    state.eventDefinitions = eventDefinitions(seen, USERS, daysAgo(20, 10));
    state.insightVariables = insightVariables();
}

/** Saved insight variables: two with defaults, one without (a run must then send a value). */
function insightVariables(): SandboxState["insightVariables"] {
    const v = (
        id: string,
        name: string,
        type: SandboxState["insightVariables"][number]["type"],
        code_name: string,
        default_value: unknown,
        values: string[] | null = null,
    ) => ({
        id,
        teamId: 1,
        name,
        type,
        code_name,
        default_value,
        values,
        is_multi: false,
        created_at: daysAgo(30),
    });
    return [
        v("018f2a3c-0001-7000-8000-000000000001", "Start date", "Date", "start_date", "-30d"),
        v(
            "018f2a3c-0002-7000-8000-000000000002",
            "Event name",
            "String",
            "event_name",
            "$pageview",
        ),
        v("018f2a3c-0003-7000-8000-000000000003", "Minimum count", "Number", "min_count", null),
        v("018f2a3c-0004-7000-8000-000000000004", "Browser", "List", "browser_choice", "Chrome", [
            "Chrome",
            "Safari",
            "Firefox",
            "Edge",
        ]),
    ];
}

export function defaultOrganization(): SandboxState["organization"] {
    return {
        id: ORGANIZATION_ID,
        name: "Hogflix",
        members_can_use_personal_api_keys: true,
        membership_level: 15,
        taxonomy: true,
    };
}

export function emptyState(): SandboxState {
    return {
        organization: defaultOrganization(),
        projects: [],
        users: [],
        experiments: [],
        featureFlags: [],
        eventDefinitions: [],
        queries: new Map(),
        cancelledQueryIds: [],
        cohorts: [],
        recalculations: [],
        insightVariables: [],
        nextIds: { experiment: 0, flag: 0, cohort: 0 },
        extraSchemaTables: {},
    };
}
