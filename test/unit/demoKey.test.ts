// The demo's key from the environment (src/auth/demoKey.ts): stored only when the extension runs
// from its sources (development or test mode) and only for a loopback host.
import * as assert from "node:assert/strict";
import { demoKeyFrom } from "../../src/auth/demoKey";

const env = (host: string, key = "phx_demo") => ({
    POSTHOG_WORKBENCH_DEMO_HOST: host,
    POSTHOG_WORKBENCH_DEMO_KEY: key,
});

describe("demo key from the environment", () => {
    it("stores the sandbox's key for its loopback host in development and test mode", () => {
        assert.deepEqual(demoKeyFrom(env("http://127.0.0.1:8123/"), false), {
            host: "http://127.0.0.1:8123",
            key: "phx_demo",
        });
        assert.deepEqual(
            demoKeyFrom(env("http://localhost:9000"), false)?.host,
            "http://localhost:9000",
        );
    });

    it("does nothing in production mode (an installed extension), even for a loopback host", () => {
        assert.equal(demoKeyFrom(env("http://127.0.0.1:8123"), true), undefined);
        assert.equal(demoKeyFrom(env("http://localhost:9000"), true), undefined);
    });

    it("does nothing for a host that is not loopback, nor without a host or a key", () => {
        assert.equal(demoKeyFrom(env("https://us.posthog.com"), false), undefined);
        assert.equal(demoKeyFrom(env("http://127.0.0.1.evil.example"), false), undefined);
        assert.equal(demoKeyFrom(env("http://127.0.0.1:8123", ""), false), undefined);
        assert.equal(demoKeyFrom({ POSTHOG_WORKBENCH_DEMO_KEY: "phx_demo" }, false), undefined);
        assert.equal(demoKeyFrom({}, false), undefined);
    });
});
