// Puts a result's bytes back together from the parts the extension posts (protocol.ts
// BytesMessage): a part of a megabyte at a time keeps each of the workbench's tasks short.
import type { BytesMessage } from "../../protocol";

export class IncomingBytes {
    private readonly partial = new Map<string, { bytes: Uint8Array; received: number }>();

    /** Adds a part; returns the result's whole bytes once its last part came, else null. */
    add(msg: BytesMessage): Uint8Array | null {
        const { id, offset, total, part } = msg;
        // The common small result: one part, used as it is.
        if (offset === 0 && part.byteLength === total) {
            this.partial.delete(id);
            return part;
        }
        let entry = this.partial.get(id);
        if (!entry || entry.bytes.byteLength !== total) {
            entry = { bytes: new Uint8Array(total), received: 0 };
            this.partial.set(id, entry);
        }
        if (offset + part.byteLength > total) throw new Error(`bytes part past the end of ${id}`);
        entry.bytes.set(part, offset);
        entry.received += part.byteLength;
        if (entry.received < total) return null;
        this.partial.delete(id);
        return entry.bytes;
    }

    /** Forgets parts of results a new load replaced. */
    clear(): void {
        this.partial.clear();
    }
}
