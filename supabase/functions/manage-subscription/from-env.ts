import { BRAND_NAME, SITE_PATHS } from "../_shared/contract.ts";
import type { Db } from "../_shared/db.ts";
import { functionDb } from "../_shared/function-db.ts";
import { createMailer, type Mailer } from "../_shared/email.ts";
import { withJobsRoute, type JobReport } from "../_shared/jobs.ts";
import { findLiveByMailbox } from "../_shared/subscriptions-mirror.ts";
import { createMailGate } from "../_shared/mail-gate.ts";
import { parseEmailEnv } from "../_shared/email-env.ts";
import { createDbLimiter } from "../_shared/rate-limit.ts";
import type { FunctionHandler, LogLine } from "../_shared/serve.ts";
import { sameAddress, type Billing } from "./billing.ts";
import {
  addressKey,
  createManageHandler,
  createNoDatabaseManageHandler,
  createNotConfiguredHandler,
} from "./handler.ts";
import { parseManageEnv } from "./schema.ts";
import { createStripeBilling } from "./stripe.ts";
import { mirroredBilling } from "./mirror-writes.ts";
import { createEndOlderUses, createPlanLinkStore } from "./plan-link-store.ts";
import { createStripePortal, type PlanPortal } from "./portal.ts";
import { createRequestStore } from "./store.ts";
import { runAllDueWork } from "./jobs.ts";
import { UNMATCHED_RECEIPTS_PER_DAY } from "./unmatched.ts";
import { canonicalMailbox } from "../_shared/mailbox.ts";
import type { WorkDeps } from "./work.ts";

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
   * Runs all the work that is due once (jobs.ts `runAllDueWork`), as of `now` (default: the
   * real time): retries of requests and e-mails, withdrawals whose wait is over, the yearly
   * reminders and the pruning. The Node server runs it every minute, Supabase Cron calls the
   * jobs route, `npm run jobs` runs it once.
   */
  runJobs: (now?: Date) => Promise<JobReport>;
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
      runJobs: async () => ({}),
      mailer: undefined,
    };
  }
  // Without Stripe no undo link is signed, and the key only keys the per-mailbox limit. Every
  // process must use the same one, or the limit counts per process (per isolate on Supabase).
  const linkSecret = config.linkSecret ?? ADDRESS_KEY_WITHOUT_SECRET;
  const mailerAt = (clock?: () => number) =>
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
      now: clock,
    });
  const mailer = options.mailer ?? mailerAt();

  const stripeBilling =
    options.billing ??
    (config.secretKey === undefined
      ? undefined
      : createStripeBilling({
          secretKey: config.secretKey,
          apiBase: config.stripeApiBase,
          planNames: config.planNames,
          timeoutMs: options.stripeTimeoutMs,
        }));
  const billing = stripeBilling && mirroredBilling(stripeBilling, db, log);
  if (
    billing !== undefined &&
    (config.linkSecret === undefined || config.missing.includes("JOBS_SECRET"))
  ) {
    log(JSON.stringify({ level: "warn", event: "manage_not_configured", missing: config.missing }));
    return {
      handler: createNotConfiguredHandler({
        allowedOrigins: config.allowedOrigins,
        siteUrl: config.siteUrl,
        log,
      }),
      runJobs: async () => ({}),
      mailer,
    };
  }
  if (billing === undefined) {
    log(
      JSON.stringify({ level: "warn", event: "manage_requests_queued", missing: config.missing }),
    );
  }
  const store = createRequestStore(db);
  const unmatchedLimiter = createDbLimiter(db, {
    name: "manage:unmatched",
    limit: UNMATCHED_RECEIPTS_PER_DAY,
    windowSeconds: 24 * 60 * 60,
  });
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
          returnUrl: `${config.siteUrl}${SITE_PATHS.pricing}`,
          privacyUrl: `${config.siteUrl}/privacy`,
          termsUrl: `${config.siteUrl}/terms`,
          timeoutMs: options.stripeTimeoutMs,
        }));
  const email = { brand: BRAND_NAME, siteUrl: config.siteUrl, supportEmail: config.supportEmail };
  const work: WorkDeps = {
    billing,
    mailer,
    store,
    linkSecret,
    email,
    log,
    now: () => new Date(),
    // The mirror finds the mailbox in any spelling; only the address itself, in any case,
    // is acted on (billing.ts sameAddress).
    mirror: async (address) =>
      (await findLiveByMailbox(db, address)).flatMap((subscription) =>
        subscription.customerEmail !== null && sameAddress(subscription.customerEmail, address)
          ? [{ id: subscription.customerId, email: subscription.customerEmail }]
          : [],
      ),
    unmatchedReceipt: async (address) =>
      (await unmatchedLimiter.hit(await addressKey(linkSecret, canonicalMailbox(address)))).allowed,
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
    mirror: work.mirror,
    unmatchedReceipt: work.unmatchedReceipt,
    portal,
    planLinks: createPlanLinkStore(db),
    endOlderUses: createEndOlderUses(db),
    perClient:
      config.rateLimitPerMinute === 0
        ? undefined
        : createDbLimiter(db, {
            name: "manage",
            limit: config.rateLimitPerMinute,
            windowSeconds: 60,
          }),
  });
  const runJobs = (now?: Date) =>
    runAllDueWork(
      {
        db,
        work,
        // A run at another time than now gets a mailer on that clock, so what it makes due
        // (a reminder a year on) is sent by the same run.
        mailerAt: (at) =>
          now === undefined || options.mailer !== undefined ? mailer : mailerAt(() => at.getTime()),
        context: email,
        local: emailConfig.apiKey === undefined,
        log,
      },
      now ?? new Date(),
    );
  return {
    handler: withJobsRoute(handler, { secret: config.jobsSecret, run: () => runJobs(), log }),
    runJobs,
    mailer,
  };
}
