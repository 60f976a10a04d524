// Lost replies to an experiment's lifecycle actions (issue 43): the hostile server acts on the
// action, or not, and then never answers it. The client must not send it again (a second launch,
// end or ship is refused by PostHog or acts twice); transitionExperiment reads the experiment
// again and says what the server did. Two quick calls must send one request.
import type { IncomingMessage, ServerResponse } from "node:http";
import { transitionExperiment, type TransitionResult } from "../../src/api";
import { all, fails, succeeds, type Env, type Outcome, type Scenario } from "./harness";
import { htmlPage, json, raw } from "./hostileServer";

const P = "/api/projects/1/experiments/1";

/** The one experiment of these scenarios, as its state stands on the hostile server. */
interface Stored {
    start_date: string | null;
    end_date: string | null;
    active: boolean;
}

function experimentJson(s: Stored): unknown {
    return {
        id: 1,
        name: "e1",
        feature_flag_key: "f1",
        archived: false,
        start_date: s.start_date,
        end_date: s.end_date,
        status: !s.start_date ? "draft" : s.end_date ? "stopped" : "running",
        feature_flag: {
            id: 1,
            key: "f1",
            name: "",
            deleted: false,
            active: s.active,
            filters: {
                multivariate: {
                    variants: [
                        { key: "control", rollout_percentage: 50 },
                        { key: "test", rollout_percentage: 50 },
                    ],
                },
            },
        },
    };
}

/** How the server answers the action once it has (or has not) acted on it. */
type Lose = (req: IncomingMessage, res: ServerResponse) => void;

const dropConnection: Lose = (req) => req.socket.destroy();
const proxy502: Lose = (_req, res) => raw(res, 502, htmlPage(502), "text/html");

/**
 * A server holding one draft experiment: the action's POST is applied when `applies` (counted,
 * and marked as the create a repeat would repeat) and answered by `lose`; the experiment's GET
 * answers its state, or drops too when `readDrops`.
 */
function server(
    action: "launch" | "end",
    applies: boolean,
    lose: Lose,
    readDrops = false,
    start: Partial<Stored> = {},
) {
    const stored: Stored = { start_date: null, end_date: null, active: false, ...start };
    return (req: IncomingMessage, res: ServerResponse, _body: string, sv: Env["server"]) => {
        const path = (req.url ?? "").split("?")[0];
        if (req.method === "POST" && path === `${P}/${action}/`) {
            if (applies) {
                sv.created();
                if (action === "launch") {
                    stored.start_date = "2026-11-29T09:00:00Z";
                    stored.active = true;
                } else stored.end_date = "2026-11-29T09:00:00Z";
            }
            return lose(req, res);
        }
        if (req.method === "GET" && path === `${P}/`) {
            if (readDrops) return req.socket.destroy();
            return json(res, 200, experimentJson(stored));
        }
        json(res, 404, { type: "invalid_request", code: "not_found", detail: "Not found." });
    };
}

/** The action's POSTs the server received. */
const postsTo = (env: Env, action: string) =>
    env.server.requests.filter((r) => r.method === "POST" && r.path === `${P}/${action}/`).length;

/** Exactly one POST of the action reached the server. */
const sentOnce =
    (action: string) =>
    (_o: Outcome, env: Env): string | undefined => {
        const n = postsTo(env, action);
        return n === 1 ? undefined : `${action} was sent ${n} times`;
    };

const shown = (r: TransitionResult): string =>
    `${r.outcome} ${String(r.experiment.status)} ${r.lostReply?.code ?? ""}`;

export function lifecycleScenarios(): Scenario[] {
    return [
        {
            group: "lifecycle",
            name: "lost Launch reply the server acted on: one launch, reported done",
            handler: server("launch", true, dropConnection),
            run: async (env) => shown(await transitionExperiment(env.client(), 1, "launch")),
            check: all(succeeds(/^done-reply-lost running network_error/), sentOnce("launch")),
        },
        {
            group: "lifecycle",
            name: "lost Launch reply the server did not act on: reported not done, sent once",
            handler: server("launch", false, dropConnection),
            run: async (env) => shown(await transitionExperiment(env.client(), 1, "launch")),
            check: all(succeeds(/^not-done-reply-lost draft/), sentOnce("launch")),
        },
        {
            group: "lifecycle",
            name: "End answered by a proxy's 502 after the server ended it: one end, reported done",
            handler: server("end", true, proxy502, false, {
                start_date: "2026-11-01T09:00:00Z",
                active: true,
            }),
            run: async (env) =>
                shown(await transitionExperiment(env.client(), 1, "end", { conclusion: null })),
            check: all(succeeds(/^done-reply-lost stopped/), sentOnce("end")),
        },
        {
            group: "lifecycle",
            name: "lost Launch reply and the experiment unreadable: may or may not be applied",
            handler: server("launch", true, dropConnection, true),
            run: async (env) => shown(await transitionExperiment(env.client(), 1, "launch")),
            check: all(fails(/may or may not have been applied/), sentOnce("launch")),
        },
        {
            group: "lifecycle",
            name: "two quick Launch clicks send one request",
            handler: (() => {
                const inner = server("launch", true, (_req, res) =>
                    json(
                        res,
                        200,
                        experimentJson({
                            start_date: "2026-11-29T09:00:00Z",
                            end_date: null,
                            active: true,
                        }),
                    ),
                );
                // The answer takes a moment, as a real one does: the second click comes first.
                return (
                    req: IncomingMessage,
                    res: ServerResponse,
                    body: string,
                    sv: Env["server"],
                ) => sv.later(30, () => inner(req, res, body, sv));
            })(),
            run: async (env) => {
                const client = env.client();
                const [a, b] = await Promise.all([
                    transitionExperiment(client, 1, "launch"),
                    transitionExperiment(client, 1, "launch"),
                ]);
                return a === b ? shown(a) : "two answers";
            },
            check: all(succeeds(/^done running/), sentOnce("launch")),
        },
    ];
}
