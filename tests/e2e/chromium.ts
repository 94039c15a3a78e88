import type { LaunchOptions } from "@playwright/test";

/** The system Chromium: browsers are never downloaded (see scripts/ensure-chromium.ts). */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export function chromiumLaunchOptions(): LaunchOptions {
  const args = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ];
  if (process.getuid?.() === 0) args.push("--no-sandbox");
  return { executablePath: chromiumPath, args };
}
