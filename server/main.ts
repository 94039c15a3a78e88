import { getConnInfo } from "@hono/node-server/conninfo";
import { existsSync } from "node:fs";
import { createMailer } from "../supabase/functions/_shared/email.ts";
import { parseEmailEnv } from "../supabase/functions/_shared/email-env.ts";
import { databaseUrlFromEnv } from "../supabase/functions/_shared/db.ts";
import { createCheckoutHandlerFromEnv } from "../supabase/functions/create-checkout/from-env.ts";
import { checkoutPageOrigins } from "../supabase/functions/create-checkout/schema.ts";
import { createFeedCadenceHandlerFromEnv } from "../supabase/functions/feed-cadence/from-env.ts";
import { createManageSubscriptionFromEnv } from "../supabase/functions/manage-subscription/from-env.ts";
import { createStripeWebhookFromEnv } from "../supabase/functions/stripe-webhook/from-env.ts";
import { createApp } from "./app.ts";
import { startHousekeeping } from "./background.ts";
import { clientAddress } from "./client-address.ts";
import { openServerDatabase } from "./database.ts";
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
const { HOST: host, PORT: port, TRUSTED_PROXY_HOPS: trustedHops, LOCAL_DB_DIR } = env.server;

// Every function counts its limits, caches and queues its e-mail in this one database.
const database = await openServerDatabase({
  databaseUrl: databaseUrlFromEnv(env.vars),
  localDir: LOCAL_DB_DIR,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
const { db } = database;
const email = parseEmailEnv(env.vars);
const mailer = createMailer({ db, apiKey: email.apiKey, apiBase: email.apiBase, from: email.from });
const stopHousekeeping = startHousekeeping({ db, mailer });
// The function builds its own mailer on the same outbox: its e-mail passes the per-mailbox and
// hourly limits (MANAGE_EMAIL_RATE_LIMIT, MANAGE_EMAIL_RATE_LIMIT_GLOBAL) that others' does not.
const manage = createManageSubscriptionFromEnv(env.vars, { db });
// Cancellations and withdrawals whose Stripe work or e-mail failed are retried every minute.
const manageRetry = setInterval(() => {
  manage.retryRequests().catch((error: unknown) => {
    console.error(
      JSON.stringify({
        level: "warn",
        event: "manage_retry_failed",
        errorName: error instanceof Error ? error.name : typeof error,
      }),
    );
  });
}, 60_000);
manageRetry.unref();

const app = createApp({
  files: loadStaticFiles(root),
  checkout: createCheckoutHandlerFromEnv(env.vars, { db }),
  feedCadence: createFeedCadenceHandlerFromEnv(env.vars, { db }),
  manageSubscription: manage.handler,
  stripeWebhook: createStripeWebhookFromEnv(env.vars, { db, mailer }),
  connectOrigins: connectOrigins(built.VITE_SUPABASE_URL),
  checkoutOrigins: checkoutPageOrigins(env.vars),
  clientIp: (c) =>
    clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), trustedHops),
  https: env.public.SITE_URL.startsWith("https://"),
});

const server = await listen(app.fetch, { port, hostname: host });
const shown = host === "127.0.0.1" ? "localhost" : host;
console.log(`Castloop is being served at http://${shown}:${server.port}`);
console.log(
  `Functions' data: ${database.description}. E-mail: ${email.apiKey === undefined ? "kept in the local outbox (npm run outbox)" : "sent through Resend"}.`,
);

function shutdown() {
  stopHousekeeping();
  clearInterval(manageRetry);
  void server
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
