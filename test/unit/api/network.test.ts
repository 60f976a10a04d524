// Which proxy a request goes through: VS Code's settings first, then the environment, with
// noProxy from the setting or, when it is empty, NO_PROXY.
import assert from "node:assert/strict";
import { chooseProxy, noProxyMatch, type ProxyChoice } from "../../../src/api/network";

function via(choice: ProxyChoice): string {
    if (choice.kind === "proxy") return `${choice.display} (${choice.source})`;
    if (choice.kind === "invalid") return `invalid: ${choice.problem}`;
    return `direct: ${choice.reason}`;
}

describe("api/network chooseProxy", () => {
    const https = "https://posthog.example.com";

    it("takes http.proxy over the environment", () => {
        const env = { HTTPS_PROXY: "http://env-proxy:3128" };
        assert.equal(
            via(chooseProxy(https, { proxy: "http://setting-proxy:8080" }, env)),
            "http://setting-proxy:8080 (http.proxy)",
        );
        assert.equal(via(chooseProxy(https, {}, env)), "http://env-proxy:3128 (HTTPS_PROXY)");
    });

    it("reads the lower-case variables first, and HTTP_PROXY for https when it is alone", () => {
        assert.equal(
            via(chooseProxy(https, {}, { https_proxy: "http://a:1", HTTPS_PROXY: "http://b:2" })),
            "http://a:1 (https_proxy)",
        );
        assert.equal(
            via(chooseProxy(https, {}, { HTTP_PROXY: "http://c:3" })),
            "http://c:3 (HTTP_PROXY)",
        );
        // A plain-http origin (loopback) reads only the http variables, as curl and undici do.
        assert.equal(
            via(chooseProxy("http://127.0.0.1:8000", {}, { HTTPS_PROXY: "http://b:2" })),
            "direct: no proxy is set",
        );
        assert.equal(
            via(chooseProxy("http://127.0.0.1:8000", {}, { http_proxy: "http://d:4" })),
            "http://d:4 (http_proxy)",
        );
    });

    it("goes direct for hosts noProxy names, the setting replacing NO_PROXY", () => {
        const env = { HTTPS_PROXY: "http://p:1", NO_PROXY: "example.com" };
        assert.equal(via(chooseProxy(https, {}, env)), "direct: NO_PROXY lists example.com");
        assert.equal(
            via(chooseProxy(https, { noProxy: ["other.org"] }, env)),
            "http://p:1 (HTTPS_PROXY)",
            "a noProxy setting with entries means NO_PROXY is not read (VS Code's rule)",
        );
        assert.equal(
            via(chooseProxy(https, { noProxy: ["*.example.com"] }, env)),
            "direct: http.noProxy lists *.example.com",
        );
        assert.equal(
            via(chooseProxy(https, { proxy: "http://s:2", noProxy: ["posthog.example.com"] }, {})),
            "direct: http.noProxy lists posthog.example.com",
            "noProxy applies to http.proxy too",
        );
    });

    it("proxies loopback hosts unless noProxy names them", () => {
        const local = "http://127.0.0.1:8000";
        assert.equal(
            via(chooseProxy(local, { proxy: "http://p:1" }, {})),
            "http://p:1 (http.proxy)",
        );
        assert.equal(
            via(chooseProxy(local, { proxy: "http://p:1" }, { no_proxy: "localhost,127.0.0.1" })),
            "direct: NO_PROXY lists 127.0.0.1",
        );
    });

    it("ignores everything when http.proxySupport is off", () => {
        assert.equal(
            via(
                chooseProxy(
                    https,
                    { proxy: "http://p:1", proxySupport: "off" },
                    { HTTPS_PROXY: "http://q:2" },
                ),
            ),
            "direct: http.proxySupport is off",
        );
    });

    it("reads a bare host:port as an http proxy and never shows credentials", () => {
        const choice = chooseProxy(https, {}, { HTTPS_PROXY: "user:secret@corp-proxy:3128" });
        assert.equal(choice.kind, "proxy");
        assert.ok(choice.kind === "proxy");
        assert.equal(choice.display, "http://corp-proxy:3128");
        assert.equal(choice.credentials, true);
        assert.equal(choice.url, "http://user:secret@corp-proxy:3128/");
    });

    it("refuses a proxy it can't use with a sentence that names the setting, not the password", () => {
        const socks = chooseProxy(https, { proxy: "socks5://u:hunter2@s:1080" }, {});
        assert.equal(socks.kind, "invalid");
        assert.match(via(socks), /http\.proxy uses socks5.*use an http:\/\/ or https:\/\/ proxy/);
        assert.ok(!JSON.stringify(socks).includes("hunter2"));
        const broken = chooseProxy(https, {}, { HTTPS_PROXY: "http://u:hunter2@[bad" });
        assert.equal(broken.kind, "invalid");
        assert.match(via(broken), /HTTPS_PROXY is not a valid URL/);
        assert.ok(!JSON.stringify(broken).includes("hunter2"));
    });
});

describe("api/network noProxyMatch", () => {
    it("matches hosts, subdomains, ports, IPv6 and the wildcard", () => {
        assert.equal(noProxyMatch("a.example.com", 443, ["example.com"]), "example.com");
        assert.equal(noProxyMatch("example.com", 443, [".example.com"]), ".example.com");
        assert.equal(noProxyMatch("badexample.com", 443, ["example.com"]), undefined);
        assert.equal(noProxyMatch("example.com", 443, ["example.com:8443"]), undefined);
        assert.equal(noProxyMatch("example.com", 8443, ["example.com:8443"]), "example.com:8443");
        assert.equal(noProxyMatch("[::1]", 80, ["::1"]), "::1");
        assert.equal(noProxyMatch("[::1]", 80, ["[::1]:80"]), "[::1]:80");
        assert.equal(noProxyMatch("anything", 1, ["other", "*"]), "*");
        assert.equal(noProxyMatch("EXAMPLE.com", 443, [" Example.COM "]), "Example.COM");
    });
});
