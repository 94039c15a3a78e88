import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** Debian's full Chromium: what the benchmarks load pages in, as a visitor's browser would. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium headless shell: the same build and engine without the browser's windowing
 * layer, which the browser tests run in at about 60% of the full browser's time (ADR 011).
 * Without it (not root, not Debian) they run in the full browser.
 */
export const headlessShellPath = "/usr/bin/chromium-headless-shell";

/** The browser the tests drive: CHROME_PATH, else the headless shell, else the full browser. */
export function testBrowserPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(headlessShellPath) ? headlessShellPath : chromiumPath;
}

/** Launch options for the system Chromium (never a downloaded browser), the tests' by default. */
export function chromiumLaunchOptions(executablePath = testBrowserPath()): LaunchOptions {
  const args = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ];
  if (process.getuid?.() === 0) args.push("--no-sandbox");
  return { executablePath, args };
}
