import { getConnInfo } from "@hono/node-server/conninfo";
import { existsSync } from "node:fs";
import { createCheckoutHandlerFromEnv } from "../supabase/functions/create-checkout/from-env.ts";
import { createApp } from "./app.ts";
import { clientAddress } from "./client-address.ts";
import { listen } from "./http-server.ts";
import { serverEnvSchema } from "./server-env.ts";
import { resolvePort, resolveSiteUrl } from "./site-url.ts";
import { loadStaticFiles } from "./static-files.ts";

const root = "build/client";
if (!existsSync(`${root}/index.html`)) {
  console.error("No build found in build/client: run `npm run build` first (or use `npm start`).");
  process.exit(1);
}

const env = { ...process.env, SITE_URL: resolveSiteUrl(process.env) };
const port = resolvePort(process.env);
const { HOST: host, TRUSTED_PROXY_HOPS: trustedHops } = serverEnvSchema.parse(process.env);
const supabaseUrl = process.env.VITE_SUPABASE_URL?.trim();

const app = createApp({
  files: loadStaticFiles(root),
  checkout: createCheckoutHandlerFromEnv(env),
  connectOrigins: supabaseUrl ? [new URL(supabaseUrl).origin] : [],
  clientIp: (c) =>
    clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), trustedHops),
  https: env.SITE_URL.startsWith("https://"),
});

const server = await listen(app.fetch, { port, hostname: host });
const shown = host === "127.0.0.1" ? "localhost" : host;
console.log(`Castloop is being served at http://${shown}:${server.port}`);

function shutdown() {
  void server.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
