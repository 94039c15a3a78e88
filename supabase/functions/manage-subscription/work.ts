import { SITE_PATHS, withdrawalPeriod, withinWithdrawalPeriod } from "../_shared/contract.ts";
import type { Mailer, OutgoingEmail } from "../_shared/email.ts";
import type { LogLine } from "../_shared/serve.ts";
import { BillingError, LIVE_STATUSES, type Billing, type SubscriptionView } from "./billing.ts";
import {
  cancellationEmail,
  cancellationQueuedEmail,
  withdrawalOutcomeEmail,
  withdrawalReceiptEmail,
  type EmailContext,
  type KeepLink,
} from "./emails.ts";
import { keepLinkExpiry, signKeepToken } from "./link-token.ts";
import {
  LeaseLostError,
  MAX_ATTEMPTS,
  type Outcome,
  type RequestRow,
  type RequestStore,
  type PlannedRefund,
  type SubscriptionOutcome,
} from "./store.ts";

// The work behind a cancellation or a withdrawal, after the request is recorded. Each Stripe
// write is saved as progress before the next, with an idempotency key, so a retry after a
// failure resumes where it stopped and never cancels or refunds twice. A withdrawal's end and
// refund are keyed by the subscription and the payment, not the request, and taken by one
// request only (store.claimWithdrawal), so two withdrawals of one subscription refund once.

export interface WorkDeps {
  /** Undefined when no payment provider is configured: every request is queued for a person. */
  billing: Billing | undefined;
  mailer: Mailer;
  store: RequestStore;
  linkSecret: string;
  email: EmailContext;
  log: LogLine;
  now: () => Date;
}

/** The addresses to look up: as typed, and lower-cased (Stripe's e-mail filter is exact). */
function spellings(email: string): string[] {
  return [...new Set([email, email.toLowerCase()])];
}

/**
 * The address's live subscriptions, the ids of those it has that have already ended, and the id
 * of its first subscription, live or ended: the one the money-back guarantee covers.
 */
async function subscriptionsOf(
  billing: Billing,
  email: string,
): Promise<{ live: SubscriptionView[]; ended: string[]; first: string | undefined }> {
  const live = new Map<string, SubscriptionView>();
  const ended = new Set<string>();
  let first: SubscriptionView | undefined;
  for (const spelling of spellings(email)) {
    for (const subscription of await billing.findSubscriptions(spelling)) {
      if (LIVE_STATUSES.has(subscription.status)) live.set(subscription.id, subscription);
      else ended.add(subscription.id);
      if (first === undefined || firstOf(subscription, first) === subscription) {
        first = subscription;
      }
    }
  }
  return { live: [...live.values()], ended: [...ended], first: first?.id };
}

/** The earlier-started of two subscriptions; a tie goes to the smaller id, so it is stable. */
function firstOf(a: SubscriptionView, b: SubscriptionView): SubscriptionView {
  const byStart = a.startedAt.getTime() - b.startedAt.getTime();
  if (byStart !== 0) return byStart < 0 ? a : b;
  return a.id <= b.id ? a : b;
}

/**
 * The first fortnight's refund rule (_shared/contract.ts, FIRST_FORTNIGHT_REFUND): a first
 * subscription gets whichever is larger, its first payment in full or the pro-rata amount; a
 * later one gets the pro-rata amount.
 */
export function firstFortnightAmount(firstPayment: number, proRata: number, first: boolean) {
  return first ? Math.max(firstPayment, proRata) : proRata;
}

/**
 * What a withdrawal within the 14 days refunds: on the customer's `first` subscription its
 * first payment in full, as the money-back guarantee returns it; on a later one the payment,
 * less the share of its billing period that had passed when the statement arrived. A person
 * works it out when there is not exactly one paid invoice with a payment intent (and, for the
 * pro-rata amount, a known period).
 */
