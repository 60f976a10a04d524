// `npm run faults`: runs the client through every hostile scenario and prints the figures.
// Exits non-zero when a scenario goes wrong or a figure breaks its rule. The last line,
// `faults: N passed, N failed`, is what test/runAll.mjs sums.
//
// Timeouts, retry waits and poll waits are the client's defaults divided by FAULTS_SCALE
// (default 100), so a 30 s deadline takes 0.3 s here; times are reported multiplied back.
import { DEFAULT_MAX_PAGES } from "../../src/api";
import { curlShellFigure } from "./curlShell";
import { bigIntegerFigure } from "./bigIntegers";
import { hostileNamesFigure } from "./hostileNames";
import { makeEnv, runScenario, type Result } from "./harness";
import { proxyFigure } from "./proxy";
import { scenarios } from "./scenarios";

export interface Figure {
    name: string;
    value: string;
    rule: string;
    ok: boolean;
}

function seconds(ms: number): string {
    return `${(ms / 1000).toFixed(1)} s`;
}

export async function main(): Promise<number> {
    const scale = Number(process.env.FAULTS_SCALE ?? 100);
    const only = process.env.FAULTS_GREP ? new RegExp(process.env.FAULTS_GREP, "i") : undefined;
    const env = await makeEnv(scale, Number(process.env.FAULTS_SLACK_MS ?? 400));
    const results: Result[] = [];
    const started = Date.now();
    try {
        for (const scenario of scenarios()) {
            if (only && !only.test(`${scenario.group} ${scenario.name}`)) continue;
            const r = await runScenario(env, scenario);
            results.push(r);
            const flags = [
                r.foreignRequests ? `${r.foreignRequests} foreign` : "",
                r.repeatedCreates ? `${r.repeatedCreates} repeated creates` : "",
                r.keyOccurrences ? `${r.keyOccurrences} key occurrences` : "",
                r.escapedRequests ? `${r.escapedRequests} escaped` : "",
            ].filter(Boolean);
            const bad = r.problem || flags.length > 0;
            console.log(
                `${bad ? "FAIL" : "ok  "} [${scenario.group}] ${scenario.name}` +
                    `${r.problem ? ` - ${r.problem}` : ""}${flags.length ? ` - ${flags.join(", ")}` : ""}`,
            );
        }
    } finally {
        await env.close();
    }
    const sum = (f: (r: Result) => number) => results.reduce((n, r) => n + f(r), 0);
    const slowest = results.reduce<Result | undefined>(
        (a, r) => (!a || r.answerMs > a.answerMs ? r : a),
        undefined,
    );
    const timed = results.filter((r) => !r.scenario.loop);
    const slowestGet = timed
        .filter((r) => (r.scenario.deadlineMs ?? 30_000) === 30_000)
        .reduce((n, r) => Math.max(n, r.answerMs), 0);
    const overshoot = timed.reduce((n, r) => Math.max(n, r.overshootMs), -Infinity);
    const loops = results.filter((r) => r.scenario.loop);
    const loopMax = loops.reduce((n, r) => Math.max(n, r.requests), 0);
    const failed = results.filter(
        (r) =>
            r.problem ||
            r.foreignRequests ||
            r.repeatedCreates ||
            r.keyOccurrences ||
            r.escapedRequests,
    );
    const figures: Figure[] = [
        {
            name: "scenarios",
            value: `${results.length} (${results.length - failed.length} right)`,
            rule: "all right",
            ok: failed.length === 0,
        },
        {
            name: "requests to other origins",
            value: String(sum((r) => r.foreignRequests)),
            rule: "0",
            ok: sum((r) => r.foreignRequests) === 0,
        },
        {
            name: "repeated creates",
            value: String(sum((r) => r.repeatedCreates)),
            rule: "0",
            ok: sum((r) => r.repeatedCreates) === 0,
        },
        {
            name: "key occurrences in any output",
            value: String(sum((r) => r.keyOccurrences)),
            rule: "0",
            ok: sum((r) => r.keyOccurrences) === 0,
        },
        {
            name: "requests to a path an id escaped into",
            value: String(sum((r) => r.escapedRequests)),
            rule: "0",
            ok: sum((r) => r.escapedRequests) === 0,
        },
        {
            name: "requests made by a looping next (worst)",
            value: `${loopMax} (${loops.length} loops, all ended by themselves)`,
            rule: `<= ${DEFAULT_MAX_PAGES} pages, no abort`,
            ok: loopMax <= DEFAULT_MAX_PAGES && loops.every((r) => !r.problem),
        },
        {
            name: "longest answer of a call (default timeouts)",
            value: seconds(slowestGet),
            rule: "<= 30 s",
            ok: slowestGet <= 30_000,
        },
        {
            name: "longest answer of any operation",
            value: `${seconds(slowest?.answerMs ?? 0)} (${slowest?.scenario.name ?? "-"})`,
            rule: "<= its deadline (query 90 s, async 10 min)",
            ok: timed.every((r) => !r.problem?.includes("after its scaled deadline")),
        },
        {
            name: "latest answer after a scaled deadline",
            value: `${Math.max(0, Math.round(overshoot))} ms real`,
            rule: `<= ${env.slackMs} ms (the machine's scheduling)`,
            ok: overshoot <= env.slackMs,
        },
        await curlShellFigure(),
        bigIntegerFigure(),
        hostileNamesFigure(),
    ];
    if (!only || only.test("proxy")) figures.push(await proxyFigure());
    console.log(
        `\nFault suite: ${results.length} scenarios in ${seconds(Date.now() - started)} (timeouts scaled 1/${scale})`,
    );
    const w = Math.max(...figures.map((f) => f.name.length));
    const v = Math.max(...figures.map((f) => f.value.length));
    for (const f of figures) {
        console.log(
            `${f.ok ? "ok  " : "FAIL"}  ${f.name.padEnd(w)}  ${f.value.padEnd(v)}  rule: ${f.rule}`,
        );
    }
    const badFigures = figures.filter((f) => !f.ok && f.name !== "scenarios").length;
    console.log(
        `faults: ${results.length - failed.length} passed, ${failed.length + badFigures} failed`,
    );
    return failed.length + badFigures > 0 ? 1 : 0;
}

if (require.main === module) {
    main().then(
        (code) => process.exit(code),
        (err: unknown) => {
            console.error(err);
            console.log("faults: 0 passed, 1 failed");
            process.exit(1);
        },
    );
}
