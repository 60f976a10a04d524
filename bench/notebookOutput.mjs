// The notebook renderer on outputs at the controller's caps: the output frame's longest task from
// the output's arrival until every row is parsed and shown. The tests check the structure (short
// tasks, the thread given back between them: test/webview/notebookRenderer.test.ts); the time is
// measured here. Each run in a freshly loaded frame, cold, as a notebook's first output.
import { createRequire } from "node:module";
import path from "node:path";
import { median } from "./workbench.mjs";

const RUNS = Number(process.env.BENCH_NOTEBOOK_RUNS ?? 5);

/** Per capped case: the median over RUNS of each run's longest task (0: none of 50 ms or more). */
export async function notebookOutputFigures(root) {
    const require = createRequire(import.meta.url);
    const outputs = require(path.join(root, "out", "test", "webview", "notebookOutput.js"));
    const { startServer } = require(path.join(root, "out", "test", "webview", "server.js"));
    const { launchChromium } = require(path.join(root, "out", "test", "chromium.js"));
    outputs.buildRenderer();
    const server = await startServer();
    server.setPage("notebook", outputs.NOTEBOOK_PAGE);
    const browser = await launchChromium();
    try {
        const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
        const figures = [];
        for (const c of outputs.CAPPED_CASES) {
            const { bytes, kept } = outputs.cappedOutput(c.columns, c.types, c.rows, c.row);
            const longest = [];
            for (let run = 0; run < RUNS; run++) {
                await outputs.openNotebookPage(page, server.origin);
                const r = await outputs.renderOutput(page, `${c.name} #${run}`, bytes);
                if (r.rows !== kept) throw new Error(`${c.name}: ${r.rows} of ${kept} rows parsed`);
                longest.push(Math.max(0, ...r.longTasks.map((t) => t.ms)));
            }
            figures.push({
                name: c.name,
                kb: bytes.length / 1024,
                longestMs: median(longest),
                runs: longest,
            });
        }
        return figures;
    } finally {
        await browser.close();
        await server.close();
    }
}
