// A number too wide for a double, kept as a `String` object holding its JSON text (./lossless.ts
// says why). Apart from the parser, so that recognising one costs no parser at load.

/** A number too wide for a double, as its JSON text (e.g. `-9223372036854775808`). */
export type BigNumber = String; // eslint-disable-line @typescript-eslint/no-wrapper-object-types

/** True for a number kept as its text (see ./lossless.ts). */
export function isBigNumber(value: unknown): value is BigNumber {
    return value instanceof String;
}
