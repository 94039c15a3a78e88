import { createPostgresDb, databaseUrlFromEnv } from "../_shared/db.ts";
import { createManageSubscriptionFromEnv } from "./from-env.ts";

const env = Deno.env.toObject();
const url = databaseUrlFromEnv(env);
if (url === undefined) throw new Error("manage-subscription needs SUPABASE_DB_URL or DATABASE_URL");
// Work that outlives an answer (the Stripe calls, the e-mail) is kept alive by the runtime.
const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
  .EdgeRuntime;
const { handler, retryRequests, mailer } = createManageSubscriptionFromEnv(env, {
  db: createPostgresDb(url),
  waitUntil: runtime === undefined ? undefined : (work) => runtime.waitUntil(work),
});

// Each isolate retries what earlier requests left unfinished, at most once a minute.
let lastRetry = 0;

// cf-connecting-ip: the address that reached Supabase's edge (docs/decisions/006-checkout-client-address.md).
Deno.serve((req) => {
  if (runtime !== undefined && Date.now() - lastRetry > 60_000) {
    lastRetry = Date.now();
    runtime.waitUntil(
      retryRequests()
        .then(() => mailer.retryQueued())
        .catch(() => {}),
    );
  }
  return handler(req, { clientIp: req.headers.get("cf-connecting-ip") ?? undefined });
});
