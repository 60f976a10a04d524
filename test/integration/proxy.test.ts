// VS Code's `http.proxy` and `http.noProxy`, set in the real editor's settings, route the
// extension's requests through a real proxy process (test/proxy/), or around it, without a reload.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { readResponse } from "../../src/api/queryBytes";
import type { ExtensionApi } from "../../src/extension";
import { startTestProxy, type TestProxy } from "../proxy";
import { startSandbox, type Sandbox } from "../sandbox";
import { activateExtension, waitFor } from "./helpers";
import { clearWorkspaceSettings, signInToSandbox } from "./signIn";

describe("proxy", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let proxy: TestProxy;
    const http = () => vscode.workspace.getConfiguration("http");

    before(async () => {
        api = await activateExtension();
        sandbox = await startSandbox();
        proxy = await startTestProxy({ auth: { username: "editor", password: "proxy-pass" } });
    });

    after(async () => {
        await http().update("proxy", undefined, vscode.ConfigurationTarget.Global);
        await http().update("noProxy", undefined, vscode.ConfigurationTarget.Global);
        await clearWorkspaceSettings();
        await sandbox?.close();
        await proxy?.close();
    });

    async function seen(): Promise<string> {
        return (await proxy.records()).map((r) => r.toString("latin1")).join("\n");
    }

    it("signs in and queries through http.proxy, and goes direct once http.noProxy names the host", async () => {
        // Without the proxy's credentials: the message names the proxy and what to set.
        await http().update("proxy", proxy.url, vscode.ConfigurationTarget.Global);
        const refused = await signInToSandbox(api, sandbox, { project: undefined });
        assert.match(
            refused.messages.find((m) => m.level === "error")?.text ?? "",
            new RegExp(`The proxy ${proxy.url} requires credentials .*http\\.proxy`),
        );
        assert.equal(sandbox.requests.length, 0, "nothing passed the proxy");

        await http().update("proxy", proxy.urlWithAuth, vscode.ConfigurationTarget.Global);
        await proxy.clear();
        await signInToSandbox(api, sandbox);
        await waitFor("signed in through the proxy", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.host === sandbox.url;
        });
        assert.match(await seen(), new RegExp(`^GET ${sandbox.url}/api/projects/`, "m"));
        assert.match(await seen(), /^Proxy-Authorization: Basic /im);

        const client = await api.ctx.auth.session.client();
        const result = await client.runQuery({
            kind: "HogQLQuery",
            query: "SELECT 'through the proxy' AS via",
        });
        assert.deepEqual((await readResponse(result)).results, [["through the proxy"]]);
        assert.match(await seen(), new RegExp(`^POST ${sandbox.url}/api/projects/1/query/ `, "m"));

        // A settings change reaches the next request: no reload, no new sign-in.
        await http().update("noProxy", ["127.0.0.1"], vscode.ConfigurationTarget.Global);
        await proxy.clear();
        const before = sandbox.requests.length;
        const direct = await api.ctx.auth.session.client();
        assert.notEqual(direct, client, "a new client for the new settings");
        await direct.listExperimentsPage({ limit: 1 });
        // The views may still be loading since the sign-in: count only this call's request.
        const isThisCall = (line: string) => /\/experiments\/\?(?:[^ ]*&)?limit=1[& ]/.test(line);
        assert.equal(
            sandbox.requests.slice(before).filter((r) => isThisCall(`${r.url} `)).length,
            1,
            "the call reached the host",
        );
        assert.ok(!(await seen()).split("\n").some(isThisCall), "the proxy did not see the call");
    });
});
