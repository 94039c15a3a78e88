import type { Mailer, OutgoingEmail } from "../../supabase/functions/_shared/email.ts";
import type { RateLimiter } from "../../supabase/functions/_shared/rate-limit.ts";
import {
  BillingError,
  sameAddress,
  type Billing,
  type PaidInvoice,
  type SubscriptionView,
} from "../../supabase/functions/manage-subscription/billing.ts";

// In-memory stand-ins for the manage-subscription function's outside parties: billing, mailer
// and a limiter. Each records what it was asked, so a test can assert the calls made. The
// request store has none: tests use the real one on a test database (tests/db/manage-store.ts).

const DAY = 24 * 60 * 60 * 1000;

export type BillingCall =
  | { op: "find"; email: string }
  | { op: "update"; id: string; value: boolean }
  | { op: "cancel"; id: string }
  | { op: "retrieve"; id: string }
  | { op: "invoices"; id: string }
  | { op: "void"; id: string }
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
    async findSubscriptions(email, known = []) {
      calls.push({ op: "find", email });
      gate();
      // As the Stripe billing does: every customer with the address in any case.
      const customers = new Set(known.map((customer) => customer.id));
      return [...subscriptions.values()]
        .filter((s) => sameAddress(s.customerEmail, email) || customers.has(s.customerId))
        .map((s) => ({ ...s }));
    },
    async setCancelAtPeriodEnd(id, value) {
      calls.push({ op: "update", id, value });
      gate();
      const subscription = get(id);
      subscription.cancelAtPeriodEnd = value;
      return { ...subscription };
    },
    async retrieveSubscription(id) {
      calls.push({ op: "retrieve", id });
      gate();
      const found = subscriptions.get(id);
      if (found === undefined) throw new BillingError("not_changeable");
      // As the Stripe billing does, with the customer expanded: the address on file.
      return { ...found };
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
    async voidOpenInvoices(id) {
      calls.push({ op: "void", id });
      gate();
      return [];
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
