/**
 * Calls of functions PostHog renamed (posthog.py: `recording_button` is now `recordingButton`,
 * `hogql_lookupDomainType` is `lookupDomainType`...). PostHog refuses the old names, so these are
 * the one kind of unknown function the editor flags offline; any other name it does not know
 * stays the service's call, since the catalogue can lag behind PostHog. Pure: no `vscode` import.
 */
import { renamedFunction } from "./functionCatalogue";
import type { DocumentParse } from "../hogql/parser/documentParse";
import { walk } from "../hogql/parser/parseResult";

export interface RenamedCall {
    /** The old name as written. */
    name: string;
    /** The name PostHog uses now. */
    renamedTo: string;
    /** Offsets of the name in the document. */
    start: number;
    end: number;
}

/** The renamed functions called in a parsed document, with the offsets of their names. */
export function renamedCalls(parse: DocumentParse): RenamedCall[] {
    const calls: RenamedCall[] = [];
    for (const statement of parse.statements) {
        if (!statement.parsed.ok) continue;
        for (const { node } of walk(statement.parsed.ast)) {
            if (node.node !== "Call" || typeof node.name !== "string" || node.start === undefined)
                continue;
            const renamedTo = renamedFunction(node.name);
            if (!renamedTo) continue;
            const start = statement.start + node.start;
            // The call starts at its name, as written (PostHog keeps the name's spelling).
            if (parse.text.slice(start, start + node.name.length) !== node.name) continue;
            calls.push({ name: node.name, renamedTo, start, end: start + node.name.length });
        }
    }
    return calls;
}
