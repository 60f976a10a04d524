// Local PostHog-compatible test server ("sandbox") for unit and integration tests and demos.
import type { AddressInfo } from "node:net";
import { KEYS, type SandboxKeys } from "./auth";
import { DeliberateStore } from "./deliberate";
import { seenEvents } from "./eventDefinitionSeed";
import { FaultStore } from "./faults";
import { HogQLEngine } from "./hogql/engine";
import { SandboxOAuth } from "./oauth";
import { reportExchange } from "./exchanges";
import { emptyState, seed } from "./seed";
import { createSandboxServer } from "./server";
import type {
    DeliberateSpec,
    FaultSpec,
    RecordedRequest,
    SandboxOptions,
    SandboxState,
} from "./types";

export type {
    Cohort,
    DeliberateSpec,
    EventDefinition,
    Experiment,
    FaultSpec,
    FeatureFlag,
    QueryRecord,
    Recalculation,
    RecordedRequest,
    RecordedResponse,
    SandboxOptions,
    SandboxState,
} from "./types";
export type { SandboxKeys } from "./auth";
export { observeAllSandboxes } from "./exchanges";

export interface Sandbox {
    /** e.g. http://127.0.0.1:43123, or https://... with `tls` (no trailing slash) */
    url: string;
    /** id of the main seeded project (1); project 2 also exists */
    projectId: number;
    keys: SandboxKeys;
    /** live server state: arrays/maps the tests may read and modify directly */
    state: SandboxState;
    /** every non-admin request received, oldest first (headers lower-cased, Authorization kept verbatim: test keys only) */
    requests: RecordedRequest[];
    faults: { add(f: FaultSpec): void; clear(): void };
    /**
     * Marks the next matching requests as sent against the contract on purpose: the contract
     * check leaves out their request side (and reports the mark); see deliberate.ts.
     */
    deliberate(spec: DeliberateSpec): void;
    /** the OAuth authorization server: clients, revocations, refreshes, settings (oauth.ts) */
    oauth: SandboxOAuth;
    close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
    const state = emptyState();
    const extraExperiments = options.extraExperiments ?? 0;
    // Both wait for the one seeding of ClickHouse; the definitions come from its events.
    const [engine, seen] = await Promise.all([HogQLEngine.create(), seenEvents()]);
    seed(state, extraExperiments, seen);
    const faults = new FaultStore();
    const deliberate = new DeliberateStore();
    const requests: RecordedRequest[] = [];
    const oauth = new SandboxOAuth();
    const server = createSandboxServer(
        {
            state,
            engine,
            faults,
            deliberate,
            requests,
            asyncPolls: options.asyncPolls ?? 3,
            extraExperiments,
            seenEvents: seen,
            onExchange: options.onExchange ?? reportExchange,
            oauth,
        },
        options.tls,
    );
    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port ?? 0, options.address ?? "127.0.0.1", () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    return {
        url: `${options.tls ? "https" : "http"}://${options.address ?? "127.0.0.1"}:${port}`,
        projectId: 1,
        keys: { ...KEYS },
        state,
        requests,
        faults: { add: (f) => faults.add(f), clear: () => faults.clear() },
        deliberate: (spec) => deliberate.add(spec),
        oauth,
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => {
                    engine.close();
                    resolve();
                });
            }),
    };
}
