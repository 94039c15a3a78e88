import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/chromium.ts";

// The browser tests run against the real production build, served by the production server.
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eOrigin = `http://127.0.0.1:${e2ePort}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: e2eOrigin,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() },
    },
  ],
  webServer: {
    command: "npm run build && tsx server/main.ts",
    url: `${e2eOrigin}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(e2ePort),
      SITE_URL: e2eOrigin,
      // The shared test server has no Stripe configuration; checkout specs start their own.
      STRIPE_SECRET_KEY: "",
      CHECKOUT_RATE_LIMIT: "0",
    },
  },
});
