// Puts a result's bytes back together from the parts the extension posts (resultsProtocol.ts
// BytesMessage): a part of a megabyte at a time keeps each of the workbench's tasks short.
import type { BytesMessage } from "../../shared/resultsProtocol";
import { ByteParts } from "./byteParts";

export class IncomingBytes {
    private readonly partial = new Map<string, ByteParts>();

    /** Adds a part; returns the result's whole bytes once its last part came, else null. */
    add(msg: BytesMessage): Uint8Array | null {
        const { id, offset, total, part } = msg;
        // The common small result: one part, used as it is.
        if (offset === 0 && part.byteLength === total) {
            this.partial.delete(id);
            return part;
        }
        let parts = this.partial.get(id);
        if (!parts || parts.bytes.byteLength !== total) {
            parts = new ByteParts(total);
            this.partial.set(id, parts);
        }
        if (!parts.add(offset, part)) return null;
        this.partial.delete(id);
        return parts.bytes;
    }

    /** Forgets parts of results a new load replaced. */
    clear(): void {
        this.partial.clear();
    }
}
