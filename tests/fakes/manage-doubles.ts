import type { Mailer, OutgoingEmail } from "../../supabase/functions/_shared/email.ts";
import type { RateLimiter } from "../../supabase/functions/_shared/rate-limit.ts";
import {
  BillingError,
  type Billing,
  type PaidInvoice,
  type SubscriptionView,
} from "../../supabase/functions/manage-subscription/billing.ts";
import {
  LeaseLostError,
  type HeldRequest,
  type Outcome,
  type RequestRow,
  type RequestStore,
} from "../../supabase/functions/manage-subscription/store.ts";

// In-memory stand-ins for the manage-subscription function's ports: billing, mailer, store and
// limiters. Each records what it was asked, so a test can assert the calls made.

const DAY = 24 * 60 * 60 * 1000;

export type BillingCall =
  | { op: "find"; email: string }
  | { op: "update"; id: string; value: boolean }
  | { op: "cancel"; id: string }
  | { op: "invoices"; id: string }
  | { op: "refund"; paymentIntent: string; amount: number };

export interface MemoryBilling extends Billing {
  calls: BillingCall[];
  subscriptions: Map<string, SubscriptionView>;
  invoices: Map<string, PaidInvoice[]>;
  /** The next `times` calls fail as the provider being down. */
  failNext(times?: number): void;
  add(partial: Partial<SubscriptionView> & { customerEmail: string }): SubscriptionView;
}

export function memoryBilling(now = () => new Date()): MemoryBilling {
  const subscriptions = new Map<string, SubscriptionView>();
  const invoices = new Map<string, PaidInvoice[]>();
  const calls: BillingCall[] = [];
  let failures = 0;
  let counter = 0;
  const gate = () => {
    if (failures > 0) {
      failures -= 1;
      throw new BillingError("unavailable", { stripeType: "api_error" });
    }
  };
  const get = (id: string) => {
    const found = subscriptions.get(id);
    if (found === undefined || found.status === "canceled")
      throw new BillingError("not_changeable");
    return found;
  };
  return {
    calls,
    subscriptions,
    invoices,
    failNext(times = 1) {
      failures += times;
    },
    add(partial) {
      counter += 1;
      const start = now().getTime();
      const view: SubscriptionView = {
        id: `sub_mem${counter}`,
        customerId: `cus_mem${counter}`,
        status: "active",
        cancelAtPeriodEnd: false,
        planName: "Pro",
        startedAt: new Date(start - 30 * DAY),
        currentPeriodStart: new Date(start - 10 * DAY),
        currentPeriodEnd: new Date(start + 20 * DAY),
        ...partial,
      };
      subscriptions.set(view.id, view);
      invoices.set(view.id, [
        {
          id: `in_mem${counter}`,
          amountPaid: 14_900,
          currency: "usd",
          paymentIntent: `pi_mem${counter}`,
          periodStart: view.currentPeriodStart,
          periodEnd: view.currentPeriodEnd,
        },
      ]);
      return view;
    },
    async findSubscriptions(email) {
      calls.push({ op: "find", email });
      gate();
      return [...subscriptions.values()]
        .filter((s) => s.customerEmail === email)
        .map((s) => ({ ...s }));
    },
    async setCancelAtPeriodEnd(id, value) {
      calls.push({ op: "update", id, value });
      gate();
      const subscription = get(id);
      subscription.cancelAtPeriodEnd = value;
      return { ...subscription };
    },
    async cancelNow(id) {
      calls.push({ op: "cancel", id });
      gate();
      get(id).status = "canceled";
    },
    async paidInvoices(id) {
      calls.push({ op: "invoices", id });
      gate();
      return invoices.get(id) ?? [];
    },
    async refund(paymentIntent, amount) {
      calls.push({ op: "refund", paymentIntent, amount });
      gate();
      return { id: `re_${paymentIntent}` };
    },
  };
}

export interface MemoryMailer extends Mailer {
  sent: OutgoingEmail[];
  failNext(times?: number): void;
}

export function memoryMailer(): MemoryMailer {
  const sent: OutgoingEmail[] = [];
  let failures = 0;
  return {
    sent,
    failNext(times = 1) {
      failures += times;
    },
    async send(message) {
      if (failures > 0) {
        failures -= 1;
        throw new Error("outbox unavailable");
      }
      sent.push(message);
      return { outboxId: `outbox-${sent.length}`, status: "local" };
    },
    async retryQueued() {
      return 0;
    },
  };
}

export interface MemoryStore extends RequestStore {
  rows: Map<string, RequestRow & { last_error?: string; next_attempt_at: number }>;
  /** Subscription id → the withdrawal request that holds its claim, and the payment. */
  withdrawals: Map<string, { requestId: string; paymentIntent: string | null }>;
  /** Every store call rejects as a database that is down. */
  down: boolean;
}

