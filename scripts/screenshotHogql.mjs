// Screenshots of a highlighted HogQL file in the default dark and light themes, for looking at the
// grammar's scopes as a user sees them: `node scripts/screenshotHogql.mjs [OUT_DIR] [FILE]`.
// Builds once, then runs scripts/demo.mjs (code-server in headless Chromium, on the sandbox) once
// per theme with the fixture file open. PNGs go to OUT_DIR (default /tmp), named hogql-dark.png and
// hogql-light.png.
import { execFileSync, execSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outDir = process.argv[2] ?? "/tmp";
const file = process.argv[3] ?? "showcase.hogql";
const themes = { dark: "Default Dark Modern", light: "Default Light Modern" };

execSync("npm run --silent build", { cwd: root, stdio: "inherit" });
for (const [name, theme] of Object.entries(themes)) {
    const shot = path.join(outDir, `hogql-${name}.png`);
    execFileSync(
        process.execPath,
        [
            path.join(root, "scripts", "demo.mjs"),
            "--no-build",
            ...["--screenshot", shot, "--open", file, "--theme", theme],
        ],
        { cwd: root, stdio: "inherit" },
    );
}
