import {
  SITE_PATHS,
  STRANGER_WITHDRAWAL_DELAY_HOURS,
  withdrawalPeriod,
  withinWithdrawalPeriod,
} from "../_shared/contract.ts";
import type { Mailer, OutgoingEmail } from "../_shared/email.ts";
import { canonicalMailbox } from "../_shared/mailbox.ts";
import type { LogLine } from "../_shared/serve.ts";
import {
  BillingError,
  LIVE_STATUSES,
  type Billing,
  type KnownCustomer,
  type SubscriptionView,
} from "./billing.ts";
import {
  cancellationEmail,
  cancellationQueuedEmail,
  withdrawalOutcomeEmail,
  withdrawalPendingEmail,
  withdrawalReceiptEmail,
  type EmailContext,
  type KeepLink,
} from "./emails.ts";
import { keepLinkExpiry, signKeepToken } from "./link-token.ts";
import { unmatchedCancellationEmail } from "./unmatched.ts";
import {
  LeaseLostError,
  MAX_ATTEMPTS,
  type Outcome,
  type RequestRow,
  type RequestStore,
  type PlannedRefund,
  type SubscriptionOutcome,
  WithdrawalUnderWayError,
} from "./store.ts";

// The work behind a cancellation or a withdrawal, after the request is recorded. Each Stripe
// write is saved as progress before the next, with an idempotency key, so a retry after a
// failure resumes where it stopped and never cancels or refunds twice. A withdrawal's end and
// refund (and a first-fortnight cancellation's, which takes the same path) are keyed by the
// subscription and the payment, not the request, and taken by one request only
// (store.claimWithdrawal), so two withdrawals, or a cancel and a withdrawal, refund once.
// Every check-write-save on a subscription, and the re-read before its e-mail, runs while the
// request holds that subscription (store.withSubscription), so a cancellation, a keep and a
// withdrawal of it never interleave: what the newest e-mail says is what Stripe holds.

export interface WorkDeps {
  /** Undefined when no payment provider is configured: every request is queued for a person. */
  billing: Billing | undefined;
  mailer: Mailer;
  store: RequestStore;
  linkSecret: string;
  email: EmailContext;
  log: LogLine;
  now: () => Date;
  /**
   * The customers the subscriptions mirror has under the address's mailbox, any spelling
   * (the stripe-webhook function keeps it); absent in tests that have no mirror.
   */
  mirror?: (email: string) => Promise<KnownCustomer[]>;
  /**
   * Whether a cancellation that matched nothing may e-mail its receipt to this address now
   * (unmatched.ts: one a day per mailbox); absent: always.
   */
  unmatchedReceipt?: (email: string) => Promise<boolean>;
}

/**
 * The address's live subscriptions, the ids of those it has that have already ended, and the id
 * of its first subscription, live or ended, the one the money-back guarantee covers: the
 * mirror's customers first, then Stripe's for what predates the webhook (billing.ts).
 */
