// Requests a test sends against the contract on purpose (a body without a required field, to see
// PostHog's 400), marked so the contract check (test/contract/suiteCheck.ts) leaves out their
// request side, and only theirs: the answer is still checked, and the check reports every mark.
// A test marks the next matching requests with Sandbox.deliberate, or one request of its own with
// the `X-Sandbox-Deliberate: <why>` header.
import { matchesRequest } from "./faults";
import type { DeliberateSpec } from "./types";

interface ActiveMark {
    spec: DeliberateSpec;
    remaining: number;
}

export class DeliberateStore {
    private marks: ActiveMark[] = [];

    add(spec: DeliberateSpec): void {
        if (!spec.why.trim()) throw new Error("a deliberately bad request needs a why");
        this.marks.push({ spec, remaining: spec.times ?? 1 });
    }

    clear(): void {
        this.marks = [];
    }

    /** Why the request is deliberately bad, when a mark matches it (consuming one use). */
    take(method: string, path: string): string | undefined {
        for (const m of this.marks) {
            if (!matchesRequest(m.spec, method, path)) continue;
            if (--m.remaining <= 0) this.marks.splice(this.marks.indexOf(m), 1);
            return m.spec.why;
        }
        return undefined;
    }
}
