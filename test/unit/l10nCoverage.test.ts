// Every user-facing string of the extension host goes through l10n (vscode.l10n.t, or l10n.t of
// @vscode/l10n in modules without vscode): a static check with the TypeScript compiler over src,
// which fails on a string literal or template handed straight to a user-facing API (messages,
// status bar, progress titles, prompts, quick picks, tree items, error titles). It also checks
// that l10n/bundle.l10n.json is what `npx @vscode/l10n-dev export` makes of src today.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(__dirname, "../../..");
const src = path.join(root, "src");
/**
 * Folders with no user-facing text of the extension host: the HTTP client (its messages reach
 * users through userMessage, see below), the webview, PostHog's migrations, the formatter and
 * the parser worker. The language model tools answer the model, not the user.
 */
const SKIP = ["api", "webview", "savedQueries/migrations", "language/format", "hogql/parser"];
const SKIP_PROPERTIES = ["lm"];
/** Object properties whose text a user reads (quick picks, inputs, tree items, commands). */
const PROPERTIES = new Set([
    "title",
    "placeHolder",
    "prompt",
    "tooltip",
    "label",
    "description",
    "detail",
    "saveLabel",
    "openLabel",
]);
/** Calls and which of their arguments are text: all, or the argument at an index. */
const CALLS: [RegExp, "all" | number][] = [
    [/(^|\.)ui\.(info|warn|error|confirm)$/, "all"],
    [/window\.show(Information|Warning|Error)Message$/, "all"],
    [/window\.setStatusBarMessage$/, 0],
    [/\.reportError$/, 0],
    // A command's title (the "<title> failed: ..." of its errors).
    [/^(itemCommand|onExperiment)$/, 1],
    [/^pickEntry$/, 2],
];

function files(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        const rel = path.relative(src, full);
        if (entry.isDirectory()) return SKIP.includes(rel) ? [] : files(full);
        return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
    });
}

/** Literal text a user would read, not wrapped in a `t(...)` call. */
function bareText(node: ts.Node | undefined): ts.Node[] {
    if (!node) return [];
    if (ts.isParenthesizedExpression(node)) return bareText(node.expression);
    if (ts.isConditionalExpression(node))
        return [...bareText(node.whenTrue), ...bareText(node.whenFalse)];
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
        return [...bareText(node.left), ...bareText(node.right)];
    const text =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
            ? node.text
            : ts.isTemplateExpression(node)
              ? node.head.text + node.templateSpans.map((s) => s.literal.text).join("")
              : undefined;
    return text !== undefined && /[A-Za-z]{2}/.test(text) ? [node] : [];
}

function unlocalised(file: string): string[] {
    const text = fs.readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const rel = path.relative(src, file);
    const checkProperties = !SKIP_PROPERTIES.some((dir) => rel.startsWith(`${dir}/`));
    const found: string[] = [];
    const report = (nodes: ts.Node[]) => {
        for (const node of nodes) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            found.push(`${rel}:${line + 1} ${node.getText().slice(0, 70)}`);
        }
    };
    const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
            const callee = node.expression.getText();
            for (const [pattern, which] of CALLS)
                if (pattern.test(callee))
                    report(
                        (which === "all"
                            ? [...node.arguments]
                            : node.arguments.slice(which, which + 1)
                        )
                            .filter((a) => !ts.isObjectLiteralExpression(a))
                            .flatMap(bareText),
                    );
        }
        if (
            checkProperties &&
            ts.isPropertyAssignment(node) &&
            ts.isIdentifier(node.name) &&
            PROPERTIES.has(node.name.text)
        )
            report(bareText(node.initializer));
        ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
}

describe("localisation of the extension host's text", () => {
    it("passes no literal text to a user-facing API without l10n", () => {
        const found = files(src).flatMap(unlocalised);
        assert.deepEqual(found, [], `wrap these in vscode.l10n.t / l10n.t:\n${found.join("\n")}`);
    });

    it("catches a message that bypasses l10n (the check itself works)", () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "l10n-check-"));
        const probe = path.join(dir, "probe.ts");
        fs.writeFileSync(
            probe,
            [
                "void ctx.ui.error(`Could not load ${name}.`);",
                'void vscode.window.showInformationMessage(vscode.l10n.t("Fine"));',
                'const pick = { label: "Open in PostHog", description: l10n.t("fine") };',
            ].join("\n"),
        );
        try {
            const found = unlocalised(probe).map((f) => f.replace(/^.*probe\.ts/, "probe"));
            assert.deepEqual(found, [
                "probe:1 `Could not load ${name}.`",
                'probe:3 "Open in PostHog"',
            ]);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("ships l10n/bundle.l10n.json as @vscode/l10n-dev exports it from src", function () {
        this.timeout(60_000);
        const out = fs.mkdtempSync(path.join(os.tmpdir(), "l10n-export-"));
        try {
            execFileSync(
                process.execPath,
                [
                    path.join(root, "node_modules", "@vscode", "l10n-dev", "dist", "cli.js"),
                    "export",
                    "--outDir",
                    out,
                    src,
                ],
                { stdio: "ignore" },
            );
            const fresh = JSON.parse(fs.readFileSync(path.join(out, "bundle.l10n.json"), "utf8"));
            const shipped = JSON.parse(
                fs.readFileSync(path.join(root, "l10n", "bundle.l10n.json"), "utf8"),
            );
            assert.deepEqual(
                shipped,
                fresh,
                "run `npx @vscode/l10n-dev export --outDir ./l10n ./src` and commit the bundle",
            );
        } finally {
            fs.rmSync(out, { recursive: true, force: true });
        }
    });
});