export async function withdrawalRefund(
  billing: Billing,
  subscription: SubscriptionView,
  receivedAt: Date,
  first = false,
): Promise<PlannedRefund> {
  const mark = first ? { first: true as const } : {};
  const invoices = await billing.paidInvoices(subscription.id);
  if (invoices.length === 0) return { operator: "no paid invoice was found", ...mark };
  if (invoices.length > 1) return { operator: "there is more than one payment", ...mark };
  const [invoice] = invoices;
  if (invoice === undefined) return { operator: "no paid invoice was found", ...mark };
  if (invoice.paymentIntent === undefined) {
    return { operator: "the payment has no payment intent", ...mark };
  }
  const start = subscription.currentPeriodStart ?? invoice.periodStart;
  const end = subscription.currentPeriodEnd ?? invoice.periodEnd;
  const known = start !== undefined && end !== undefined && end > start;
  if (!known && !first) return { operator: "the billing period is unknown" };
  const passed = known
    ? Math.min(
        1,
        Math.max(0, (receivedAt.getTime() - start.getTime()) / (end.getTime() - start.getTime())),
      )
    : 1;
  const proRata = invoice.amountPaid - Math.round(invoice.amountPaid * passed);
  const amount = firstFortnightAmount(invoice.amountPaid, proRata, first);
  if (amount <= 0) return { operator: "by our rules the amount to return is nothing", ...mark };
  return { paymentIntent: invoice.paymentIntent, amount, currency: invoice.currency, ...mark };
}

async function keepLinks(
  deps: WorkDeps,
  row: RequestRow,
  subscriptions: SubscriptionOutcome[],
  from: Date,
) {
  const links = new Map<string, KeepLink>();
  const expiresAt = keepLinkExpiry(from);
  for (const subscription of subscriptions) {
    if (subscription.action !== "cancel_at_period_end") continue;
    const token = await signKeepToken(deps.linkSecret, subscription.id, row.id, expiresAt);
    links.set(subscription.id, {
      subscriptionId: subscription.id,
      url: `${deps.email.siteUrl}${SITE_PATHS.cancelKeep}?token=${encodeURIComponent(token)}`,
      expiresAt,
    });
  }
  return links;
}

async function cancelAtPeriodEnd(
  billing: Billing,
  row: RequestRow,
  subscription: SubscriptionView,
  late: boolean,
): Promise<SubscriptionOutcome> {
  const updated = subscription.cancelAtPeriodEnd
    ? subscription
    : await billing.setCancelAtPeriodEnd(subscription.id, true, `${row.id}/${subscription.id}/end`);
  const end = updated.currentPeriodEnd ?? subscription.currentPeriodEnd;
  return {
    id: subscription.id,
    plan: subscription.planName,
    lastPaid: end?.toISOString(),
    action: "cancel_at_period_end",
    email: subscription.customerEmail,
    ...(late ? { late: true } : {}),
  };
}

/** Ends a subscription now; one that has already ended (an earlier try did it) counts as done. */
async function cancelOnce(billing: Billing, row: RequestRow, id: string): Promise<void> {
  try {
    await billing.cancelNow(id, `withdraw/${id}/cancel`);
  } catch (error) {
    if (!(error instanceof BillingError && error.kind === "not_changeable" && row.attempts > 0))
      throw error;
  }
}

/**
 * Sends the e-mail to `to` unless an earlier attempt did, and saves at once that it did: a
 * retry after a failure later on (the request's end not written, a lease lost) sends it again
 * only if it failed between the send and this save.
 */
async function sendOnce(
  deps: WorkDeps,
  row: RequestRow,
  outcome: Outcome,
  to: string,
  message: () => OutgoingEmail,
): Promise<void> {
  if (outcome.emailed?.some((sent) => sent.to === to)) return;
  const { outboxId } = await deps.mailer.send(message());
  outcome.emailed = [...(outcome.emailed ?? []), { to, outboxId }];
  await deps.store.saveProgress(row, outcome);
}

/** A request left to a person, as the operator's log reports it. */
function logQueued(deps: WorkDeps, row: RequestRow, reason: NonNullable<Outcome["queued"]>) {
  deps.log(
    JSON.stringify({
      level: "warn",
      event: "manage_request_queued",
      request: row.id,
      kind: row.kind,
      reason,
    }),
  );
}

/**
 * Without a payment provider: acknowledges a cancellation to the address given (a withdrawal's
 * receipt is already sent) and leaves the request to a person, as status `operator`.
 */
