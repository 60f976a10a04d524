// The PostHog SDK calls the finder recognises, and which argument holds the event name or flag
// key. Follows the SDKs' READMEs, examples and public interfaces:
// - posthog-js @9b2a1b18 (browser `capture(event, props)`, node `capture({ distinctId, event })`,
//   `isFeatureEnabled`, `getFeatureFlag`, `getFeatureFlagPayload`, `getFeatureFlagResult`, the
//   hooks of packages/react/src/hooks/index.ts, `<PostHogFeature flag>`, @posthog/next's
//   `useFeatureFlag`);
// - posthog-python @c55c9b22 example.py (`capture(event, distinct_id=…)`, the older
//   `capture(distinct_id, event)`, `feature_enabled`, `get_feature_flag…`);
// - posthog-ruby @bbc2c69c example.rb (`capture(distinct_id:, event:)`, `is_feature_enabled`);
// - posthog-php @8a64eb02 example.php (`capture(['event' => …])`, `isFeatureEnabled`);
// - posthog-go @fd8580e0 examples/ (`Capture{Event}`, `FeatureFlagPayload{Key}`);
// - posthog-ios @64c7dd0e (`capture(event, properties:)`, `isFeatureEnabled(key)`);
// - posthog-android @1042d253: Android's `capture(event = …)` and `isFeatureEnabled(key)`, the
//   JVM server's posthog-server/…/PostHogInterface.kt `capture(distinctId, event)` and
//   `isFeatureEnabled(distinctId, key)`;
// - posthog-java @c39162bb (`capture(distinctId, event)`, `getFeatureFlag(key, distinctId)`);
// - posthog-flutter @024d690e (`capture(eventName: …)`, `getFeatureFlag(key)`).
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "./languages";
import { type Argument, type CallSite, type Literal, literal } from "./syntax";
import type { CodeCallKind, CodeLanguage } from "./types";

const FLAG_FUNCTIONS = new Set([
    "isFeatureEnabled",
    "getFeatureFlag",
    "getFeatureFlagPayload",
    "getFeatureFlagResult",
    "feature_enabled",
    "is_feature_enabled",
    "get_feature_flag",
    "get_feature_flag_payload",
    "get_feature_flag_result",
]);

/** posthog-js/react's hooks (and `@posthog/next`'s `useFeatureFlag`); they take the key first. */
const FLAG_HOOKS = new Set([
    "useFeatureFlagEnabled",
    "useFeatureFlagVariantKey",
    "useFeatureFlagPayload",
    "useFeatureFlagResult",
    "useFeatureFlag",
]);

const JS_LANGUAGES = new Set<CodeLanguage>([
    "javascript",
    "javascriptreact",
    "typescript",
    "typescriptreact",
]);

/** The labels that name the event: Python's and Ruby's `event`, Dart's `eventName`, Go's `Event`. */
const EVENT_LABELS = new Set(["event", "eventName", "event_name", "Event"]);
/** The labels that name a flag: `key:`, `flag=`, `flagKey:`, Go's `Key`, `<PostHogFeature flag>`. */
const FLAG_LABELS = new Set(["key", "flag", "flagKey", "flag_key", "Key"]);

/** The names the finder looks for in the text (each then checked as a token of the tree). */
export function candidateNames(language: CodeLanguage): string[] {
    if (language === "go") return ["Capture", "FeatureFlagPayload"];
    const names = ["capture", ...FLAG_FUNCTIONS];
    if (JS_LANGUAGES.has(language)) names.push(...FLAG_HOOKS, "PostHogFeature");
    return names;
}

/** What a recognised call reports, before positions are worked out. */
export interface SdkCall {
    kind: CodeCallKind;
    fn: string;
    key: Literal;
    /** Whether the receiver names PostHog (`posthog.`, `PostHogSDK.shared.`, `$posthog->`). */
    namesPostHog: boolean;
}

/** The SDK call a call site is, when its event name or flag key is a plain string. */
export function sdkCall(
    site: CallSite,
    language: CodeLanguage,
    spec: LanguageSpec,
    text: string,
): SdkCall | undefined {
    const kind = kindOf(site, language);
    if (!kind) return undefined;
    const value =
        kind === "capture"
            ? eventArgument(site, spec, text)
            : flagArgument(site, spec, language, text);
    const key = value ? literal(value, text) : undefined;
    if (!key) return undefined;
    const fn =
        language === "go" && site.name === "FeatureFlagPayload"
            ? (site.callee ?? site.name)
            : site.name;
    return { kind, fn, key, namesPostHog: site.receiver.toLowerCase().includes("posthog") };
}

function kindOf(site: CallSite, language: CodeLanguage): CodeCallKind | undefined {
    if (language === "go") {
        if (site.name === "Capture") return "capture";
        return site.name === "FeatureFlagPayload" ? "flag" : undefined;
    }
    if (site.name === "capture") return "capture";
    if (FLAG_FUNCTIONS.has(site.name)) return "flag";
    const jsFlag = FLAG_HOOKS.has(site.name) || site.name === "PostHogFeature";
    return JS_LANGUAGES.has(language) && jsFlag && !site.receiver ? "flag" : undefined;
}

function labelled(args: readonly Argument[], labels: ReadonlySet<string>): Argument | undefined {
    return args.find((arg) => arg.label !== undefined && labels.has(arg.label));
}

function eventArgument(site: CallSite, spec: LanguageSpec, text: string): Node | undefined {
    const named = labelled(site.args, EVENT_LABELS);
    if (named) return named.value;
    const positional = site.args.filter((arg) => arg.label === undefined);
    // An object, hash, dict or array first: `capture({ event })`, `capture(['event' => …])`.
    const entries = positional[0] && spec.entries?.(positional[0].value, text);
    if (entries) return labelled(entries, EVENT_LABELS)?.value;
    const [first, second] = positional;
    const isString = (arg: Argument | undefined) =>
        arg !== undefined && literal(arg.value, text) !== undefined;
    switch (spec.capturePosition) {
        case "first":
            return first?.value;
        case "secondOfTwo":
            return (second ?? first)?.value;
        case "secondIfString":
            return (isString(second) ? second : first)?.value;
        case "firstIfString":
            return (isString(first) ? first : second)?.value;
        case "none":
            return undefined;
    }
}

function flagArgument(
    site: CallSite,
    spec: LanguageSpec,
    language: CodeLanguage,
    text: string,
): Node | undefined {
    const named = labelled(site.args, FLAG_LABELS);
    if (named) return named.value;
    if (language === "go" || site.name === "PostHogFeature") return undefined;
    const [first, second] = site.args.filter((arg) => arg.label === undefined);
    if (spec.flagPosition === "firstIfString" && first && !literal(first.value, text))
        return second?.value;
    return first?.value;
}
