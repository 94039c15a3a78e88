import { createStripeWebhookFromEnv } from "./from-env.ts";

// The confirmation e-mail is delivered after the answer; the runtime keeps that work alive.
const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
  .EdgeRuntime;
// Supabase sets SUPABASE_DB_URL: events, the mirror and the outbox live in the project's Postgres.
const handler = createStripeWebhookFromEnv(Deno.env.toObject(), {
  waitUntil: runtime === undefined ? undefined : (work) => runtime.waitUntil(work),
});

Deno.serve((req) => handler(req));
