// Finding PostHog SDK calls in application code (issue 45). Loaded on first use, never at
// activation; imports nothing from vscode so that it can run in a worker thread.
export { findCalls, type FindOptions } from "./findCalls";
export type { WasmLocator } from "./grammars";
export { isCodeLanguage } from "./languages";
export type {
    CodeCall,
    CodeCallKind,
    CodeLanguage,
    CodePosition,
    FindLimits,
    FindResult,
    SkipReason,
} from "./types";
export { CodeCallsClient } from "./client";
