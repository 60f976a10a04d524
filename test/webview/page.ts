// Drives the results page in headless Chromium: launch, load a fixture as the extension would
// (bytes plus a first screenful), and read what the grid shows.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import type {
    BytesMessage,
    ChartPrefs,
    FromWebview,
    LoadMessage,
    QueryResult,
    ResultMeta,
} from "../../src/shared/resultsProtocol";
import { fromResultsPageSchema } from "../../src/resultsPanel/messageSchema";
import { lazyCheck } from "../../src/validatorLoader";
import type { Fixture } from "./fixtures";
import type { TestServer } from "./server";

// These callbacks run in the page; the root tsconfig has no DOM lib, so name its globals here
// (module-scoped, so nothing leaks into other test files).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare const navigator: any;
declare function requestAnimationFrame(callback: (time: number) => void): number;

export { launchChromium as launch } from "../chromium";

/** Theme variables as VS Code sets them on the webview's html element (subset). */
export const themes = {
    dark: {
        "--vscode-editor-background": "#1f1f1f",
        "--vscode-editor-foreground": "#cccccc",
        "--vscode-editor-font-family": "'Droid Sans Mono', monospace",
        "--vscode-editor-font-size": "13px",
        "--vscode-font-family": "system-ui, sans-serif",
        "--vscode-font-size": "13px",
        "--vscode-list-activeSelectionBackground": "#04395e",
        "--vscode-list-activeSelectionForeground": "#ffffff",
        "--vscode-list-inactiveSelectionBackground": "#37373d",
        "--vscode-list-hoverBackground": "#2a2d2e",
        "--vscode-focusBorder": "#0078d4",
        "--vscode-descriptionForeground": "#9d9d9d",
        "--vscode-editorLineNumber-foreground": "#6e7681",
        "--vscode-sideBarSectionHeader-background": "#181818",
        "--vscode-tree-tableColumnsBorder": "rgba(204, 204, 204, 0.12)",
        "--vscode-disabledForeground": "rgba(204, 204, 204, 0.5)",
        "--vscode-debugTokenExpression-number": "#b5cea8",
        "--vscode-debugTokenExpression-string": "#ce9178",
        "--vscode-debugTokenExpression-boolean": "#4e94ce",
        "--vscode-editorWarning-foreground": "#cca700",
        "--vscode-textLink-foreground": "#4daafc",
        "--vscode-button-background": "#0078d4",
        "--vscode-button-foreground": "#ffffff",
        "--vscode-button-secondaryBackground": "#313131",
        "--vscode-button-secondaryForeground": "#cccccc",
        "--vscode-input-background": "#313131",
        "--vscode-input-foreground": "#cccccc",
        "--vscode-input-border": "#3c3c3c",
        "--vscode-settings-textInputBackground": "#313131",
    },
    light: {
        "--vscode-editor-background": "#ffffff",
        "--vscode-editor-foreground": "#3b3b3b",
        "--vscode-editor-font-family": "'Droid Sans Mono', monospace",
        "--vscode-editor-font-size": "13px",
        "--vscode-font-family": "system-ui, sans-serif",
        "--vscode-font-size": "13px",
        "--vscode-list-activeSelectionBackground": "#e8e8e8",
        "--vscode-list-activeSelectionForeground": "#000000",
        "--vscode-list-inactiveSelectionBackground": "#e4e6f1",
        "--vscode-list-hoverBackground": "#f2f2f2",
        "--vscode-focusBorder": "#005fb8",
        "--vscode-descriptionForeground": "#717171",
        "--vscode-editorLineNumber-foreground": "#6e7681",
        "--vscode-sideBarSectionHeader-background": "#f8f8f8",
        "--vscode-tree-tableColumnsBorder": "rgba(97, 97, 97, 0.13)",
        "--vscode-disabledForeground": "rgba(97, 97, 97, 0.5)",
        "--vscode-debugTokenExpression-number": "#098658",
        "--vscode-debugTokenExpression-string": "#a31515",
        "--vscode-debugTokenExpression-boolean": "#0000ff",
        "--vscode-editorWarning-foreground": "#bf8803",
        "--vscode-textLink-foreground": "#005fb8",
        "--vscode-button-background": "#005fb8",
        "--vscode-button-foreground": "#ffffff",
        "--vscode-button-secondaryBackground": "#e5e5e5",
        "--vscode-button-secondaryForeground": "#3b3b3b",
        "--vscode-input-background": "#ffffff",
        "--vscode-input-foreground": "#3b3b3b",
        "--vscode-input-border": "#cecece",
        "--vscode-settings-textInputBackground": "#ffffff",
    },
};

export async function applyTheme(page: Page, theme: keyof typeof themes): Promise<void> {
    await page.evaluate((vars) => {
        for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
    }, themes[theme]);
}

const errorsOf = new WeakMap<Page, string[]>();

/**
 * Records what goes wrong on `page` for {@link pageErrors}: uncaught errors, and with `loads`
 * also console errors (CSP refusals show there) and failed requests (the favicon aside).
 */
