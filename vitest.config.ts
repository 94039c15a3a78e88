import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { parsePublicEnv, publicEnvDefines } from "./app/config/env-schema.ts";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The same inlined public configuration as a build with the defaults.
  define: {
    ...publicEnvDefines(parsePublicEnv({ SITE_URL: "http://localhost:3000" })),
    "import.meta.env.BUILD_YEAR": JSON.stringify(String(new Date().getUTCFullYear())),
  },
  test: {
    environment: "node",
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Files share their worker's module cache instead of loading React, jsdom and the site's
    // modules again each (timings in docs/performance.md#the-test-suite). Mocks, stubbed
    // globals and environment variables are restored after every test, so none leaks to a file.
    isolate: false,
    // Vitest's default is the cores less one: one worker on the 2-core CI machine, while many
    // files mostly wait (timers, sockets, child processes). Two, like Playwright's workers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tools/**/*.test.ts",
            "supabase/functions/**/*.test.ts",
            "tests/copy/**/*.test.ts",
            "tests/layout/**/*.test.ts",
            "tests/tools/**/*.test.ts",
          ],
          setupFiles: ["tests/setup/vitest-setup.ts"],
        },
      },
      {
        // The database layer on a real PostgreSQL server, one per run, started by the global
        // setup; each file takes a fresh migrated database (tests/db/postgres-under-test.ts).
        extends: true,
        test: {
          name: "postgres",
          include: ["tests/db/**/*.test.ts"],
          globalSetup: ["tests/db/global-setup.ts"],
        },
      },
      {
        // Builds of their own (a site configured through .env): the slowest files, left out of
        // `npm run test:quick`.
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"] },
      },
      {
        // Checks that only read the production build: once per route, no browser (tests/README.md).
        extends: true,
        test: {
          name: "build",
          include: ["tests/built/**/*.build.test.ts"],
          globalSetup: ["tests/built/global-setup.ts"],
        },
      },
    ],
  },
});
