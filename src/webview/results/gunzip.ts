// Inflates a result's bytes that came gzip-compressed (BytesMessage.encoding), with the browser's
// own DecompressionStream: in the parse worker, so off the page's main thread.
export async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
}
