import { getConnInfo } from "@hono/node-server/conninfo";
import { existsSync } from "node:fs";
import { createCheckoutHandlerFromEnv } from "../supabase/functions/create-checkout/from-env.ts";
import { checkoutPageOrigin } from "../supabase/functions/create-checkout/schema.ts";
import { createFeedCadenceHandlerFromEnv } from "../supabase/functions/feed-cadence/from-env.ts";
import { createApp } from "./app.ts";
import { clientAddress } from "./client-address.ts";
import { builtPublicEnvFile, loadEnvOrExit, readBuiltPublicEnv } from "./env.ts";
import { listen } from "./http-server.ts";
import { connectOrigins } from "./security-headers.ts";
import { loadStaticFiles } from "./static-files.ts";

const env = loadEnvOrExit();
const root = "build/client";
if (!existsSync(`${root}/index.html`) || !existsSync(builtPublicEnvFile)) {
  console.error("No build found in build/client: run `npm run build` first (or use `npm start`).");
  process.exit(1);
}
const built = readBuiltPublicEnv();
const { HOST: host, PORT: port, TRUSTED_PROXY_HOPS: trustedHops } = env.server;

const app = createApp({
  files: loadStaticFiles(root),
  checkout: createCheckoutHandlerFromEnv(env.vars),
  feedCadence: createFeedCadenceHandlerFromEnv(env.vars),
  connectOrigins: connectOrigins(built.VITE_SUPABASE_URL),
  checkoutOrigin: checkoutPageOrigin(env.vars),
  clientIp: (c) =>
    clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), trustedHops),
  https: env.public.SITE_URL.startsWith("https://"),
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
