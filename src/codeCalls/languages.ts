// Each language: its grammar's wasm file, how its calls read, and where its SDK puts the event
// name when no label says so. The SDKs' signatures cited are those of the SDK repositories'
// READMEs and examples (PostHog/posthog-js, -python, -go, -ruby, -php, -ios, -android, -java,
// -flutter).
import type { Node } from "web-tree-sitter";
import { dartCall } from "./adapters/dart";
import { goCall } from "./adapters/go";
import { javaCall } from "./adapters/java";
import { javascriptCall, javascriptEntries } from "./adapters/javascript";
import { phpCall, phpEntries } from "./adapters/php";
import { pythonCall, pythonEntries } from "./adapters/python";
import { rubyCall, rubyEntries } from "./adapters/ruby";
import { swiftKotlinCall } from "./adapters/swiftKotlin";
import type { Argument, CallSite } from "./syntax";
import type { CodeLanguage, GrammarLanguage } from "./types";

/**
 * Which positional argument of `capture` is the event when no label names it:
 * - `first`: JavaScript, Swift (`capture(event, properties:)`).
 * - `secondOfTwo`: the second when there are two or more, else the first: posthog-python's older
 *   `capture(distinct_id, event)` next to its current `capture(event, distinct_id=…)`.
 * - `secondIfString`: the second when it is a string, else the first: posthog-java's
 *   `capture(distinctId, event)` next to Android's `PostHog.capture(event)`.
 * - `firstIfString`: the first when it is a string, else the second: Android's
 *   `capture(event, distinctId)` next to the JVM server's `capture(distinctId, "event")`.
 * - `none`: only a label or an entry names it (Ruby's hash, PHP's array, Dart's `eventName:`).
 */
export type CapturePosition = "first" | "secondOfTwo" | "secondIfString" | "firstIfString" | "none";

/** How one language is read. */
export interface LanguageSpec {
    /** The grammar's wasm file. */
    grammar: string;
    /** The call site a node is, when it is one. */
    call(node: Node, text: string): CallSite | undefined;
    /** The entries of an object, hash, dict or array literal argument. */
    entries?(node: Node, text: string): Argument[] | undefined;
    capturePosition: CapturePosition;
    /**
     * Which positional argument of a flag call is the key: the first, or (`firstIfString`) the
     * second when the first is not a string: the JVM server's `isFeatureEnabled(distinctId, key)`
     * next to Android's `isFeatureEnabled(key)` and posthog-java's `getFeatureFlag(key, distinctId)`.
     */
    flagPosition?: "firstIfString";
    /** How far above the name token the call node can sit. */
    depth: number;
}

const javascript = (grammar: string): LanguageSpec => ({
    grammar,
    call: javascriptCall,
    entries: javascriptEntries,
    capturePosition: "first",
    depth: 2,
});

export const LANGUAGES: Record<GrammarLanguage, LanguageSpec> = {
    javascript: javascript("tree-sitter-javascript.wasm"),
    javascriptreact: javascript("tree-sitter-javascript.wasm"),
    typescript: javascript("tree-sitter-typescript.wasm"),
    typescriptreact: javascript("tree-sitter-tsx.wasm"),
    python: {
        grammar: "tree-sitter-python.wasm",
        call: pythonCall,
        entries: pythonEntries,
        capturePosition: "secondOfTwo",
        depth: 2,
    },
    go: { grammar: "tree-sitter-go.wasm", call: goCall, capturePosition: "none", depth: 2 },
    ruby: {
        grammar: "tree-sitter-ruby.wasm",
        call: rubyCall,
        entries: rubyEntries,
        capturePosition: "none",
        depth: 1,
    },
    php: {
        grammar: "tree-sitter-php.wasm",
        call: phpCall,
        entries: phpEntries,
        capturePosition: "none",
        depth: 1,
    },
    swift: {
        grammar: "tree-sitter-swift.wasm",
        call: swiftKotlinCall,
        capturePosition: "first",
        depth: 3,
    },
    kotlin: {
        grammar: "tree-sitter-kotlin.wasm",
        call: swiftKotlinCall,
        capturePosition: "firstIfString",
        flagPosition: "firstIfString",
        depth: 3,
    },
    java: {
        grammar: "tree-sitter-java.wasm",
        call: javaCall,
        capturePosition: "secondIfString",
        flagPosition: "firstIfString",
        depth: 1,
    },
    dart: { grammar: "tree-sitter-dart.wasm", call: dartCall, capturePosition: "none", depth: 2 },
};

/** The grammar Vue files are read with, to find their script blocks (vueScripts.ts). */
export const VUE_GRAMMAR = "tree-sitter-vue.wasm";

/** Whether VS Code's language id is one the finder reads. */
export function isCodeLanguage(languageId: string): languageId is CodeLanguage {
    return languageId === "vue" || Object.prototype.hasOwnProperty.call(LANGUAGES, languageId);
}
