// The figure "cURL: shell metacharacters outside quotes": every "Copy as cURL" command built from
// the hostile corpus (test/curlCorpus.ts), its characters a shell would read outside quotes
// counted, then run through sh and bash with curl a stub (test/shellStub.ts). It holds only when
// the count is 0, curl got exactly the intended arguments, no canary ran, and no hostile host
// became a command.
import { buildCurl } from "../../src/savedQueries/curl";
import { curlCases, HOSTILE_HOSTS } from "../curlCorpus";
import { metacharsOutsideQuotes, runInShell, SHELLS } from "../shellStub";

/** A row of the faults suite's figures table. */
export interface CurlFigure {
    name: string;
    value: string;
    rule: string;
    ok: boolean;
}

export async function curlShellFigure(): Promise<CurlFigure> {
    const cases = curlCases();
    let metachars = 0;
    let wrongArgv = 0;
    let ran = 0;
    for (const c of cases) {
        const command = buildCurl(c.request);
        metachars += metacharsOutsideQuotes(command);
        for (const shell of SHELLS) {
            const run = await runInShell(shell, command, c.env);
            ran += run.ran.length;
            if (JSON.stringify(run.argv) !== JSON.stringify(c.argv)) wrongArgv++;
        }
    }
    const hostsBuilt = HOSTILE_HOSTS.filter((host) => {
        try {
            buildCurl({ host, projectId: "1", query: { kind: "HogQLQuery", query: "SELECT 1" } });
            return true;
        } catch {
            return false;
        }
    }).length;
    return {
        name: "cURL: shell metacharacters outside quotes",
        value:
            `${metachars} (${cases.length} commands x ${SHELLS.join(", ")}: ${wrongArgv} wrong argv, ` +
            `${ran} ran; ${HOSTILE_HOSTS.length - hostsBuilt}/${HOSTILE_HOSTS.length} bad hosts refused)`,
        rule: "0, arguments as intended, nothing ran, no hostile host",
        ok: metachars === 0 && wrongArgv === 0 && ran === 0 && hostsBuilt === 0,
    };
}
