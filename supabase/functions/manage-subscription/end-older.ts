import { verifyPlanLink } from "../_shared/plan-link.ts";
import type { LogLine } from "../_shared/serve.ts";
import { BillingError, LIVE_STATUSES, type Billing, type SubscriptionView } from "./billing.ts";
import {
  END_OLDER_MAX_ATTEMPTS,
  type EndOlderProgress,
  type EndOlderUse,
  type EndOlderUses,
} from "./plan-link-store.ts";
import { SubscriptionBusyError, type RequestStore } from "./store.ts";
import {
  cancelEndsNow,
  subscriptionsOf,
  unusedPart,
  withdrawalRefund,
  type WorkDeps,
} from "./work.ts";

// Ending an older subscription from a second subscription's confirmation e-mail (the
// stripe-webhook function signs the link): the link's one button ends the older subscription
// at once and refunds its unused part, or the first fortnight's larger amount for the address's
// first subscription (END_OLDER_REFUND). While holding the subscription, the use is recorded,
// Stripe re-read, the refund worked out and saved, then subscriptions.cancel and refunds.create
// are made, each with an idempotency key and saved as made: a fault midway leaves the use
// unfinished, and the job runner (resumeEndOlder) carries it on from there.

export interface EndOlderDeps {
  billing: Billing | undefined;
  uses: EndOlderUses;
  store: Pick<RequestStore, "withSubscription" | "withdrawnAlready">;
  linkSecret: string;
  log: LogLine;
  now: () => Date;
  /** The subscriptions mirror's customers under an address (work.ts); absent in some tests. */
  mirror?: WorkDeps["mirror"];
}

export type EndOlderCode =
  | "invalid_token"
  | "invalid_link"
  | "end_link_expired"
  | "end_link_used"
  | "end_older_pending"
  | "older_already_ended"
  | "not_configured"
  | "billing_unavailable";

export type EndOlderOutcome =
  { ok: true; refund: EndOlderProgress["refund"] } | { ok: false; code: EndOlderCode };

/** The status each refusal answers with: gone for a spent or stale link, 503 for ours. */
export const END_OLDER_STATUS: Record<EndOlderCode, number> = {
  invalid_token: 400,
  invalid_link: 400,
  end_link_expired: 410,
  end_link_used: 410,
  older_already_ended: 409,
  // Accepted: the runner finishes it, nothing more is asked of the visitor.
  end_older_pending: 202,
  not_configured: 503,
  billing_unavailable: 503,
};

/**
 * What ending `subscription` at `at` refunds: the unused part (work.ts `unusedPart`) of its
 * latest paid invoice over its current period. Nothing when nothing was paid or nothing is
 * left; a person when the payment or the period cannot be read. The address's first
 * subscription in its first fortnight (`firstFortnight`) is refunded as canceling it would be:
 * the larger of its first payment in full and the unused part (FIRST_FORTNIGHT_REFUND).
 */
export async function endOlderRefund(
  billing: Billing,
  subscription: SubscriptionView,
  at: Date,
  firstFortnight = false,
): Promise<NonNullable<EndOlderProgress["planned"]>> {
  if (firstFortnight) {
    const planned = await withdrawalRefund(billing, subscription, at, true);
    if ("operator" in planned) return { operator: planned.operator };
    return {
      paymentIntent: planned.paymentIntent,
      amount: planned.amount,
      currency: planned.currency,
    };
  }
  const invoices = await billing.paidInvoices(subscription.id);
  // Stripe lists the newest first; the latest period is the one being paid for now.
  const latest = invoices.reduce<(typeof invoices)[number] | undefined>(
    (best, invoice) =>
      best === undefined || (invoice.periodEnd?.getTime() ?? 0) > (best.periodEnd?.getTime() ?? 0)
        ? invoice
        : best,
    undefined,
  );
  if (latest === undefined) return { nothing: "no payment was found" };
  if (latest.paymentIntent === undefined) return { operator: "the payment has no payment intent" };
  const start = subscription.currentPeriodStart ?? latest.periodStart;
  const end = subscription.currentPeriodEnd ?? latest.periodEnd;
  if (start === undefined || end === undefined || end <= start) {
    return { operator: "the billing period is unknown" };
  }
  const amount = unusedPart(latest.amountPaid, start, end, at);
  if (amount <= 0) return { nothing: "the period had passed" };
  return { paymentIntent: latest.paymentIntent, amount, currency: latest.currency };
}

/**
 * Whether ending `subscription` at `at` is the first fortnight's cancellation (work.ts
 * `cancelEndsNow`): the first subscription its address ever had, in its withdrawal period,
 * with nothing overdue. Its address comes from Stripe; without one, it is not.
 */
async function inFirstFortnight(
  deps: EndOlderDeps,
  billing: Billing,
  subscription: SubscriptionView,
  at: Date,
): Promise<boolean> {
  const email = subscription.customerEmail;
  if (email === "" || !cancelEndsNow(subscription, subscription.id, at)) return false;
  const { first } = await subscriptionsOf(deps, billing, email);
  return first === subscription.id;
}

const log = (deps: EndOlderDeps, fields: Record<string, unknown>) =>
  deps.log(JSON.stringify(fields));

/**
 * Carries one use on from where it stopped. Runs while holding the subscription. Throws a
 * BillingError when Stripe fails; what was made before is saved.
 */
