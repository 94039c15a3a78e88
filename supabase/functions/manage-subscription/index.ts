import { createManageSubscriptionFromEnv } from "./from-env.ts";

// Work that outlives an answer (the Stripe calls, the e-mails) is kept alive by the runtime.
const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
  .EdgeRuntime;
// Supabase sets SUPABASE_DB_URL: requests, limits and the outbox live in the project's Postgres.
// Due work (retries, reminders, pruning) runs when Supabase Cron calls POST …/jobs each minute
// (the schedule's migration), never in a visitor's request.
const { handler } = createManageSubscriptionFromEnv(Deno.env.toObject(), {
  waitUntil: runtime === undefined ? undefined : (work) => runtime.waitUntil(work),
});

Deno.serve((req) =>
  // cf-connecting-ip: the address that reached Supabase's edge (ADR 006).
  handler(req, { clientIp: req.headers.get("cf-connecting-ip") ?? undefined }),
);