export function recordErrors(page: Page, loads = false): void {
    const errors: string[] = [];
    errorsOf.set(page, errors);
    page.on("pageerror", (e) => errors.push(String(e)));
    if (!loads) return;
    page.on("console", (m) => {
        if (m.type() === "error" && !/404/.test(m.text())) errors.push(m.text());
    });
    page.on("response", (r) => {
        if (r.status() >= 400 && !r.url().endsWith("/favicon.ico"))
            errors.push(`${r.status()} ${r.url()}`);
    });
}

/** What {@link recordErrors} has recorded on `page` so far. */
export function pageErrors(page: Page): string[] {
    return errorsOf.get(page) ?? [];
}

/**
 * The messages the page posted (`window.__posted`) that the extension host would drop on arrival
 * (src/webviewMessages.ts), each with why: `schema` is the host's check of the page's protocol.
 */
export async function postedButDropped(
    page: Page,
    schema: object = fromResultsPageSchema,
): Promise<string[]> {
    // As VS Code carries them from a webview to the extension host: as JSON.
    const messages = await page.evaluate(
        () => JSON.parse(JSON.stringify(window.__posted ?? [])) as unknown[],
    );
    const check = lazyCheck(schema);
    return messages.flatMap((message) => {
        const problem = check(message);
        return problem ? [`${JSON.stringify(message).slice(0, 200)}: ${problem}`] : [];
    });
}

/**
 * Closes a page (in `afterEach`) and checks that nothing went wrong on it, and that the extension
 * host accepts every message it posted (`schema`: the check of its protocol, the results page's
 * unless given).
 */
export async function closeWithoutErrors(
    page: Page | undefined,
    schema: object = fromResultsPageSchema,
): Promise<void> {
    if (!page) return;
    const errors = pageErrors(page);
    const dropped = page.isClosed() ? [] : await postedButDropped(page, schema);
    await page.close();
    assert.deepEqual(errors, [], "no page errors");
    assert.deepEqual(dropped, [], "the extension host accepts every message the page posted");
}

/** Opens the real page (same CSP as the panel) and waits for its `ready`. */
export async function openPage(
    browser: Browser,
    server: TestServer,
    path = "/",
    beforeLoad?: (page: Page) => Promise<void>,
): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 640 } });
    await beforeLoad?.(page);
    // As VS Code's webview frames allow (`clipboard-write`); reading is for the tests' checks.
    await page
        .context()
        .grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
    recordErrors(page);
    await page.goto(server.origin + path);
    await page.waitForFunction(() =>
        (window as unknown as { __posted: FromWebview[] }).__posted.some((m) => m.type === "ready"),
    );
    return page;
}

export interface LoadSpec {
    /** Fixture name served at /data/<name>.json. */
    name: string;
    fixture: Fixture;
    title?: string;
    /** The grid-or-chart preference the extension remembered for this query. */
    chart?: ChartPrefs;
    /** What the service said the run read and the budget left (absent: it said nothing). */
    cost?: Pick<QueryResult, "bytesRead" | "budgetRemainingBytes">;
}

/**
 * Posts a `load` the way the extension does and waits until every row is parsed; `settings` are
 * the load's settings fields (absent: the page's defaults).
 */
export async function loadResults(
    page: Page,
    specs: LoadSpec[],
    storeKey: string | null = null,
    settings: Pick<LoadMessage, "neutraliseFormulas"> = {},
): Promise<void> {
    const items = specs.map((s) => ({
        url: `/data/${s.name}.json`,
        id: s.name,
        title: s.title ?? s.name,
        meta: s.fixture.meta,
        firstRowsJson: s.fixture.firstRowsJson,
        chart: s.chart ?? null,
        cost: s.cost ?? {},
    }));
    await page.evaluate(
        async ({ items, storeKey, settings }) => {
            const results = [];
            for (const it of items) {
                const bytes = new Uint8Array(await (await fetch(it.url)).arrayBuffer());
                results.push({
                    id: it.id,
                    title: it.title,
                    queryText: `select * from ${it.id}`,
                    durationMs: 123,
                    meta: it.meta as ResultMeta,
                    firstRowsJson: it.firstRowsJson,
                    bytes,
                    chart: it.chart,
                    ...it.cost,
                });
            }
            // As the extension posts: the first screens, then the bytes in their own messages
            // once the page asks for them (panel.ts postBytes).
            const w = window as unknown as { __posted: FromWebview[]; __loadSeq?: number };
            const seq = (w.__loadSeq = (w.__loadSeq ?? 0) + 1);
            const msg: LoadMessage = {
                type: "load",
                results: results.map((r) => ({
                    ...r,
                    bytes: new Uint8Array(0),
                    bytesFollow: true,
                })),
                active: 0,
                storeKey,
                seq,
                ...settings,
            };
            window.postMessage(msg, "*");
            const deadline = performance.now() + 10_000;
            await new Promise<void>((resolve, reject) => {
                const asked = () => {
                    if (w.__posted.some((m) => m.type === "bytesWanted" && m.seq === seq))
                        resolve();
                    else if (performance.now() > deadline)
                        reject(new Error(`the page did not ask for the bytes of load ${seq}`));
                    else setTimeout(asked, 5);
                };
                asked();
            });
            // In parts, as the extension posts a result of more than a megabyte (resultSet.ts
            // bytesMessages): three here, whatever the size, so every test puts them together.
            for (const r of results) {
                const total = r.bytes.byteLength;
                const size = Math.max(1, Math.ceil(total / 3));
                for (let offset = 0; offset < Math.max(total, 1); offset += size) {
                    const follow: BytesMessage = {
                        type: "bytes",
                        id: r.id,
                        offset,
                        total,
                        part: r.bytes.slice(offset, offset + size),
                    };
                    window.postMessage(follow, "*");
                }
            }
        },
        { items, storeKey, settings },
    );
    await page.waitForFunction(
        (n) =>
            (window as unknown as { __posted: FromWebview[] }).__posted.filter(
                (m) => m.type === "rendered" && m.fullyLoadedMs !== null,
            ).length >= n,
        specs.length,
    );
    await nextFrame(page);
}

