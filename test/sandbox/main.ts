// CLI: node out/test/sandbox/main.js [--port N] [--extra-experiments N] [--async-polls N] [--https]
// --https serves with the test certificate of test/fixtures/tls/: clients must trust its ca.pem.
import * as path from "node:path";
import { OPERATION_SCOPES } from "../../src/api/operationScopes";
import { startSandbox } from "./index";
import { TEST_TLS_DIR, testCertificates } from "./testCertificates";

function arg(name: string): number | undefined {
    const i = process.argv.indexOf(name);
    if (i < 0) return undefined;
    const n = Number(process.argv[i + 1]);
    if (!Number.isInteger(n) || n < 0) {
        console.error(`${name} needs a non-negative integer`);
        process.exit(2);
    }
    return n;
}

async function main(): Promise<void> {
    const started = Date.now();
    const sandbox = await startSandbox({
        port: arg("--port"),
        extraExperiments: arg("--extra-experiments"),
        asyncPolls: arg("--async-polls"),
        tls: process.argv.includes("--https") ? testCertificates() : undefined,
    });
    const key = sandbox.keys.full;
    console.log(
        `PostHog sandbox listening on ${sandbox.url} (ready in ${Date.now() - started} ms)`,
    );
    console.log(`Demo personal API key: ${key}`);
    console.log(`Read-only key: ${sandbox.keys.readOnly}`);
    if (sandbox.url.startsWith("https:"))
        console.log(
            `TLS: signed by the test authority; trust it with NODE_EXTRA_CA_CERTS=${path.join(TEST_TLS_DIR, "ca.pem")} (curl --cacert)`,
        );
    // The contract's operations without PersonalAPIKeyAuth: refused to every key, as PostHog does.
    const closed = Object.values(OPERATION_SCOPES)
        .filter((op) => op.scopes === null)
        .map((op) => `${op.method} ${op.path}`);
    console.log(`Refused to every personal API key, as PostHog does:\n  ${closed.join("\n  ")}`);
    console.log("");
    console.log("Try:");
    console.log(
        `  curl -s -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" \\\n` +
            `    -d '{"query":{"kind":"HogQLQuery","query":"SELECT event, count() FROM events GROUP BY event ORDER BY 2 DESC"}}' \\\n` +
            `    ${sandbox.url}/api/projects/${sandbox.projectId}/query/`,
    );
    console.log(
        `  curl -s -H "Authorization: Bearer ${key}" ${sandbox.url}/api/projects/${sandbox.projectId}/experiments/`,
    );
    console.log("");
    console.log(
        "Admin: GET /_sandbox/requests, GET /_sandbox/state, GET /_sandbox/keys, POST /_sandbox/faults, POST /_sandbox/reset, POST /_sandbox/organization",
    );
    console.log("Press Ctrl+C to stop.");
    const stop = () => {
        void sandbox.close().then(() => process.exit(0));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
}

main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
});
