// checkHost against hosts a hostile workspace could set: whatever gets through becomes part of
// links, openExternal and shell commands, so only host-name characters may.
import assert from "node:assert/strict";
import { checkHost, normalizeHost } from "../../../src/api";

/** Hosts that must be refused, each with what its reason must say. */
const HOSTILE: [host: string, reason: RegExp][] = [
    ["https://a$(id).example.com", /"\$" \(U\+0024\)/],
    ["https://$(touch${IFS}x).example.com", /"\$" \(U\+0024\)/],
    ["https://a`id`.example.com", /"`" \(U\+0060\)/],
    ["a`id`.example.com", /"`"/],
    ["https://a'b.example.com", /"'" \(U\+0027\)/],
    ['https://a"b.example.com', /'"' \(U\+0022\)/],
    ["https://a;id.example.com", /";"/],
    ["https://a|id.example.com", /not a valid URL/],
    ["https://a&id.example.com", /"&"/],
    ["https://a{b}.example.com", /"\{"/],
    ["https://a!b.example.com", /"!"/],
    ["https://a*b.example.com", /"\*"/],
    ["https://a=b.example.com", /"="/],
    ["https://a,b.example.com", /","/],
    ["https://a+b.example.com", /"\+"/],
    ["https://a~b.example.com", /"~"/],
    ["https://a_b.example.com", /"_" \(U\+005F\)/],
    ["https://ex%61mple.com", /"%"/],
    ["https://us.posthog.com%2fevil", /not a valid URL/],
    ["https://us.posthog.com%2eevil.example", /"%"/],
    ["https://a b.example.com", /space or an invisible character \(U\+0020\)/],
    ["https://us.post\nhog.com", /U\+000A/],
    ["https://us.post\thog.com", /U\+0009/],
    ["https://us.post\u200bhog.com", /U\+200B/],
    ["https://us.posthog\u202e.com", /U\+202E/],
    ["https://\u2474.example.com", /remove U\+2474/],
    ["https://us.posthog.com.", /empty part/],
    ["https://a..b.example.com", /empty part/],
    ["https:\\\\us.posthog.com", /./],
    ["https://@us.posthog.com", /"@"/],
    ["https://us.posthog.com@evil.example.com", /user name or password/],
    ["https://us.posthog.com?", /query or fragment; enter only https:\/\/us\.posthog\.com\./],
    ["https://us.posthog.com#", /query or fragment/],
    ["https://us.posthog.com\\", /path/],
    ["https://us.posthog.com/\\", /path/],
    ["https://us.posthog.com:", /e\.g\./],
    ["https://us.posthog.com:443:1", /e\.g\./],
    ["[x](command:workbench.action.terminal.sendSequence)", /not a valid URL/],
    ["https://[x](command:evil)", /not a valid URL/],
    ["javascript:alert(1)", /not a valid URL/],
    ["file:///etc/passwd", /must use https/],
];

describe("api/host with hostile hosts", () => {
    for (const [host, reason] of HOSTILE) {
        it(`refuses ${JSON.stringify(host)}`, () => {
            const check = checkHost(host);
            assert.equal(check.ok, false, JSON.stringify(check));
            if (check.ok) return;
            assert.match(check.reason, reason);
        });
    }

    it("never repeats the input in a reason", () => {
        for (const [host] of HOSTILE) {
            const check = checkHost(host);
            if (check.ok) assert.fail(host);
            const core = host.replace(/^https?:\/\//, "");
            assert.ok(!check.reason.includes(core), `${check.reason} holds ${core}`);
            // Nothing that reads as a Markdown link or a command URI.
            assert.doesNotMatch(check.reason, /\]\(|command:/);
        }
    });

    it("accepts letters, digits, hyphens, dots, IDN, IPv6 and a port", () => {
        const good: [string, string][] = [
            ["https://us.posthog.com", "https://us.posthog.com"],
            ["https://my-posthog.example.co.uk:8443/", "https://my-posthog.example.co.uk:8443"],
            ["https://posthog.example.com:443", "https://posthog.example.com"],
            ["https://bücher.example.de", "https://xn--bcher-kva.example.de"],
            ["https://xn--bcher-kva.example.de", "https://xn--bcher-kva.example.de"],
            ["https://ＵＳ.posthog.com", "https://us.posthog.com"],
            ["https://10.0.0.7:8000", "https://10.0.0.7:8000"],
            ["https://[2001:db8::1]:8443", "https://[2001:db8::1]:8443"],
            ["http://[::1]:8000", "http://[::1]:8000"],
            ["HTTPS://EU.PostHog.com", "https://eu.posthog.com"],
        ];
        for (const [host, origin] of good) assert.equal(normalizeHost(host), origin, host);
    });

    it("gives an origin made only of characters safe in a URL and a shell word", () => {
        for (const host of ["https://bücher.example.de:8443", "http://[::1]:1", "eu.posthog.com"]) {
            const check = checkHost(host);
            assert.ok(check.ok);
            if (check.ok) assert.match(check.origin, /^https?:\/\/[a-z0-9.:[\]-]+$/);
        }
    });
});
