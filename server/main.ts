import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { existsSync } from "node:fs";
import { createCheckoutHandlerFromEnv } from "../supabase/functions/create-checkout/from-env.ts";
import { createApp } from "./app.ts";
import { resolvePort, resolveSiteUrl } from "./site-url.ts";
import { loadStaticFiles } from "./static-files.ts";

const root = "build/client";
if (!existsSync(`${root}/index.html`)) {
  console.error("No build found in build/client: run `npm run build` first (or use `npm start`).");
  process.exit(1);
}

const env = { ...process.env, SITE_URL: resolveSiteUrl(process.env) };
const port = resolvePort(process.env);
const host = process.env.HOST?.trim() || "127.0.0.1";
const supabaseUrl = process.env.VITE_SUPABASE_URL?.trim();

const app = createApp({
  files: loadStaticFiles(root),
  checkout: createCheckoutHandlerFromEnv(env),
  connectOrigins: supabaseUrl ? [new URL(supabaseUrl).origin] : [],
  clientIp: (c) => getConnInfo(c).remote.address,
  https: env.SITE_URL.startsWith("https://"),
});

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  const shown = host === "127.0.0.1" ? "localhost" : host;
  console.log(`Castloop is being served at http://${shown}:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
