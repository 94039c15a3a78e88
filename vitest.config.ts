import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { parsePublicEnv, publicEnvDefines } from "./app/lib/env-schema.ts";

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
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "supabase/functions/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["tests/setup/vitest-setup.ts"],
    restoreMocks: true,
  },
});
