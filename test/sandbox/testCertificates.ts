// The repository's test certificates (test/fixtures/tls/, made by scripts/makeTestCertificates.sh):
// a test authority and the certificate it signs for localhost, 127.0.0.1 and ::1.
import * as fs from "node:fs";
import * as path from "node:path";

/** Where they are (this file runs from out/test/sandbox/). */
export const TEST_TLS_DIR = path.resolve(__dirname, "..", "..", "..", "test", "fixtures", "tls");

/** The authority (`ca`) and the server's certificate and key, as PEM. */
export function testCertificates(): { ca: string; cert: string; key: string } {
    const read = (name: string) => fs.readFileSync(path.join(TEST_TLS_DIR, name), "utf8");
    return { ca: read("ca.pem"), cert: read("server.pem"), key: read("server-key.pem") };
}
