// Holds a whole mocha suite's sandbox traffic to the contract: every exchange of every sandbox
// the suite starts in this process (the client's requests and the sandbox's answers) is checked
// as it happens, and the suite ends red, in a root "after all" hook, when any broke the contract.
// Two kinds of exchange break it on purpose, each marked by the sandbox, never guessed here:
// - an answer a fault shaped (test/sandbox/faults.ts: nginx pages, oversized bodies...) is left
//   out whole;
// - a request a test sent against the contract to see PostHog's answer (test/sandbox/
//   deliberate.ts) has its request side left out; its answer is still checked. The suite prints
//   what each mark exempted, and a mark that exempted nothing is itself a broken rule (the test
//   no longer does what it says).
// A sandbox started with an `onExchange` of its own (a test that checks its traffic itself)
// reports to that instead.
import type { Suite } from "mocha";
import { observeAllSandboxes, type RecordedRequest } from "../sandbox";
import { Contract, formatViolation, type Violation } from "./contract";

/** Each broken rule once, with how often and where it was first seen. */
interface Seen {
    count: number;
    test: string;
    request: string;
}

/** What one mark of deliberately bad requests exempted over the suite. */
interface Marked {
    exchanges: number;
    /** request rules left out, each once */
    rules: Set<string>;
    test: string;
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

/** The contract's verdict on one recorded exchange, with what its marks left out. */
export interface Judgement {
    /** the rules it breaks that count */
    violations: Violation[];
    /** request rules it breaks that a deliberate mark leaves out */
    exempted: Violation[];
}

/** Checks one exchange, honouring the sandbox's fault and deliberate marks (see above). */
export function judge(contract: Contract, r: RecordedRequest): Judgement {
    if (r.fault) return { violations: [], exempted: [] };
    const all = contract.check(exchangeOf(r));
    if (r.deliberate === undefined) return { violations: all, exempted: [] };
    return {
        violations: all.filter((v) => v.side !== "request"),
        exempted: all.filter((v) => v.side === "request"),
    };
}

/** A request for the report: long URLs (a 10,000-character search) cut. */
function requestLine(r: RecordedRequest): string {
    const line = `${r.method} ${r.url}`;
    return line.length > 200 ? `${line.slice(0, 200)}… (${line.length} characters)` : line;
}

/** One line for all rows of a list breaking a rule alike: row indexes become `*`. */
function ruleLine(v: Violation): string {
    return formatViolation({ ...v, at: v.at.replace(/\/\d+(?=\/|$)/g, "/*") });
}

/** What a suite's traffic did to the contract, gathered exchange by exchange. */
export class TrafficReport {
    private exchanges = 0;
    private readonly seen = new Map<string, Seen>();
    private readonly marked = new Map<string, Marked>();

    constructor(private readonly contract: Contract) {}

    /** Checks one exchange, seen while `test` ran. */
    record(r: RecordedRequest, test: string): void {
        if (r.fault) return;
        this.exchanges++;
        const { violations, exempted } = judge(this.contract, r);
        for (const v of violations) {
            const line = ruleLine(v);
            const s = this.seen.get(line);
            if (s) s.count++;
            else this.seen.set(line, { count: 1, test, request: requestLine(r) });
        }
        if (r.deliberate !== undefined) {
            const m = this.marked.get(r.deliberate) ?? { exchanges: 0, rules: new Set(), test };
            m.exchanges++;
            for (const v of exempted) m.rules.add(ruleLine(v));
            this.marked.set(r.deliberate, m);
        }
    }

    /** One paragraph per mark that exempted something: said in every run, never silent. */
    exemptions(): string[] {
        return [...this.marked]
            .filter(([, m]) => m.rules.size > 0)
            .map(
                ([why, m]) =>
                    `contract: ${m.exchanges} request(s) marked "${why}" (first in "${m.test}") ` +
                    `broke on purpose:\n${[...m.rules].map((r) => `  ${r}`).join("\n")}`,
            );
    }

    /**
     * Every broken rule, and every mark whose requests all kept the contract (the test no
     * longer does what it says), as the suite's error; undefined when there is none.
     */
    failure(): string | undefined {
        const lines = [...this.seen].map(
            ([line, s]) =>
                `  ${line}\n      ${s.count} time(s); first in "${s.test}" (${s.request})`,
        );
        for (const [why, m] of this.marked) {
            if (m.rules.size > 0) continue;
            lines.push(
                `  marked as deliberately breaking the contract, yet its ${m.exchanges} ` +
                    `request(s) keep it: "${why}"\n      first in "${m.test}"`,
            );
        }
        if (lines.length === 0) return undefined;
        return (
            `The sandbox traffic broke PostHog's API contract (test/fixtures/posthog-openapi/), ` +
            `${lines.length} rule(s) over ${this.exchanges} exchange(s):\n${lines.join("\n")}`
        );
    }
}

/** Checks every sandbox exchange of the suite below `root` against the contract. */
export function checkSuiteTraffic(root: Suite): void {
    let report: TrafficReport | undefined;
    let test = "(before the first test)";
    observeAllSandboxes((r) => {
        // Loaded on the first exchange: a suite run that starts no sandbox pays nothing.
        report ??= new TrafficReport(new Contract());
        report.record(r, test);
    });
    root.beforeEach(function () {
        test = this.currentTest?.fullTitle() ?? test;
    });
    root.afterAll(function () {
        observeAllSandboxes(undefined);
        if (!report) return;
        for (const paragraph of report.exemptions()) console.log(paragraph);
        const failure = report.failure();
        if (failure) throw new Error(failure);
    });
}
