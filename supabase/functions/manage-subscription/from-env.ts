import type { Db } from "../_shared/db.ts";
import { functionDb } from "../_shared/function-db.ts";
import { createMailer, type Mailer } from "../_shared/email.ts";
import { createMailGate } from "../_shared/mail-gate.ts";
import { parseEmailEnv } from "../_shared/email-env.ts";
import { createDbLimiter } from "../_shared/rate-limit.ts";
import type { FunctionHandler, LogLine } from "../_shared/serve.ts";
import type { Billing } from "./billing.ts";
import {
  addressKey,
  createManageHandler,
  createNoDatabaseManageHandler,
  createNotConfiguredHandler,
} from "./handler.ts";
import { parseManageEnv } from "./schema.ts";
import { createStripeBilling } from "./stripe.ts";
import { createPlanLinkStore } from "./plan-link-store.ts";
import { createStripePortal, type PlanPortal } from "./portal.ts";
import { createRequestStore } from "./store.ts";
import { runDueWork, type WorkDeps } from "./work.ts";

/**
 * The per-mailbox limit's key when no SUBSCRIPTION_LINK_SECRET is set (no Stripe key either,
 * so nothing is signed with it). Public, so it hides an address no better than the SHA-256 the
 * limiter stores of every key anyway; SUBSCRIPTION_LINK_SECRET, when set, hides it fully.
 */
const ADDRESS_KEY_WITHOUT_SECRET = "castloop:manage-subscription:address-limit";

export interface ManageFromEnvOptions {
  /**
   * Where requests, limits and the outbox live: the Node server's database, or a test's.
   * Without it, a pool on DATABASE_URL or SUPABASE_DB_URL; with neither, every POST is 503.
   */
  db?: Db;
  log?: LogLine;
  /** Keeps the work after an answer alive (EdgeRuntime.waitUntil on Supabase). */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Tests: a shorter answer floor. */
  floorMs?: number;
  stripeTimeoutMs?: number;
  /** Tests: another billing provider than Stripe. */
  billing?: Billing;
  /** Tests: another mailer. */
  mailer?: Mailer;
  /** Tests: another customer portal than Stripe's. */
  portal?: PlanPortal;
}

export interface ManageSubscription {
  handler: FunctionHandler;
  /**
   * Runs the work that is due (work.ts `runDueWork`): retries of requests whose Stripe work or
   * e-mail failed, withdrawals whose wait is over, and the pruning of requests past their
   * retention; then the outbox's held and queued e-mail. The Node server runs it every minute; on Supabase the next request does.
   */
  retryRequests: () => Promise<void>;
  /** The mailer the function sends through; undefined without a database. */
  mailer: Mailer | undefined;
}

/**
 * Builds the function from environment variables (`process.env` on Node, `Deno.env.toObject()`
 * on Deno). Throws for malformed values. Without a Stripe key it records every cancellation and
 * withdrawal, e-mails the acknowledgment and queues the request for a person; with a live key
 * but no link secret it answers 503 `not_configured`.
 */
export function createManageSubscriptionFromEnv(
  env: Record<string, string | undefined>,
  options: ManageFromEnvOptions = {},
): ManageSubscription {
  const log = options.log ?? ((line: string) => console.error(line));
  const config = parseManageEnv(env);
  const emailConfig = parseEmailEnv(env);
  const db = functionDb(options.db, config.databaseUrl);
  if (db === undefined) {
    return {
      handler: createNoDatabaseManageHandler({
        allowedOrigins: config.allowedOrigins,
        siteUrl: config.siteUrl,
        log,
      }),
      retryRequests: async () => {},
      mailer: undefined,
    };
  }
  // Without Stripe no undo link is signed, and the key only keys the per-mailbox limit. Every
  // process must use the same one, or the limit counts per process (per isolate on Supabase).
  const linkSecret = config.linkSecret ?? ADDRESS_KEY_WITHOUT_SECRET;
  const mailer =
    options.mailer ??
    createMailer({
      db,
      apiKey: emailConfig.apiKey,
      apiBase: emailConfig.apiBase,
      from: emailConfig.from,
      gate: createMailGate({
        perMailbox:
          config.emailRateLimitPerHour === 0
            ? undefined
            : createDbLimiter(db, {
                name: "manage:address",
                limit: config.emailRateLimitPerHour,
                windowSeconds: 3600,
              }),
        global:
          config.emailRateLimitGlobalPerHour === 0
            ? undefined
            : createDbLimiter(db, {
                name: "manage:email:all",
                limit: config.emailRateLimitGlobalPerHour,
                windowSeconds: 3600,
              }),
        keyOf: (mailbox) => addressKey(linkSecret, mailbox),
        reasons: {
          perMailbox: `waits: this mailbox has had its ${config.emailRateLimitPerHour} e-mails this hour (MANAGE_EMAIL_RATE_LIMIT)`,
          global: `waits: the function has sent its ${config.emailRateLimitGlobalPerHour} e-mails this hour (MANAGE_EMAIL_RATE_LIMIT_GLOBAL)`,
        },
        log,
        event: "manage_email_ceiling_reached",
      }),
    });

  const billing =
    options.billing ??
    (config.secretKey === undefined
      ? undefined
      : createStripeBilling({
          secretKey: config.secretKey,
          apiBase: config.stripeApiBase,
          planNames: config.planNames,
          timeoutMs: options.stripeTimeoutMs,
        }));
  if (billing !== undefined && config.linkSecret === undefined) {
    log(JSON.stringify({ level: "warn", event: "manage_not_configured", missing: config.missing }));
    return {
      handler: createNotConfiguredHandler({
        allowedOrigins: config.allowedOrigins,
        siteUrl: config.siteUrl,
        log,
      }),
      retryRequests: async () => {},
      mailer,
    };
  }
  if (billing === undefined) {
    log(
      JSON.stringify({ level: "warn", event: "manage_requests_queued", missing: config.missing }),
    );
  }
  const store = createRequestStore(db);
  const prices = [...config.planNames.keys()];
  const portal =
    options.portal ??
    (config.secretKey === undefined || options.billing !== undefined
      ? undefined
      : createStripePortal({
          secretKey: config.secretKey,
          apiBase: config.stripeApiBase,
          prices,
          configuration: config.portalConfiguration,
          returnUrl: `${config.siteUrl}/pricing`,
          privacyUrl: `${config.siteUrl}/privacy`,
          termsUrl: `${config.siteUrl}/terms`,
          timeoutMs: options.stripeTimeoutMs,
        }));
  const email = { brand: "Castloop", siteUrl: config.siteUrl, supportEmail: config.supportEmail };
  const work: WorkDeps = {
    billing,
    mailer,
    store,
    linkSecret,
    email,
    log,
    now: () => new Date(),
  };
  const handler = createManageHandler({
    billing,
    mailer,
    store,
    linkSecret,
    siteUrl: config.siteUrl,
    allowedOrigins: config.allowedOrigins,
    email,
    log,
    floorMs: options.floorMs,
    waitUntil: options.waitUntil,
    portal,
    planLinks: createPlanLinkStore(db),
    perClient:
      config.rateLimitPerMinute === 0
        ? undefined
        : createDbLimiter(db, {
            name: "manage",
            limit: config.rateLimitPerMinute,
            windowSeconds: 60,
          }),
  });
  return {
    handler,
    retryRequests: async () => {
      await runDueWork(work, new Date());
      // Lets held e-mail whose hour is over through the limits again, and retries the rest.
      await mailer.retryQueued();
    },
    mailer,
  };
}