async function queueForPerson(deps: WorkDeps, row: RequestRow): Promise<"operator"> {
  const outcome: Outcome = { subscriptions: [], queued: "no_billing" };
  if (row.kind === "cancel" && row.email_outbox_id === null) {
    outcome.emailed = row.outcome?.emailed;
    const to = row.email ?? "";
    await sendOnce(deps, row, outcome, to, () =>
      cancellationQueuedEmail(deps.email, to, row.id, row.received_at),
    );
  }
  const outboxId =
    outcome.emailed === undefined
      ? row.email_outbox_id
      : outcome.emailed.map((sent) => sent.outboxId).join(",");
  const finished = await deps.store.finish(row, "operator", outcome, outboxId);
  if (!finished) throw new LeaseLostError();
  logQueued(deps, row, "no_billing");
  return "operator";
}

/** Runs (or resumes) the Stripe side of one request and e-mails its outcome. */
export async function performRequest(
  deps: WorkDeps,
  row: RequestRow,
): Promise<"done" | "operator"> {
  if (row.kind === "withdraw" && row.ack_outbox_id === null) await sendReceipt(deps, row);
  const billing = deps.billing;
  if (billing === undefined) return await queueForPerson(deps, row);
  const outcome: Outcome = row.outcome ?? { subscriptions: [] };
  const done = new Map(outcome.subscriptions.map((entry) => [entry.id, entry]));

  const save = async (entry: SubscriptionOutcome) => {
    done.set(entry.id, entry);
    outcome.subscriptions = [...done.values()];
    await deps.store.saveProgress(row, outcome);
  };

  if (!outcome.stripeDone) {
    const { live: found, ended, first } = await subscriptionsOf(billing, row.email ?? "");
    if (row.kind === "withdraw" && ended.length > 0) {
      const withdrawn = await deps.store.withdrawnAlready(ended);
      if (withdrawn.length > 0) outcome.withdrawnElsewhere = withdrawn;
    }
    for (const subscription of found) {
      if (done.has(subscription.id)) continue;
      const period = withdrawalPeriod(subscription.startedAt);
      const withdrawal = { lastDay: period.lastDay, endsAt: period.endsAt.toISOString() };
      const withinPeriod =
        row.kind === "withdraw" && withinWithdrawalPeriod(subscription.startedAt, row.received_at);
      if (!withinPeriod) {
        const late = row.kind === "withdraw";
        const entry = await cancelAtPeriodEnd(billing, row, subscription, late);
        await save(late ? { ...entry, withdrawal } : entry);
        continue;
      }
      // The refund is worked out from the current period before the subscription ends, and
      // saved, so a retry after the cancellation still knows it.
      const planned = await withdrawalRefund(
        billing,
        subscription,
        row.received_at,
        subscription.id === first,
      );
      await save({
        id: subscription.id,
        plan: subscription.planName,
        action: "canceled_now",
        email: subscription.customerEmail,
        withdrawal,
        planned,
      });
    }
    // Ends each withdrawn subscription and refunds it; resumes one a failure interrupted.
    for (const entry of [...done.values()]) {
      if (
        entry.action !== "canceled_now" ||
        entry.refund !== undefined ||
        entry.planned === undefined
      ) {
        continue;
      }
      if (!(await deps.store.claimWithdrawal(row, entry.id, entry.planned))) {
        // Another withdrawal of this subscription ends and refunds it, and e-mails about it.
        done.delete(entry.id);
        outcome.subscriptions = [...done.values()];
        outcome.withdrawnElsewhere = [...(outcome.withdrawnElsewhere ?? []), entry.id];
        await deps.store.saveProgress(row, outcome);
        continue;
      }
      await cancelOnce(billing, row, entry.id);
      const planned = entry.planned;
      const refund =
        "operator" in planned
          ? planned
          : {
              id: (
                await billing.refund(
                  planned.paymentIntent,
                  planned.amount,
                  `withdraw/${planned.paymentIntent}/refund`,
                )
              ).id,
              amount: planned.amount,
              currency: planned.currency,
              ...(planned.first ? { first: true as const } : {}),
            };
      await save({ ...entry, refund });
    }
    outcome.stripeDone = true;
    await deps.store.saveProgress(row, outcome);
  }

  // One e-mail per address on file, about the subscriptions under it.
  let outboxId: string | null = row.email_outbox_id;
  if (outboxId === null && outcome.subscriptions.length > 0) {
    const byAddress = new Map<string, SubscriptionOutcome[]>();
    for (const entry of outcome.subscriptions) {
      const to = entry.email || row.email || "";
      byAddress.set(to, [...(byAddress.get(to) ?? []), entry]);
    }
    const links = await keepLinks(deps, row, outcome.subscriptions, deps.now());
    for (const [to, entries] of byAddress) {
      await sendOnce(deps, row, outcome, to, () =>
        row.kind === "withdraw"
          ? withdrawalOutcomeEmail(deps.email, to, row.id, row.received_at, entries, links)
          : cancellationEmail(deps.email, to, row.id, row.received_at, entries, links),
      );
    }
    outboxId = (outcome.emailed ?? []).map((sent) => sent.outboxId).join(",");
  }
  // A withdrawal is a statement the law makes binding: one that matches nothing goes to a
  // person, who may find the subscription under another address, or owe a refund on one that
  // ended another way. One whose subscription another withdrawal ends has matched.
  const unmatched =
    row.kind === "withdraw" &&
    outcome.subscriptions.length === 0 &&
    (outcome.withdrawnElsewhere ?? []).length === 0;
  if (unmatched) outcome.queued = "no_match";
  const refundByPerson = outcome.subscriptions.some(
    (entry) => entry.refund !== undefined && "operator" in entry.refund,
  );
  const status = unmatched || refundByPerson ? "operator" : "done";
  if (!(await deps.store.finish(row, status, outcome, outboxId))) throw new LeaseLostError();
  if (refundByPerson) {
    deps.log(
      JSON.stringify({ level: "warn", event: "manage_withdrawal_needs_operator", request: row.id }),
    );
  }
  if (unmatched) logQueued(deps, row, "no_match");
  return status;
}

