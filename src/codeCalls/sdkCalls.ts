// The PostHog SDK calls the finder recognises, and which argument holds the event name or flag
// key. From the SDKs' READMEs and examples: posthog-js (`capture(event, props)`, the node client's
// `capture({ distinctId, event })`, `isFeatureEnabled(key)`, `getFeatureFlag(key)`,
// `getFeatureFlagPayload(key)`, `getFeatureFlagResult(key)`, the React hooks and
// `<PostHogFeature flag>`), posthog-python (`capture`, `feature_enabled`, `get_feature_flag…`),
// posthog-ruby (`capture(event:)`, `is_feature_enabled`), posthog-php (`capture(['event' => …])`),
// posthog-go (`Capture{Event}`, `FeatureFlagPayload{Key}`), posthog-ios, posthog-android,
// posthog-java and posthog-flutter (`capture(eventName:)`).
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
