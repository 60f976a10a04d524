// transitionExperiment against the sandbox: the action sent once, PostHog's refusal passed on,
// a lost reply answered by reading the experiment again, and one request for two quick calls.
import assert from "node:assert/strict";
import {
    PostHogApiError,
    TRANSITION_BUSY_CODE,
    transitionExperiment,
    type Experiment,
    type PostHogClient,
} from "../../../src/api";
import { apiError, requestsTo, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

describe("api/transitionExperiment", () => {
    let sb: Sandbox;
    let client: PostHogClient;
    let serial = 0;

    useSandbox((started) => ({ sb, client } = started));
    beforeEach(() => sb.faults.clear());

    async function draft(): Promise<Experiment> {
        serial++;
        return client.createExperiment({
            name: `Transition ${serial}`,
            feature_flag_key: `transition-${serial}`,
        });
    }

    const posts = (e: Experiment, action: string) =>
        requestsTo(sb, "POST", `/experiments/${e.id}/${action}/`).length;

    it("sends the action once and answers PostHog's experiment as done", async () => {
        const e = await draft();
        const result = await transitionExperiment(client, e.id, "launch");
        assert.equal(result.outcome, "done");
        assert.equal(result.experiment.status, "running");
        assert.equal(result.lostReply, undefined);
        assert.equal(posts(e, "launch"), 1);
    });

    it("passes a refusal on with PostHog's reason, and reads nothing again", async () => {
        const e = await draft();
        const gets = requestsTo(sb, "GET", `/experiments/${e.id}/`).length;
        const err = await apiError(transitionExperiment(client, e.id, "pause"));
        assert.equal(err.status, 400);
        assert.equal(err.detail, "Experiment has not been launched yet.");
        assert.equal(requestsTo(sb, "GET", `/experiments/${e.id}/`).length, gets);
    });

    it("a lost Launch reply the server acted on: one launch, reported done", async () => {
        const e = await draft();
        // The sandbox launches it, then drops the connection before answering.
        sb.faults.add({ method: "POST", path: "/launch/", kind: "reset", afterHandling: true });
        const result = await transitionExperiment(client, e.id, "launch");
        assert.equal(result.outcome, "done-reply-lost");
        assert.equal(result.experiment.status, "running");
        assert.ok(result.lostReply instanceof PostHogApiError);
        assert.equal(result.lostReply.code, "network_error");
        assert.equal(posts(e, "launch"), 1, "never sent again");
        assert.ok(
            requestsTo(sb, "GET", `/experiments/${e.id}/`).length >= 1,
            "the experiment was read again",
        );
    });

    it("a lost End reply after a proxy's 502: not acted on, reported not done", async () => {
        const e = await draft();
        await client.launchExperiment(e.id);
        sb.faults.add({ method: "POST", path: "/end/", kind: "502-html" });
        const result = await transitionExperiment(client, e.id, "end", { conclusion: "won" });
        assert.equal(result.outcome, "not-done-reply-lost");
        assert.equal(result.experiment.status, "running");
        assert.equal(result.lostReply?.status, 502);
        assert.equal(posts(e, "end"), 1);
    });

    it("a lost Ship reply the server acted on (connection reset after it) is done", async () => {
        const e = await draft();
        await client.launchExperiment(e.id);
        sb.faults.add({
            method: "POST",
            path: "/ship_variant/",
            kind: "reset",
            afterHandling: true,
        });
        const result = await transitionExperiment(client, e.id, "ship_variant", {
            variant_key: "test",
        });
        assert.equal(result.outcome, "done-reply-lost");
        assert.equal(result.experiment.status, "stopped");
        assert.equal(posts(e, "ship_variant"), 1);
    });

    it("when the read after a lost reply fails too, says the change may or may not be applied", async () => {
        const e = await draft();
        sb.faults.add({ method: "POST", path: "/launch/", kind: "reset", afterHandling: true });
        sb.faults.add({ method: "GET", path: `/experiments/${e.id}/`, kind: "reset", times: 10 });
        const err = await apiError(transitionExperiment(client, e.id, "launch"));
        assert.equal(err.status, 0);
        assert.match(err.userMessage, /may or may not have been applied/);
        assert.match(err.userMessage, /refresh the experiment/);
        assert.equal(posts(e, "launch"), 1);
    });

    it("two quick calls of the same action send one request and share its answer", async () => {
        const e = await draft();
        sb.faults.add({ method: "POST", path: "/launch/", kind: "slow", delayMs: 150 });
        const [a, b] = await Promise.all([
            transitionExperiment(client, e.id, "launch"),
            transitionExperiment(client, e.id, "launch"),
        ]);
        assert.equal(a, b);
        assert.equal(a.outcome, "done");
        assert.equal(posts(e, "launch"), 1);
        // Once answered, the next call is sent again (and refused by PostHog: already launched).
        const again = await apiError(transitionExperiment(client, e.id, "launch"));
        assert.equal(again.detail, "Experiment has already been launched.");
        assert.equal(posts(e, "launch"), 2);
    });

    it("another action while one is on its way is refused at once, nothing sent", async () => {
        const e = await draft();
        await client.launchExperiment(e.id);
        sb.faults.add({ method: "POST", path: "/pause/", kind: "slow", delayMs: 150 });
        const pausing = transitionExperiment(client, e.id, "pause");
        const err = await apiError(transitionExperiment(client, e.id, "end"));
        assert.equal(err.code, TRANSITION_BUSY_CODE);
        assert.equal(err.notSent, true);
        assert.match(err.userMessage, /still on its way/);
        assert.equal((await pausing).experiment.status, "paused");
        assert.equal(posts(e, "end"), 0);
        // Other experiments are not held up.
        const other = await draft();
        assert.equal((await transitionExperiment(client, other.id, "launch")).outcome, "done");
    });
});