async function carryOn(
  deps: EndOlderDeps,
  billing: Billing,
  use: EndOlderUse,
): Promise<EndOlderOutcome> {
  const progress: EndOlderProgress = { ...use.progress };
  const id = use.subscriptionId;
  if (progress.planned === undefined) {
    const subscription = await billing.retrieveSubscription(id);
    // A link names its customer too: a subscription that moved elsewhere is not this link's.
    if (subscription.customerId !== use.customerId) {
      await deps.uses.release(use.nonce);
      return { ok: false, code: "invalid_link" };
    }
    const withdrawn = (await deps.store.withdrawnAlready([id])).length > 0;
    if (!LIVE_STATUSES.has(subscription.status) || withdrawn) {
      await deps.uses.release(use.nonce);
      return { ok: false, code: "older_already_ended" };
    }
    // Counted from the moment the button was pressed, whenever the runner gets to it.
    progress.planned = await endOlderRefund(
      billing,
      subscription,
      use.usedAt,
      await inFirstFortnight(deps, billing, subscription, use.usedAt),
    );
    await deps.uses.save(use.nonce, progress, false);
  }
  if (progress.canceled !== true) {
    try {
      await billing.cancelNow(id, `end-older/${id}/cancel`);
    } catch (error) {
      // Ended already, by an earlier try whose answer was lost, or by its owner meanwhile: the
      // refund planned before still belongs to this choice.
      if (!(error instanceof BillingError && error.kind === "not_changeable")) throw error;
    }
    progress.canceled = true;
    await deps.uses.save(use.nonce, progress, false);
  }
  const planned = progress.planned;
  if ("paymentIntent" in planned && progress.refund === undefined) {
    const made = await billing.refund(
      planned.paymentIntent,
      planned.amount,
      `end-older/${id}/refund`,
    );
    progress.refund = { id: made.id, amount: planned.amount, currency: planned.currency };
  }
  await deps.uses.save(use.nonce, progress, true);
  if ("operator" in planned) {
    log(deps, {
      level: "error",
      event: "manage_end_older_needs_operator",
      subscription: id,
      reason: planned.operator,
    });
  }
  log(deps, { level: "info", event: "manage_end_older_done", subscription: id });
  return { ok: true, refund: progress.refund };
}

/** Records a Stripe fault on the use; past the last attempt a person is asked to finish. */
async function failed(deps: EndOlderDeps, use: EndOlderUse, error: BillingError) {
  const attempts = await deps.uses.fail(use.nonce, `billing_${error.kind}`);
  const last = attempts >= END_OLDER_MAX_ATTEMPTS;
  log(deps, {
    level: last ? "error" : "warn",
    event: last ? "manage_end_older_failed" : "manage_end_older_retry",
    subscription: use.subscriptionId,
    attempts,
    ...error.details,
  });
}

/** The button: checks the link, records its use and ends the older subscription. */
export async function endOlder(deps: EndOlderDeps, token: string): Promise<EndOlderOutcome> {
  const billing = deps.billing;
  if (billing === undefined) return { ok: false, code: "not_configured" };
  const check = await verifyPlanLink(deps.linkSecret, "end-older", token, deps.now());
  if (!check.ok) {
    log(deps, { level: "warn", event: "manage_end_older_refused", reason: check.reason });
    if (check.reason === "malformed") return { ok: false, code: "invalid_token" };
    return { ok: false, code: check.reason === "expired" ? "end_link_expired" : "invalid_link" };
  }
  try {
    return await deps.store.withSubscription(check.subscriptionId, async () => {
      const { use } = await deps.uses.claim(
        check.nonce,
        check.subscriptionId,
        check.customerId,
        check.expiresAt,
      );
      if (use.done) {
        log(deps, { level: "warn", event: "manage_end_older_refused", reason: "used" });
        return { ok: false, code: "end_link_used" } as const;
      }
      // A use Stripe interrupted before: pressing again carries it on, like the runner.
      try {
        return await carryOn(deps, billing, use);
      } catch (error) {
        if (!(error instanceof BillingError)) throw error;
        await failed(deps, use, error);
        return { ok: false, code: "end_older_pending" } as const;
      }
    });
  } catch (error) {
    // Another request holds the subscription for longer than a visitor waits: nothing changed.
    if (error instanceof SubscriptionBusyError) return { ok: false, code: "billing_unavailable" };
    throw error;
  }
}

/**
 * The job runner's step: carries on each unfinished use that is due at `now` (the visitor's
 * own request had a Stripe fault, or died). Returns how many it finished.
 */
export async function resumeEndOlder(deps: EndOlderDeps, now: Date, limit = 10): Promise<number> {
  const billing = deps.billing;
  if (billing === undefined) return 0;
  let finished = 0;
  for (const due of await deps.uses.due(limit, now)) {
    try {
      const ok = await deps.store.withSubscription(due.subscriptionId, async () => {
        // Another runner, or the visitor, may have finished it while this one waited.
        const use = await deps.uses.read(due.nonce);
        if (use === undefined || use.done) return false;
        try {
          return (await carryOn(deps, billing, use)).ok;
        } catch (error) {
          if (!(error instanceof BillingError)) throw error;
          await failed(deps, use, error);
          return false;
        }
      });
      if (ok) finished += 1;
    } catch (error) {
      if (!(error instanceof SubscriptionBusyError)) throw error;
    }
  }
  return finished;
}
