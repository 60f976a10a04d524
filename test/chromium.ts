// Headless Debian Chromium for every browser-driven test and the bench. The flags keep it off the
// network (this machine has none) and out of the GPU and /dev/shm it lacks.
import { type Browser, chromium } from "playwright-core";

export const chromiumArgs = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

export function launchChromium(): Promise<Browser> {
    return chromium.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        headless: true,
        args: chromiumArgs,
    });
}
