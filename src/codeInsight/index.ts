// PostHog in the application's own code (issue 45, item 2): hovers, completion, diagnostics with a
// quick fix, and inlay hints on the calls the finder (src/codeCalls/) reports. Nothing of it runs
// or loads at activation: the providers (./startedInsight.ts, a chunk of their own) are
// registered, and the finder's worker started, when the first document of a supported language
// is open.
import * as vscode from "vscode";
import type { CodeCall } from "../codeCalls/types";
import { registerOnFirstDocument } from "../activationOnFirstDocument";
import type { ConfigDep, DisposablesDep, LogDep, SessionDep } from "../deps";
import type { InsightData } from "./insightData";
import { codeLanguageOf } from "./languages";
import { SharedFinder } from "./sharedFinder";
import type { StartedInsight } from "./startedInsight";

/** What the editor insight uses. */
export type CodeInsightDeps = LogDep &
    SessionDep &
    ConfigDep<"hostSource" | "codeInsight" | "onDidChange"> & {
        readonly extensionUri: vscode.Uri;
    };

type InsightModule = typeof import("./startedInsight");

export class CodeInsight implements vscode.Disposable {
    private module: Promise<InsightModule> | undefined;
    private dataInstance: Promise<InsightData> | undefined;
    private starting: Promise<StartedInsight | undefined> | undefined;
    private startedInsight: StartedInsight | undefined;
    private disposed = false;
    /** The finder's one client, which the workspace index (src/events/codeUsages.ts) shares. */
    readonly finder = new SharedFinder();

    constructor(private readonly deps: CodeInsightDeps) {}

    /**
     * Waits for the first supported document; called once from activation. A start that failed
     * is logged and tried again with the next supported document.
     */
    register(disposables: DisposablesDep): void {
        registerOnFirstDocument(
            { push: (d) => disposables.push(d), log: this.deps.log },
            "code insight",
            (document) => codeLanguageOf(document) !== undefined,
            () => this.start(),
            () => new vscode.Disposable(() => undefined),
        );
    }

    /** Whether the providers are registered, or on their way (a supported document is open). */
    get started(): boolean {
        return this.starting !== undefined;
    }

    /** Whether the finder's worker thread runs (it starts on the first document read). */
    get finderStarted(): boolean {
        return this.finder.started;
    }

    /** Whether no document is being read for its calls (none before the insight started). */
    get readsIdle(): boolean {
        return this.startedInsight?.idle ?? true;
    }

    /** The PostHog data, loaded and made on first use (it fetches nothing until asked). */
    data(): Promise<InsightData> {
        this.dataInstance ??= this.load().then((m) => m.createInsightData(this.deps));
        return this.dataInstance;
    }

    /** The PostHog calls of a document (none before a supported document started the insight). */
    async callsIn(document: vscode.TextDocument): Promise<CodeCall[]> {
        const started = await this.starting;
        return started ? started.callsIn(document) : [];
    }

    /** The workspace's event names (the workspace index): their volumes join the batched query. */
    setReferencedEvents(names: readonly string[]): void {
        void this.data().then((data) => data.setReferencedEvents(names));
    }

    private load(): Promise<InsightModule> {
        this.module ??= import("./startedInsight");
        return this.module;
    }

    private start(): Promise<StartedInsight | undefined> {
        if (this.starting) return this.starting;
        this.deps.log.debug("code insight: starting");
        const made = this.data();
        const starting = Promise.all([this.load(), made]).then(([m, data]) => {
            if (this.disposed) return undefined;
            this.deps.log.debug("code insight: chunk loaded");
            this.startedInsight = new m.StartedInsight(this.deps, data, this.finder);
            return this.startedInsight;
        });
        this.starting = starting;
        // Failed (its chunk did not load): the next supported document starts it afresh.
        starting.catch(() => {
            if (this.starting !== starting) return;
            this.starting = undefined;
            this.module = undefined;
            made.catch(() => {
                if (this.dataInstance === made) this.dataInstance = undefined;
            });
        });
        return starting;
    }

    dispose(): void {
        this.disposed = true;
        this.startedInsight?.dispose();
        this.finder.dispose();
        void this.dataInstance?.then((data) => data.dispose());
    }
}