export async function nextFrame(page: Page): Promise<void> {
    await page.evaluate(
        () =>
            new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
}

/** Messages the page posted to the "extension". */
export function posted(page: Page): Promise<FromWebview[]> {
    return page.evaluate(() => (window as unknown as { __posted: FromWebview[] }).__posted);
}

/** The rendered rows, top to bottom: row number and cell texts (only rendered columns). */
export async function visibleRows(
    page: Page,
): Promise<{ index: number; num: string; cells: string[] }[]> {
    return page.$$eval(".row:not([hidden])", (rows) =>
        rows
            .map((r) => ({
                index: Number(r.getAttribute("aria-rowindex")),
                // Row numbers sit in the grid's sticky gutter, matched to rows by index.
                num:
                    document.querySelector(
                        `.rownum:not([hidden])[data-rowindex="${r.getAttribute("aria-rowindex")}"]`,
                    )?.textContent ?? "",
                // Indexed by column; columns scrolled out of view are absent.
                cells: [...r.querySelectorAll(".cell")].reduce<string[]>((acc, c) => {
                    acc[Number(c.getAttribute("aria-colindex")) - 2] = c.textContent ?? "";
                    return acc;
                }, []),
            }))
            .sort((a, b) => a.index - b.index),
    );
}

/** Rows whose top edge is inside the grid's viewport (below the header). */
export async function rowsInView(
    page: Page,
): Promise<{ index: number; num: string; cells: string[] }[]> {
    const all = await visibleRows(page);
    const box = await page.$eval(".grid", (g) => ({ top: g.scrollTop, h: g.clientHeight }));
    return all.filter((r) => {
        const y = (r.index - 2) * 22;
        return y >= box.top && y + 22 <= box.top + box.h - 40;
    });
}

/** Center of the cell at view row `row`, column `col` (both 0-based), scrolled into view. */
export async function cellPoint(
    page: Page,
    row: number,
    col: number,
): Promise<{ x: number; y: number }> {
    const sel = `.row[aria-rowindex="${row + 2}"] .cell[aria-colindex="${col + 2}"]`;
    const box = await page.locator(sel).boundingBox();
    if (!box) throw new Error(`cell ${row},${col} is not rendered`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function clickCell(
    page: Page,
    row: number,
    col: number,
    modifiers: ("Shift" | "Control")[] = [],
): Promise<void> {
    const p = await cellPoint(page, row, col);
    for (const m of modifiers) await page.keyboard.down(m);
    await page.mouse.click(p.x, p.y);
    for (const m of modifiers) await page.keyboard.up(m);
}

/**
 * The last copy's text: the `copy` message's, or, where the page wrote the clipboard itself (large
 * copies, src/webview/results/clipboardWrite.ts) and the message has none, the clipboard's.
 */
export async function lastCopy(page: Page): Promise<string> {
    const msgs = (await posted(page)).filter((m) => m.type === "copy");
    const last = msgs[msgs.length - 1];
    if (!last || last.type !== "copy") throw new Error("nothing copied");
    return last.text ?? page.evaluate(() => navigator.clipboard.readText());
}

/** How many `copy` messages the page has posted so far. */
export async function copyCount(page: Page): Promise<number> {
    return (await posted(page)).filter((m) => m.type === "copy").length;
}

/**
 * Waits for the page to post a `copy` after the first `before` ones and returns its text: a
 * large selection is copied asynchronously (built in the worker).
 */
export async function nextCopy(page: Page, before: number): Promise<string> {
    await page.waitForFunction(
        (n) =>
            (window as unknown as { __posted: FromWebview[] }).__posted.filter(
                (m) => m.type === "copy",
            ).length > n,
        before,
    );
    return lastCopy(page);
}
