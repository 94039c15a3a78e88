import { createManageSubscriptionFromEnv } from "./from-env.ts";

// Work that outlives an answer (the Stripe calls, the e-mails) is kept alive by the runtime.
const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
  .EdgeRuntime;
// Supabase sets SUPABASE_DB_URL: requests, limits and the outbox live in the project's Postgres.
const { handler, retryRequests } = createManageSubscriptionFromEnv(Deno.env.toObject(), {
  waitUntil: runtime === undefined ? undefined : (work) => runtime.waitUntil(work),
});

// Each isolate retries what earlier requests left unfinished, at most once a minute.
let lastRetry = 0;

Deno.serve((req) => {
  if (runtime !== undefined && Date.now() - lastRetry > 60_000) {
    lastRetry = Date.now();
    runtime.waitUntil(retryRequests().catch(() => {}));
  }
  // cf-connecting-ip: the address that reached Supabase's edge (docs/decisions/006).
  return handler(req, { clientIp: req.headers.get("cf-connecting-ip") ?? undefined });
});
