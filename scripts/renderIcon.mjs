// Renders media/icon.svg to the 128 px media/icon.png the Marketplace shows (package.json `icon`;
// the Marketplace takes no SVG icon). Uses the test harness's headless Chromium; run it after
// editing the SVG and commit both: `npm run build && node scripts/renderIcon.mjs`.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { launchChromium } = await import(path.join(root, "out", "test", "chromium.js"));
const svg = fs.readFileSync(path.join(root, "media", "icon.svg"), "utf8");
const browser = await launchChromium();
try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg}</body></html>`,
    );
    await page.locator("svg").screenshot({
        path: path.join(root, "media", "icon.png"),
        omitBackground: true,
    });
} finally {
    await browser.close();
}
console.log("media/icon.png written");