export class FakeDatabaseDown extends Error {
  // What postgres.js reports for a refused connection: read by isUnavailableError.
  readonly code = "ECONNREFUSED";
}

export function memoryStore(): MemoryStore {
  const rows: MemoryStore["rows"] = new Map();
  const withdrawals: MemoryStore["withdrawals"] = new Map();
  let counter = 0;
  // As the table's: a write counts only while the caller's lease token still holds the row.
  const held = (request: HeldRequest) => {
    const row = rows.get(request.id);
    return row !== undefined && row.lease_owner !== null && row.lease_owner === request.lease_owner
      ? row
      : undefined;
  };
  const store: MemoryStore = {
    rows,
    withdrawals,
    down: false,
    async record({ kind, email, statement, subscriptionId }) {
      if (store.down) throw new FakeDatabaseDown("down");
      counter += 1;
      const row = {
        id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
        kind,
        email: email ?? null,
        statement: statement ?? null,
        subscription_id: subscriptionId ?? null,
        received_at: new Date(),
        status: "pending" as const,
        attempts: 0,
        outcome: null,
        ack_outbox_id: null,
        email_outbox_id: null,
        lease_owner: crypto.randomUUID() as string | null,
        next_attempt_at: Number.POSITIVE_INFINITY,
      };
      rows.set(row.id, row);
      return structuredClone(row);
    },
    async claimDue(limit) {
      if (store.down) throw new FakeDatabaseDown("down");
      return [...rows.values()]
        .filter((row) => row.status === "pending" && row.next_attempt_at <= Date.now())
        .slice(0, limit)
        .map((row) => {
          row.next_attempt_at = Number.POSITIVE_INFINITY;
          row.lease_owner = crypto.randomUUID();
          return structuredClone(row);
        });
    },
    async saveProgress(request, outcome: Outcome) {
      if (store.down) throw new FakeDatabaseDown("down");
      const row = held(request);
      if (row === undefined) throw new LeaseLostError();
      row.outcome = structuredClone(outcome);
    },
    async setAck(request, outboxId) {
      if (store.down) throw new FakeDatabaseDown("down");
      const row = held(request);
      if (row === undefined) throw new LeaseLostError();
      row.ack_outbox_id = outboxId;
    },
    async finish(request, status, outcome, emailOutboxId) {
      if (store.down) throw new FakeDatabaseDown("down");
      const row = held(request);
      if (row === undefined) return false;
      Object.assign(row, {
        status,
        outcome: structuredClone(outcome),
        email_outbox_id: emailOutboxId ?? row.email_outbox_id,
        lease_owner: null,
      });
      return true;
    },
    async failAttempt(request, error) {
      if (store.down) throw new FakeDatabaseDown("down");
      const row = held(request);
      if (row === undefined) return "lease_lost";
      row.attempts += 1;
      row.last_error = error;
      row.status = row.attempts >= 6 ? "failed" : "pending";
      row.lease_owner = null;
      // Due at once, so a test's retry picks it up.
      row.next_attempt_at = Date.now();
      return row.status;
    },
    async giveUp(request, reason) {
      const row = held(request);
      if (row === undefined) return false;
      row.status = "failed";
      row.last_error = reason;
      row.lease_owner = null;
      return true;
    },
    async claimWithdrawal(request, subscriptionId, planned) {
      if (store.down) throw new FakeDatabaseDown("down");
      const paymentIntent = "paymentIntent" in planned ? planned.paymentIntent : null;
      const holder = withdrawals.get(subscriptionId);
      if (holder !== undefined) return holder.requestId === request.id;
      const paid = [...withdrawals.values()].some(
        (claim) => paymentIntent !== null && claim.paymentIntent === paymentIntent,
      );
      if (paid) return false;
      withdrawals.set(subscriptionId, { requestId: request.id, paymentIntent });
      return true;
    },
    async withdrawnAlready(subscriptionIds) {
      if (store.down) throw new FakeDatabaseDown("down");
      return subscriptionIds.filter((id) => withdrawals.has(id));
    },
    async latestCancellation(subscriptionId) {
      if (store.down) throw new FakeDatabaseDown("down");
      const cancellations = [...rows.values()].filter(
        (row) =>
          row.kind !== "keep" &&
          (row.outcome?.subscriptions ?? []).some(
            (entry) => entry.id === subscriptionId && entry.action === "cancel_at_period_end",
          ),
      );
      return cancellations.at(-1)?.id ?? null;
    },
    async prune() {
      return 0;
    },
  };
  return store;
}

/** A fixed-window limiter in memory, with the database limiter's async signature. */
export function memoryLimiter(limit: number): RateLimiter & { hits: Map<string, number> } {
  const hits = new Map<string, number>();
  return {
    hits,
    async hit(key) {
      const count = (hits.get(key) ?? 0) + 1;
      hits.set(key, count);
      return count <= limit ? { allowed: true } : { allowed: false, retryAfterSeconds: 60 };
    },
  };
}
