import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { resolveSiteUrl } from "./server/site-url.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  define: {
    // SITE_URL is shared with the server and the checkout function, so it has no VITE_ prefix.
    "import.meta.env.SITE_URL": JSON.stringify(resolveSiteUrl(process.env)),
  },
  envPrefix: "VITE_",
  build: {
    // A strict CSP allows no data: URLs, so nothing may be inlined as one.
    assetsInlineLimit: 0,
  },
});
