// A result's bytes put back together from parts sent in order of offset: the extension's 1 MB
// messages to the page (resultsProtocol.ts BytesMessage, incomingBytes.ts) and the page's 4 MB
// slices lent to the parse worker (lentRows.ts).
export class ByteParts {
    /** The whole bytes, filled in as parts come. */
    readonly bytes: Uint8Array;
    private received = 0;

    constructor(total: number) {
        this.bytes = new Uint8Array(total);
    }

    /** Adds the part at `offset`; true once every byte came. */
    add(offset: number, part: Uint8Array): boolean {
        if (offset + part.byteLength > this.bytes.byteLength)
            throw new Error("a part past the end of the result's bytes");
        this.bytes.set(part, offset);
        this.received += part.byteLength;
        return this.received >= this.bytes.byteLength;
    }
}