/** The acknowledgment of receipt, sent as soon as a withdrawal is recorded. */
export async function sendReceipt(deps: WorkDeps, row: RequestRow): Promise<void> {
  if (row.statement === null || row.ack_outbox_id !== null) return;
  const sent = await deps.mailer.send(
    withdrawalReceiptEmail(
      deps.email,
      row.id,
      row.received_at,
      row.email ?? "",
      row.statement,
      deps.billing !== undefined,
    ),
  );
  await deps.store.setAck(row, sent.outboxId);
  row.ack_outbox_id = sent.outboxId;
}

/**
 * Runs one request and records how it went. A failure is counted and retried later by
 * `retryDue`; after the last attempt the request is `failed`, which the log reports.
 */
export async function runRequest(deps: WorkDeps, row: RequestRow): Promise<void> {
  try {
    await performRequest(deps, row);
  } catch (error) {
    if (error instanceof LeaseLostError) {
      // Another worker took the request when this one's lease ran out: it carries on.
      deps.log(
        JSON.stringify({ level: "warn", event: "manage_request_lease_lost", request: row.id }),
      );
      return;
    }
    const kind =
      error instanceof BillingError
        ? `billing_${error.kind}`
        : error instanceof Error
          ? error.name
          : "unknown";
    let status: string = "unknown";
    try {
      status = await deps.store.failAttempt(row, kind);
    } catch {
      // The database is down as well: the row stays pending and its lock runs out.
    }
    deps.log(
      JSON.stringify({
        level: status === "failed" ? "error" : "warn",
        event: status === "failed" ? "manage_request_failed" : "manage_request_retry",
        request: row.id,
        kind: row.kind,
        reason: kind,
        ...(error instanceof BillingError ? error.details : {}),
      }),
    );
  }
}

/** Works through requests that are due again (the server calls this periodically). */
export async function retryDue(deps: WorkDeps, limit = 10): Promise<number> {
  const rows = await deps.store.claimDue(limit);
  for (const row of rows) {
    // A keep answers its visitor at once; one interrupted before its answer is not redone.
    if (row.kind === "keep") await deps.store.giveUp(row, "keep_interrupted");
    // A request whose workers kept dying is not tried forever.
    else if (row.attempts >= MAX_ATTEMPTS) await deps.store.giveUp(row, "abandoned");
    else await runRequest(deps, row);
  }
  await deps.store.prune();
  return rows.length;
}
