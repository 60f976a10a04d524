// Fault switches: chosen by the admin endpoint / Sandbox.faults, or per request with the
// `X-Sandbox-Fault: <kind>` header.
import type { FaultSpec } from "./types";

interface ActiveFault {
    spec: FaultSpec;
    remaining: number;
}

export class FaultStore {
    private faults: ActiveFault[] = [];

    add(spec: FaultSpec): void {
        this.faults.push({ spec, remaining: spec.times ?? 1 });
    }

    clear(): void {
        this.faults = [];
    }

    /** The first fault matching this request, consuming one use of it. */
    take(method: string, path: string): FaultSpec | null {
        for (const f of this.faults) {
            const s = f.spec;
            if (!matchesRequest(s, method, path)) continue;
            if (--f.remaining <= 0) this.faults.splice(this.faults.indexOf(f), 1);
            return s;
        }
        return null;
    }
}

/** Whether a rule's method (optional) and path substring or RegExp (optional) fit a request. */
export function matchesRequest(
    rule: { method?: string; path?: string | RegExp },
    method: string,
    path: string,
): boolean {
    if (rule.method && rule.method.toUpperCase() !== method) return false;
    if (rule.path === undefined) return true;
    return typeof rule.path === "string" ? path.includes(rule.path) : rule.path.test(path);
}

/** FaultSpec from JSON (admin endpoint): path "/re/flags" or `pathRegex` become RegExps. */
export function faultFromJson(body: Record<string, unknown>): FaultSpec {
    const spec = { ...body } as unknown as FaultSpec & { pathRegex?: string };
    if (typeof spec.pathRegex === "string") spec.path = new RegExp(spec.pathRegex);
    else if (typeof spec.path === "string") {
        const m = /^\/(.+)\/([gimsuy]*)$/.exec(spec.path);
        // A path like "/api/projects/1/query/" is a plain substring; only "/.../flags" with a
        // regex-looking body is taken as a RegExp.
        if (m && /[\\^$*+?()[\]{}|]/.test(m[1])) spec.path = new RegExp(m[1], m[2]);
    }
    delete spec.pathRegex;
    const times = body.times as unknown;
    if (times === "Infinity" || times === null || times === -1) spec.times = Infinity;
    return spec;
}

export function nginxPage(status: number): string {
    const titles: Record<number, string> = {
        500: "500 Internal Server Error",
        502: "502 Bad Gateway",
        504: "504 Gateway Time-out",
    };
    const title = titles[status] ?? `${status} Error`;
    return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n`;
}

/** A few megabytes of valid JSON, for clients that must cap what they read. */
export function oversizedBody(): string {
    const row = JSON.stringify(["$pageview", "x".repeat(200), "2024-01-01T00:00:00Z"]);
    return `{"results":[${Array.from({ length: 20000 }, () => row).join(",")}],"hasMore":false}`;
}
