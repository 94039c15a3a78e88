import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv } from "vite";
import { publicEnvDefines } from "./app/lib/env-schema.ts";
import { resolveSiteUrl } from "./server/site-url.ts";

export default defineConfig(({ mode }) => {
  // Validate the public configuration once, here, and inline it: a bad value fails the build.
  const fileEnv = loadEnv(mode, process.cwd(), ["VITE_", "SITE_URL", "PORT"]);
  const source = { ...fileEnv, ...process.env };
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    define: {
      ...publicEnvDefines({ ...source, SITE_URL: resolveSiteUrl(source) }),
      // The footer's year is the build's, so prerendered HTML and hydration always agree.
      "import.meta.env.BUILD_YEAR": JSON.stringify(String(new Date().getUTCFullYear())),
    },
    build: {
      // A strict CSP allows no data: URLs, so nothing may be inlined as one.
      assetsInlineLimit: 0,
      // No preload helper for dynamic imports (toasts, checkout, the contact form's checks): it
      // added <link rel="modulepreload"> elements to the head while React rendered, during
      // hydration, for chunks that are loaded after it anyway.
      modulePreload: false,
    },
  };
});
