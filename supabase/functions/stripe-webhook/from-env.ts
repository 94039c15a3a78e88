import { BRAND_NAME } from "../_shared/contract.ts";
import type { Db } from "../_shared/db.ts";
import { createMailer, type Mailer } from "../_shared/email.ts";
import { parseEmailEnv } from "../_shared/email-env.ts";
import { createNoDatabaseHandler, functionDb } from "../_shared/function-db.ts";
import type { FunctionHandler, LogLine } from "../_shared/serve.ts";
import { createNotConfiguredWebhookHandler, createWebhookHandler } from "./handler.ts";
import { parseWebhookEnv } from "./schema.ts";
import { createWebhookStore } from "./store.ts";
import { createWebhookStripe, type WebhookStripe } from "./stripe.ts";

export interface WebhookFromEnvOptions {
  /**
   * Where events, the mirror, consent records and the outbox live: the Node server's database,
   * or a test's. Without it, a pool on DATABASE_URL or SUPABASE_DB_URL; with neither, 503.
   */
  db?: Db;
  log?: LogLine;
  /** Keeps the e-mail delivery after an answer alive (EdgeRuntime.waitUntil on Supabase). */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Tests: another mailer, another Stripe, another clock (ms since epoch). */
  mailer?: Mailer;
  stripe?: WebhookStripe;
  now?: () => number;
  stripeTimeoutMs?: number;
}

/**
 * Builds the webhook from environment variables (`process.env` on Node, `Deno.env.toObject()`
 * on Deno). Throws for malformed values and for a live key without STRIPE_WEBHOOK_SECRET;
 * without the secret or a Stripe key it answers every delivery 503 `not_configured`.
 */
export function createStripeWebhookFromEnv(
  env: Record<string, string | undefined>,
  options: WebhookFromEnvOptions = {},
): FunctionHandler {
  const log = options.log ?? ((line: string) => console.error(line));
  const config = parseWebhookEnv(env);
  const emailConfig = parseEmailEnv(env);
  if (config.webhookSecret === undefined || config.secretKey === undefined) {
    return createNotConfiguredWebhookHandler(log, config.missing);
  }
  const db = functionDb(options.db, config.databaseUrl);
  if (db === undefined) {
    return createNoDatabaseHandler({ allowedOrigins: [], event: "webhook", log });
  }
  const mailer =
    options.mailer ??
    createMailer({
      db,
      apiKey: emailConfig.apiKey,
      apiBase: emailConfig.apiBase,
      from: emailConfig.from,
    });
  const now = options.now;
  return createWebhookHandler({
    webhookSecret: config.webhookSecret,
    stripe:
      options.stripe ??
      createWebhookStripe({
        secretKey: config.secretKey,
        apiBase: config.stripeApiBase,
        timeoutMs: options.stripeTimeoutMs,
      }),
    store: createWebhookStore(db, {
      local: emailConfig.apiKey === undefined,
      now: now === undefined ? undefined : () => new Date(now()),
    }),
    db,
    mailer,
    plans: config.plans,
    mail: { brand: BRAND_NAME, siteUrl: config.siteUrl, supportEmail: config.supportEmail },
    linkSecret: config.linkSecret,
    log,
    waitUntil: options.waitUntil,
    now,
  });
}