export async function subscriptionsOf(
  deps: Pick<WorkDeps, "mirror">,
  billing: Billing,
  email: string,
): Promise<{ live: SubscriptionView[]; ended: string[]; first: string | undefined }> {
  const live = new Map<string, SubscriptionView>();
  const ended = new Set<string>();
  let first: SubscriptionView | undefined;
  const known = deps.mirror === undefined ? [] : await deps.mirror(email);
  for (const subscription of await billing.findSubscriptions(email, known)) {
    if (LIVE_STATUSES.has(subscription.status)) live.set(subscription.id, subscription);
    else ended.add(subscription.id);
    if (first === undefined || firstOf(subscription, first) === subscription) first = subscription;
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
 * The unused part of a payment `amount` for the period from `start` to `end`, as of `at`: the
 * amount less the share of the period that had passed, rounded to the smallest unit. The one
 * pro-rata rule: a withdrawal's refund and ending an older subscription (end-older.ts) use it.
 */
export function unusedPart(amount: number, start: Date, end: Date, at: Date): number {
  const length = end.getTime() - start.getTime();
  if (length <= 0) return 0;
  const passed = Math.min(1, Math.max(0, (at.getTime() - start.getTime()) / length));
  return amount - Math.round(amount * passed);
}

/**
 * Whether a cancellation of `subscription`, received at `receivedAt`, takes the withdrawal's
 * path (_shared/contract.ts, CANCEL_EFFECT): the customer's `first` subscription, within the
 * withdrawal period from its start (its first payment), ends now with the first fortnight's
 * refund. One that is past due does not: its failed invoice is voided and it ends at the
 * period's end, as every other cancellation does.
 */
export function cancelEndsNow(
  subscription: Pick<SubscriptionView, "id" | "status" | "startedAt">,
  first: string | undefined,
  receivedAt: Date,
): boolean {
  return (
    subscription.id === first &&
    subscription.status !== "past_due" &&
    withinWithdrawalPeriod(subscription.startedAt, receivedAt)
  );
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
  const proRata = known ? unusedPart(invoice.amountPaid, start, end, receivedAt) : 0;
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
    const waiting = subscription.action === "withdrawal_pending";
    if (subscription.action !== "cancel_at_period_end" && !waiting) continue;
    // A waiting withdrawal's link stops it until it acts, and then has nothing left to stop.
    const until =
      waiting && subscription.dueAt !== undefined ? new Date(subscription.dueAt) : expiresAt;
    const token = await signKeepToken(deps.linkSecret, subscription.id, row.id, until);
    links.set(subscription.id, {
      subscriptionId: subscription.id,
      url: `${deps.email.siteUrl}${SITE_PATHS.cancelKeep}?token=${encodeURIComponent(token)}`,
      expiresAt: until,
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
  // Always written, never skipped on what an earlier read said: a keep may have landed since.
  const updated = await billing.setCancelAtPeriodEnd(
    subscription.id,
    true,
    `${row.id}/${subscription.id}/end`,
  );
  // A failed renewal's invoice stays open and Stripe keeps trying to collect it: voided, so
  // "you are not charged again" holds for a subscription canceled while past due.
  if (subscription.status === "past_due") {
    await billing.voidOpenInvoices(subscription.id, `${row.id}/${subscription.id}/void`);
  }
  const end = updated.currentPeriodEnd ?? subscription.currentPeriodEnd;
  return {
    id: subscription.id,
    plan: subscription.planName,
    lastPaid: end?.toISOString(),
    action: "cancel_at_period_end",
    email: subscription.customerEmail,
    ...(late ? { late: true } : {}),
    ...(subscription.status === "past_due" ? { unpaid: true } : {}),
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
  /** Tells apart two e-mails of one request to one address (a notice, then the outcome). */
  what = "",
): Promise<void> {
  const key = `${what}${to}`;
  if (outcome.emailed?.some((sent) => sent.to === key)) return;
  const { outboxId } = await deps.mailer.send(message());
  outcome.emailed = [...(outcome.emailed ?? []), { to: key, outboxId }];
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

/** Holds every subscription in `ids` (in one order, so two holders never wait on each other). */
async function holdingAll<T>(
  deps: WorkDeps,
  ids: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const [first, ...rest] = [...new Set(ids)].sort();
  if (first === undefined) return await work();
  return await deps.store.withSubscription(first, () => holdingAll(deps, rest, work));
}

/** When a withdrawal confirmed to another mailbox than the one on file acts. */
export function strangerWithdrawalDue(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + STRANGER_WITHDRAWAL_DELAY_HOURS * 60 * 60 * 1000);
}

/** Whether the confirmation goes to another mailbox than the subscription's address on file. */
function confirmedElsewhere(row: RequestRow, onFile: string): boolean {
  const confirmTo = row.statement?.confirmTo;
  return confirmTo !== undefined && canonicalMailbox(confirmTo) !== canonicalMailbox(onFile);
}

/** Runs (or resumes) the Stripe side of one request and e-mails its outcome. */
export async function performRequest(
  deps: WorkDeps,
  row: RequestRow,
): Promise<"done" | "operator" | "waiting"> {
  if (row.kind === "withdraw" && row.ack_outbox_id === null) await sendReceipt(deps, row);
  const billing = deps.billing;
  if (billing === undefined) return await queueForPerson(deps, row);
  const outcome: Outcome = row.outcome ?? { subscriptions: [] };
  const done = new Map(outcome.subscriptions.map((entry) => [entry.id, entry]));
  const now = deps.now();

  const save = async (entry: SubscriptionOutcome) => {
    done.set(entry.id, entry);
    outcome.subscriptions = [...done.values()];
    await deps.store.saveProgress(row, outcome);
  };
  const withdrawnElsewhere = async (id: string) => {
    done.delete(id);
    outcome.subscriptions = [...done.values()];
    outcome.withdrawnElsewhere = [...new Set([...(outcome.withdrawnElsewhere ?? []), id])];
    await deps.store.saveProgress(row, outcome);
  };

  if (!outcome.stripeDone) {
    const { live: found, ended, first } = await subscriptionsOf(deps, billing, row.email ?? "");
    if (row.kind === "withdraw" && ended.length > 0) {
      const withdrawn = await deps.store.withdrawnAlready(ended);
      if (withdrawn.length > 0) outcome.withdrawnElsewhere = withdrawn;
    }
    for (const subscription of found) {
      const earlier = done.get(subscription.id);
      if (earlier !== undefined && earlier.action !== "withdrawal_pending") continue;
      const period = withdrawalPeriod(subscription.startedAt);
      const withdrawal = { lastDay: period.lastDay, endsAt: period.endsAt.toISOString() };
      // A first subscription's cancellation within the period is refunded as a withdrawal is,
      // under the same claim and idempotency keys, so a cancel and a withdrawal refund once.
      const withinPeriod =
        row.kind === "withdraw"
          ? withinWithdrawalPeriod(subscription.startedAt, row.received_at)
          : cancelEndsNow(subscription, first, row.received_at);
      if (!withinPeriod) {
        const late = row.kind === "withdraw";
        // Check, write and save as one step on the subscription: a subscription a withdrawal
        // has taken is left to it, so it gets no cancellation (nor an undo link) as well.
        const taken = await deps.store.withSubscription(subscription.id, async () => {
          if ((await deps.store.withdrawnAlready([subscription.id])).length > 0) return true;
          const entry = await cancelAtPeriodEnd(billing, row, subscription, late);
          await save(late ? { ...entry, withdrawal } : entry);
          return false;
        });
        if (taken) await withdrawnElsewhere(subscription.id);
        continue;
      }
      const onFile = subscription.customerEmail || row.email || "";
      const waited = confirmedElsewhere(row, onFile);
      if (waited) {
        const dueAt = strangerWithdrawalDue(row.received_at);
        if (earlier === undefined) {
          await save({
            id: subscription.id,
            plan: subscription.planName,
            action: "withdrawal_pending",
            email: subscription.customerEmail,
            withdrawal,
            dueAt: dueAt.toISOString(),
          });
        }
        if (now.getTime() < dueAt.getTime()) continue;
      }
      // The refund is worked out from the moment the statement arrived, before the
      // subscription ends, and saved, so a retry after the cancellation still knows it.
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
        ...(waited ? { dueAt: strangerWithdrawalDue(row.received_at).toISOString() } : {}),
      });
    }

    // A waiting withdrawal: the owner is told, with the link that stops it, and the request is
    // set aside until the wait is over (runDueWork takes it up again then).
    const waiting = [...done.values()].filter(
      (entry) =>
        entry.action === "withdrawal_pending" &&
        entry.dueAt !== undefined &&
        now.getTime() < new Date(entry.dueAt).getTime(),
    );
    if (waiting.length > 0) {
      const links = await keepLinks(deps, row, waiting, now);
      for (const [to, entries] of byAddress(row, waiting)) {
        await sendOnce(
          deps,
          row,
          outcome,
          to,
          () => withdrawalPendingEmail(deps.email, to, row.id, row.received_at, entries, links),
          "notice:",
        );
      }
      const until = Math.min(...waiting.map((entry) => new Date(entry.dueAt ?? 0).getTime()));
      await deps.store.postpone(row, outcome, new Date(until));
      return "waiting";
    }
    // A waiting withdrawal whose subscription ended another way meanwhile: a person checks
    // whether a refund is still owed.
    for (const entry of [...done.values()]) {
      if (entry.action !== "withdrawal_pending") continue;
      done.delete(entry.id);
      outcome.subscriptions = [...done.values()];
      outcome.queued = "ended_while_waiting";
      await deps.store.saveProgress(row, outcome);
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
      const planned = entry.planned;
      const result = await deps.store.withSubscription(entry.id, async () => {
        // The owner's "this wasn't me" (a keep after the statement) stops a withdrawal that
        // waited; a keep can only land before this check or after the end below.
        if (entry.dueAt !== undefined && (await deps.store.keptSince(entry.id, row.received_at))) {
          const stopped: SubscriptionOutcome = { ...entry, action: "stopped" };
          delete stopped.planned;
          await save(stopped);
          return "stopped" as const;
        }
        if (!(await deps.store.claimWithdrawal(row, entry.id, planned)))
          return "elsewhere" as const;
        await cancelOnce(billing, row, entry.id);
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
        return "ended" as const;
      });
      // Another withdrawal of this subscription ends and refunds it, and e-mails about it.
      if (result === "elsewhere") await withdrawnElsewhere(entry.id);
    }
    outcome.stripeDone = true;
    await deps.store.saveProgress(row, outcome);
  }

  // One e-mail per address on file, about the subscriptions under it.
  let outboxId: string | null = row.email_outbox_id;
  const reported = outcome.subscriptions.filter(
    (entry) => entry.action === "cancel_at_period_end" || entry.action === "canceled_now",
  );
  if (outboxId === null && reported.length > 0) {
    const ending = reported
      .filter((entry) => entry.action === "cancel_at_period_end")
      .map((entry) => entry.id);
    // A withdrawal of this address that arrived alongside may be about to end the subscription:
    // the e-mail, with its undo link, waits for it (a retry, a minute later), never the end.
    if (
      row.kind === "cancel" &&
      ending.length > 0 &&
      (await deps.store.withdrawalUnderWay(row.email ?? "", row.id))
    ) {
      throw new WithdrawalUnderWayError();
    }
    // Re-read while holding the subscriptions: a cancellation is e-mailed only if Stripe still
    // has it ending and no withdrawal took it, and no keep lands between the read and the send.
    await holdingAll(deps, ending, async () => {
      const still = new Set<string>();
      if (ending.length > 0) {
        const { live } = await subscriptionsOf(deps, billing, row.email ?? "");
        const withdrawn = new Set(await deps.store.withdrawnAlready(ending));
        for (const subscription of live) {
          if (subscription.cancelAtPeriodEnd && !withdrawn.has(subscription.id)) {
            still.add(subscription.id);
          }
        }
      }
      const current = reported.filter(
        (entry) => entry.action === "canceled_now" || still.has(entry.id),
      );
      const links = await keepLinks(deps, row, current, deps.now());
      for (const [to, entries] of byAddress(row, current)) {
        await sendOnce(deps, row, outcome, to, () =>
          row.kind === "withdraw"
            ? withdrawalOutcomeEmail(deps.email, to, row.id, row.received_at, entries, links)
            : cancellationEmail(deps.email, to, row.id, row.received_at, entries, links),
        );
      }
    });
    const sent = outcome.emailed ?? [];
    outboxId = sent.length === 0 ? null : sent.map((entry) => entry.outboxId).join(",");
  }
  // Nothing under the address: the receipt says so, and what to do if another was used.
  const matchedNothing =
    row.kind === "cancel" &&
    outcome.subscriptions.length === 0 &&
    (outcome.withdrawnElsewhere ?? []).length === 0;
  if (matchedNothing && outboxId === null && row.email !== null) {
    const to = row.email;
    if (
      outcome.emailed?.some((entry) => entry.to === `unmatched:${to}`) ||
      deps.unmatchedReceipt === undefined ||
      (await deps.unmatchedReceipt(to))
    ) {
      await sendOnce(
        deps,
        row,
        outcome,
        to,
        () => unmatchedCancellationEmail(deps.email, to, row.id, row.received_at),
        "unmatched:",
      );
      outboxId = (outcome.emailed ?? []).map((entry) => entry.outboxId).join(",") || null;
    }
  }
  // A withdrawal is a statement the law makes binding: one that matches nothing goes to a
  // person, who may find the subscription under another address, or owe a refund on one that
  // ended another way. One whose subscription another withdrawal ends has matched.
  const unmatched =
    row.kind === "withdraw" &&
    outcome.subscriptions.length === 0 &&
    (outcome.withdrawnElsewhere ?? []).length === 0 &&
    outcome.queued === undefined;
  if (unmatched) outcome.queued = "no_match";
  const refundByPerson = outcome.subscriptions.some(
    (entry) => entry.refund !== undefined && "operator" in entry.refund,
  );
  const endedWhileWaiting = outcome.queued === "ended_while_waiting";
  const status = unmatched || refundByPerson || endedWhileWaiting ? "operator" : "done";
  if (!(await deps.store.finish(row, status, outcome, outboxId))) throw new LeaseLostError();
  if (refundByPerson) {
    deps.log(
      JSON.stringify({ level: "warn", event: "manage_withdrawal_needs_operator", request: row.id }),
    );
  }
  if (unmatched) logQueued(deps, row, "no_match");
  if (endedWhileWaiting) logQueued(deps, row, "ended_while_waiting");
  return status;
}

/** The entries to report, grouped by the address on file each is under. */
function byAddress(
  row: RequestRow,
  entries: readonly SubscriptionOutcome[],
): Map<string, SubscriptionOutcome[]> {
  const grouped = new Map<string, SubscriptionOutcome[]>();
  for (const entry of entries) {
    const to = entry.email || row.email || "";
    grouped.set(to, [...(grouped.get(to) ?? []), entry]);
  }
  return grouped;
}

/** The acknowledgment of receipt, sent as soon as a withdrawal is recorded. */
export async function sendReceipt(deps: WorkDeps, row: RequestRow): Promise<void> {
  if (row.statement === null || row.ack_outbox_id !== null) return;
  const email = row.email ?? "";
  const sent = await deps.mailer.send(
    withdrawalReceiptEmail(
      deps.email,
      row.id,
      row.received_at,
      email,
      row.statement,
      deps.billing !== undefined,
      canonicalMailbox(row.statement.confirmTo) === canonicalMailbox(email),
    ),
  );
  await deps.store.setAck(row, sent.outboxId);
  row.ack_outbox_id = sent.outboxId;
}

/**
 * Runs one request and records how it went. A failure is counted and retried later by
 * `runDueWork`; after the last attempt the request is `failed`, which the log reports.
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

/**
 * Works through the requests that are due at `now`: retries, and withdrawals whose wait is
 * over. The due-work runner (jobs.ts) calls it each minute: Supabase Cron through the jobs
 * route, the Node server on its interval, `npm run jobs` by hand. Returns how many it took.
 */
export async function runDueWork(deps: WorkDeps, now: Date, limit = 10): Promise<number> {
  const at: WorkDeps = { ...deps, now: () => now };
  const rows = await deps.store.claimDue(limit, now);
  for (const row of rows) {
    // A keep answers its visitor at once; one interrupted before its answer is not redone.
    if (row.kind === "keep") await deps.store.giveUp(row, "keep_interrupted");
    // A request whose workers kept dying is not tried forever.
    else if (row.attempts >= MAX_ATTEMPTS) await deps.store.giveUp(row, "abandoned");
    else await runRequest(at, row);
  }
  await deps.store.prune();
  return rows.length;
}
