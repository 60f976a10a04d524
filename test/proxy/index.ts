// Starts the test proxy (main.ts) as a separate process and reads what it saw.
import { fork, type ChildProcess } from "node:child_process";
import * as path from "node:path";

import { TEST_TLS_DIR } from "../sandbox/testCertificates";

export interface TestProxyOptions {
    /** Require Basic proxy authentication with these credentials. */
    auth?: { username: string; password: string };
    /** Be an https proxy, with the test server certificate. */
    tls?: boolean;
}

export interface TestProxy {
    /** e.g. http://127.0.0.1:41234 (https:// with `tls`), no credentials. */
    url: string;
    /** The same with the credentials of `auth`, when it has them. */
    urlWithAuth: string;
    /** Everything clients sent, per connection, as the proxy saw it (after its own TLS). */
    records(): Promise<Buffer[]>;
    /** Forgets what was recorded so far. */
    clear(): Promise<void>;
    close(): Promise<void>;
}

export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
    const args: string[] = [];
    if (options.auth) args.push("--auth", `${options.auth.username}:${options.auth.password}`);
    if (options.tls)
        args.push(
            "--tls",
            path.join(TEST_TLS_DIR, "server.pem"),
            path.join(TEST_TLS_DIR, "server-key.pem"),
        );
    const child = fork(path.join(__dirname, "main.js"), args, {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        // Whatever ran the tests: node, or an editor's runtime acting as node.
        env: { ...process.env, ELECTRON_RUN_AS_NODE: "1" },
    });
    const port = await new Promise<number>((resolve, reject) => {
        child.once("error", reject);
        child.once("exit", (code) => reject(new Error(`test proxy exited (${code})`)));
        child.once("message", (m: { ready?: number }) => {
            if (typeof m.ready === "number") resolve(m.ready);
        });
    });
    child.removeAllListeners("exit");
    const url = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
    const auth = options.auth;
    const urlWithAuth = auth
        ? url.replace(
              "://",
              `://${encodeURIComponent(auth.username)}:${encodeURIComponent(auth.password)}@`,
          )
        : url;
    return {
        url,
        urlWithAuth,
        records: async () =>
            (await ask(child, { records: true })).map((b) => Buffer.from(b, "base64")),
        clear: async () => void (await ask(child, { clear: true })),
        close: () =>
            new Promise<void>((resolve) => {
                if (child.exitCode !== null) return resolve();
                child.once("exit", () => resolve());
                child.kill();
            }),
    };
}

function ask(child: ChildProcess, message: object): Promise<string[]> {
    return new Promise((resolve) => {
        child.once("message", (m: { records: string[] }) => resolve(m.records));
        child.send(message);
    });
}
