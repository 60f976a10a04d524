// Holds a whole mocha suite's sandbox traffic to the contract: every exchange of every sandbox
// the suite starts in this process (the client's requests and the sandbox's answers) is checked
// as it happens, and the suite ends red, in a root "after all" hook, when any broke the contract.
// Exchanges a fault answered (test/sandbox/faults.ts: nginx pages, oversized bodies...) are the
// only ones left out: they break it on purpose. A sandbox started with an `onExchange` of its
// own (a test that checks its traffic itself) reports to that instead.
import type { Suite } from "mocha";
import { observeAllSandboxes, type RecordedRequest } from "../sandbox";
import { Contract, formatViolation } from "./contract";

/** Each broken rule once, with how often and where it was first seen. */
interface Seen {
    count: number;
    test: string;
    request: string;
}

/** The exchange as the checker reads it. */
export function exchangeOf(r: RecordedRequest): Parameters<Contract["check"]>[0] {
    return {
        method: r.method,
        url: r.url,
        body: r.body,
        response: r.response && {
            status: r.response.status,
            contentType: r.response.contentType,
            body: r.response.body,
        },
    };
}

/** Checks every sandbox exchange of the suite below `root` against the contract. */
export function checkSuiteTraffic(root: Suite): void {
    let contract: Contract | undefined;
    let test = "(before the first test)";
    let exchanges = 0;
    const seen = new Map<string, Seen>();
    observeAllSandboxes((r) => {
        if (r.fault) return;
        exchanges++;
        // Loaded on the first exchange: a suite run that starts no sandbox pays nothing.
        contract ??= new Contract();
        for (const v of contract.check(exchangeOf(r))) {
            // Rows of a list break a rule alike: one line for all of them (`/results/*/name`).
            const line = formatViolation({ ...v, at: v.at.replace(/\/\d+(?=\/|$)/g, "/*") });
            const s = seen.get(line);
            if (s) s.count++;
            else seen.set(line, { count: 1, test, request: `${r.method} ${r.url}` });
        }
    });
    root.beforeEach(function () {
        test = this.currentTest?.fullTitle() ?? test;
    });
    root.afterAll(function () {
        observeAllSandboxes(undefined);
        if (seen.size === 0) return;
        const lines = [...seen].map(
            ([line, s]) =>
                `  ${line}\n      ${s.count} time(s); first in "${s.test}" (${s.request})`,
        );
        throw new Error(
            `The sandbox traffic broke PostHog's API contract (test/fixtures/posthog-openapi/), ` +
                `${seen.size} rule(s) over ${exchanges} exchange(s):\n${lines.join("\n")}`,
        );
    });
}
