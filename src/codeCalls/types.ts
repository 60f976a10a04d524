// What the finder reports: one PostHog SDK call in application code whose event name or flag key
// is written as a plain string. Hover, completion, diagnostics and Find Usages build on this.

/** The languages the finder reads, by VS Code language id. */
export type CodeLanguage =
    | "javascript"
    | "javascriptreact"
    | "typescript"
    | "typescriptreact"
    | "python"
    | "go"
    | "ruby"
    | "php"
    | "swift"
    | "kotlin"
    | "java"
    | "dart"
    | "vue";

/**
 * The languages a grammar reads directly; a Vue file's script blocks are read as one of them
 * (vueScripts.ts).
 */
export type GrammarLanguage = Exclude<CodeLanguage, "vue">;

/** A capture sends an event; a flag call reads a feature flag (experiments read theirs this way). */
export type CodeCallKind = "capture" | "flag";

/** A zero-based position: line, and character in UTF-16 code units (as VS Code counts). */
export interface CodePosition {
    line: number;
    character: number;
}

/** One call found in the source. */
export interface CodeCall {
    /** Whether the call captures an event or reads a flag. */
    kind: CodeCallKind;
    /**
     * The SDK function, hook, component or Go struct as written: `capture`, `getFeatureFlag`,
     * `is_feature_enabled`, `useFeatureFlagVariantKey`, `PostHogFeature`, `Capture`.
     */
    fn: string;
    /** The event name or flag key, with the string's escape sequences resolved. */
    key: string;
    /** The string's contents in the source, quotes excluded (where completion and hovers go). */
    range: { start: CodePosition; end: CodePosition };
    /** The same range as UTF-16 offsets into the text. */
    offsets: { start: number; end: number };
    /** The language the file was read as. */
    language: CodeLanguage;
}

/** Why a file was not read: too big, a line too long (minified), binary, or over the time budget. */
export type SkipReason = "tooLarge" | "longLine" | "binary" | "timeBudget";

/** The calls of one file, or why it was skipped. */
export interface FindResult {
    /** The calls in source order. Empty when the file was skipped. */
    calls: CodeCall[];
    /** Set when the file was not read. */
    skipped?: SkipReason;
}

/** The limits one file is read within. */
export interface FindLimits {
    /** Longest text read, in UTF-16 code units. */
    maxLength: number;
    /** Longest line; a longer one marks generated or minified code. */
    maxLineLength: number;
    /** Time the parser may take before it gives up on the file. */
    parseBudgetMs: number;
}

export const DEFAULT_LIMITS: FindLimits = {
    maxLength: 2_000_000,
    maxLineLength: 10_000,
    parseBudgetMs: 3_000,
};
