import type { Db } from "../_shared/db.ts";
import { functionDb } from "../_shared/function-db.ts";
import { createMinuteLimiters } from "../_shared/rate-limit.ts";
import {
  createCheckoutHandler,
  createNoDatabaseCheckoutHandler,
  createNotConfiguredHandler,
  type CheckoutHandler,
  type LogLine,
} from "./handler.ts";
import { parseCheckoutEnv } from "./schema.ts";
import { createStripeCheckout } from "./stripe.ts";

export interface CheckoutFromEnvOptions {
  /**
   * Where the rate limits are counted: the Node server's database, or a test's. Without it,
   * a pool on DATABASE_URL or SUPABASE_DB_URL; with neither, every POST answers 503.
   */
  db?: Db;
  /** Receives one JSON line per event; defaults to console.error. */
  log?: LogLine;
  /** Clock for the rate limiter (ms since epoch); by default the database's. */
  now?: () => number;
  /** Overrides the per-try Stripe timeout (default STRIPE_TRY_TIMEOUT_MS); tests use a short one. */
  stripeTimeoutMs?: number;
  /** Overrides the overall Stripe deadline (default STRIPE_DEADLINE_MS). */
  stripeDeadlineMs?: number;
  /** Overrides the body read deadline (default BODY_READ_TIMEOUT_MS); tests use a short one. */
  bodyTimeoutMs?: number;
}

/**
 * Builds the checkout handler from environment variables (`process.env` on Node,
 * `Deno.env.toObject()` on Deno). Throws `CheckoutConfigError` for malformed values; when the
 * secret key or a price is missing, the handler answers POST with 503 `not_configured`.
 */
export function createCheckoutHandlerFromEnv(
  env: Record<string, string | undefined>,
  options: CheckoutFromEnvOptions = {},
): CheckoutHandler {
  const log = options.log ?? ((line: string) => console.error(line));
  const config = parseCheckoutEnv(env);

  if (config.stripe === undefined) {
    log(
      JSON.stringify({ level: "warn", event: "checkout_not_configured", missing: config.missing }),
    );
    return createNotConfiguredHandler({
      allowedOrigins: config.allowedOrigins,
      siteUrl: config.siteUrl,
      bodyTimeoutMs: options.bodyTimeoutMs,
      log,
    });
  }

  const db = functionDb(options.db, config.databaseUrl);
  if (db === undefined) {
    return createNoDatabaseCheckoutHandler({
      allowedOrigins: config.allowedOrigins,
      siteUrl: config.siteUrl,
      bodyTimeoutMs: options.bodyTimeoutMs,
      log,
    });
  }
  const { createSession, priceTaxBehavior } = createStripeCheckout({
    secretKey: config.stripe.secretKey,
    apiBase: config.stripeApiBase,
    timeoutMs: options.stripeTimeoutMs,
    deadlineMs: options.stripeDeadlineMs,
  });
  return createCheckoutHandler({
    createSession,
    priceTaxBehavior,
    prices: config.stripe.prices,
    siteUrl: config.siteUrl,
    allowedOrigins: config.allowedOrigins,
    bodyTimeoutMs: options.bodyTimeoutMs,
    ...createMinuteLimiters(
      db,
      "checkout",
      config.rateLimitPerMinute,
      config.rateLimitGlobalPerMinute,
      options.now,
    ),
    log,
  });
}
