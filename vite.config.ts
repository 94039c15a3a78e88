import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { publicEnvDefines } from "./app/config/env-schema.ts";
import { loadEnvOrExit } from "./server/env.ts";

export default defineConfig(() => {
  // The one loader (.env, then the environment), validated; a bad value stops the build.
  const env = loadEnvOrExit();
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    define: {
      ...publicEnvDefines(env.public),
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
