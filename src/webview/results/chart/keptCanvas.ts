// A plot's canvas outlives it: the next plot draws on it. Chromium sets up a canvas's pixel memory
// at its first drawing call, and where fresh memory is slow to come by (this project's 2-core
// test machine: about 3.5 ms a megabyte) that call took as long as the rest of a 50,000-point
// chart; a canvas set to the size it already has costs nothing (see docs/performance.md,
// "Chart"). So the warm-up's canvas (warmUp.ts), drawn at the chart's size, goes to the first
// chart, and each chart's canvas to the one drawn after it (another type, column or filter).
// uPlot makes its canvas itself, in its constructor, with no option to pass one in: the kept
// canvas is handed to it through `document.createElement`, for the length of that one call.

let kept: HTMLCanvasElement | null = null;

/**
 * A kept canvas, with its size when kept: the webview tests read it. Not an attribute, so that the
 * page's markup is the same whichever plot drew on the canvas first.
 */
interface Kept extends HTMLCanvasElement {
    keptSize?: string;
}

/** Keeps `canvas` (already drawn on) for the next plot. */
export function keepCanvas(canvas: Kept): void {
    canvas.keptSize = `${canvas.width}x${canvas.height}`;
    kept = canvas;
}

/** Runs `make`, giving the kept canvas (once) to the first canvas it creates. */
export function withKeptCanvas<T>(make: () => T): T {
    const canvas = kept;
    if (!canvas) return make();
    kept = null;
    const create = document.createElement.bind(document);
    const handOver = (tag: string, options?: ElementCreationOptions): HTMLElement => {
        if (tag.toLowerCase() !== "canvas") return create(tag, options);
        Reflect.deleteProperty(document, "createElement");
        return canvas;
    };
    Object.defineProperty(document, "createElement", { value: handOver, configurable: true });
    try {
        return make();
    } finally {
        Reflect.deleteProperty(document, "createElement");
    }
}
