import Stripe from "stripe";
import { apiBaseOptions } from "../_shared/stripe-settings.ts";
import {
  BillingError,
  sameAddress,
  type Billing,
  type PaidInvoice,
  type SubscriptionView,
} from "./billing.ts";

// The Stripe calls this function makes, and only these: customers.search, customers.list,
// customers.retrieve, subscriptions.list, subscriptions.retrieve, subscriptions.update,
// subscriptions.cancel, invoices.list, invoices.voidInvoice and refunds.create. A restricted key
// needs Customers read, Subscriptions write, Invoices write and Refunds write.

/** One try at Stripe; the work runs after the visitor's answer, so it may take its time. */
export const STRIPE_TRY_TIMEOUT_MS = 8_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** Customers (and their subscriptions) read per address: more is not a person. */
const LIST_LIMIT = 20;
/** Customers read, newest first, to match an address in any case when search is missing. */
export const SCAN_LIMIT = 500;

export interface StripeBillingConfig {
  secretKey: string;
  apiBase?: URL;
  /** Stripe price id → the plan's name on this site. */
  planNames: ReadonlyMap<string, string>;
  timeoutMs?: number;
}

type Loose = Record<string, unknown>;
const seconds = (value: unknown) =>
  typeof value === "number" ? new Date(value * 1000) : undefined;
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const idOf = (value: unknown) =>
  text(value) ??
  (typeof value === "object" && value !== null ? text((value as Loose).id) : undefined);

export function createStripeBilling(config: StripeBillingConfig): Billing {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.timeoutMs ?? STRIPE_TRY_TIMEOUT_MS,
    httpClient: Stripe.createFetchHttpClient(),
    ...apiBaseOptions(config.apiBase),
  });

  /**
   * Reads both API shapes: before 2025-03-31 the period sat on the subscription; since then
   * (this SDK's version) it sits on each item, and the subscription's runs to the earliest.
   */
  function view(subscription: Stripe.Subscription, email: string): SubscriptionView {
    const raw = subscription as unknown as Loose;
    const items = ((raw.items as Loose | undefined)?.data as Loose[] | undefined) ?? [];
    const ends = items
      .map((item) => seconds(item.current_period_end))
      .filter((d) => d !== undefined);
    const starts = items
      .map((item) => seconds(item.current_period_start))
      .filter((d) => d !== undefined);
    const earliest = (dates: Date[]) =>
      dates.length === 0 ? undefined : new Date(Math.min(...dates.map((d) => d.getTime())));
    const priceId = idOf((items[0]?.price as Loose | undefined) ?? items[0]?.plan);
    return {
      id: subscription.id,
      customerId: idOf(raw.customer) ?? "",
      customerEmail: email,
      status: String(raw.status ?? ""),
      cancelAtPeriodEnd: raw.cancel_at_period_end === true,
      planName: priceId === undefined ? undefined : config.planNames.get(priceId),
      startedAt: seconds(raw.start_date) ?? seconds(raw.created) ?? new Date(0),
      currentPeriodStart: seconds(raw.current_period_start) ?? earliest(starts),
      currentPeriodEnd: seconds(raw.current_period_end) ?? earliest(ends),
    };
  }

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toBillingError(error);
    }
  }

  return {
    findSubscriptions: (email, known = []) =>
      call(async () => {
        const matching = new Map<string, string>();
        for (const customer of known) matching.set(customer.id, customer.email);
        // Only a customer whose address is the typed one, in any case, is ever touched: a
        // stand-in or proxy that ignored a filter never hands us someone else's subscription.
        const take = (customers: readonly Stripe.Customer[]) => {
          for (const customer of customers) {
            const onFile = text(customer.email);
            if (onFile !== undefined && sameAddress(onFile, email)) {
              matching.set(customer.id, onFile);
            }
          }
        };
        // Search compares the address without regard to case but lags writes by up to a
        // minute; list is exact and current. Both, deduplicated by customer id.
        const searched = await stripe.customers
          .search({
            query: `email:"${email.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
            limit: LIST_LIMIT,
          })
          // Refused (4xx), unknown to a stand-in (a 404, or a page that is not JSON), or not a
          // search result: list still works. An outage, or a rate limit, fails the look-up.
          .then((result) => (Array.isArray(result?.data) ? result : undefined))
          .catch((error: unknown) => {
            if (searchMissing(error)) return undefined;
            throw error;
          });
        take(searched?.data ?? []);
        for (const spelling of new Set([email, email.toLowerCase()])) {
          take((await stripe.customers.list({ email: spelling, limit: LIST_LIMIT })).data);
        }
        if (searched === undefined) {
          // Without search, list's exact filter misses Jane@Example.com typed in lower case:
          // the newest customers are read and compared without regard to case.
          let read = 0;
          for await (const customer of stripe.customers.list({ limit: 100 })) {
            take([customer]);
            read += 1;
            if (read >= SCAN_LIMIT) break;
          }
        }
        const found: SubscriptionView[] = [];
        for (const [id, onFile] of matching) {
          const subscriptions = await stripe.subscriptions.list({
            customer: id,
            status: "all",
            limit: LIST_LIMIT,
          });
          for (const subscription of subscriptions.data) found.push(view(subscription, onFile));
        }
        return found;
      }),
    setCancelAtPeriodEnd: (id, value, idempotencyKey) =>
      call(async () => {
        const updated = await stripe.subscriptions.update(
          id,
          { cancel_at_period_end: value },
          idempotencyKey === undefined ? undefined : { idempotencyKey },
        );
        return view(updated, "");
      }),
    retrieveSubscription: (id) =>
      call(async () => {
        // With its customer's address, which finds the address's first subscription
        // (end-older.ts); a stand-in that does not expand is asked for the customer by id.
        const subscription = await stripe.subscriptions.retrieve(id, { expand: ["customer"] });
        const customer: unknown = subscription.customer;
        let email =
          typeof customer === "object" && customer !== null
            ? text((customer as Loose).email)
            : undefined;
        if (email === undefined && typeof customer === "string") {
          const found: unknown = await stripe.customers.retrieve(customer);
          email = text((found as Loose | null)?.email);
        }
        return view(subscription, email ?? "");
      }),
    cancelNow: (id, idempotencyKey) =>
      call(async () => {
        await stripe.subscriptions.cancel(
          id,
          undefined,
          idempotencyKey === undefined ? undefined : { idempotencyKey },
        );
      }),
    paidInvoices: (subscription) =>
      call(async () => {
        // Since API version 2025-03-31 an invoice has no payment_intent; its payments are an
        // includable property, absent unless expanded.
        const invoices = await stripe.invoices.list({
          subscription,
          limit: LIST_LIMIT,
          expand: ["data.payments"],
        });
        return invoices.data
          .filter((invoice) => invoice.status === "paid" && (invoice.amount_paid ?? 0) > 0)
          .map((invoice): PaidInvoice => {
            const raw = invoice as unknown as Loose;
            // Newer API versions list payments instead of one payment_intent field.
            const payments =
              ((raw.payments as Loose | undefined)?.data as Loose[] | undefined) ?? [];
            const fromPayments = payments
              .map((entry) => idOf((entry.payment as Loose | undefined)?.payment_intent))
              .filter((id) => id !== undefined);
            return {
              id: invoice.id ?? "",
              amountPaid: invoice.amount_paid,
              currency: invoice.currency,
              paymentIntent:
                idOf(raw.payment_intent) ??
                (fromPayments.length === 1 ? fromPayments[0] : undefined),
              periodStart: seconds(raw.period_start),
              periodEnd: seconds(raw.period_end),
            };
          });
      }),
    voidOpenInvoices: (subscription, idempotencyKey) =>
      call(async () => {
        const open = await stripe.invoices.list({
          subscription,
          status: "open",
          limit: LIST_LIMIT,
        });
        const voided: string[] = [];
        for (const invoice of open.data) {
          if (invoice.id === undefined) continue;
          await stripe.invoices.voidInvoice(invoice.id, undefined, {
            idempotencyKey: `${idempotencyKey}/${invoice.id}`,
          });
          voided.push(invoice.id);
        }
        return voided;
      }),
    refund: (paymentIntent, amount, idempotencyKey) =>
      call(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount },
          { idempotencyKey },
        );
        return { id: refund.id };
      }),
  };
}

/** Whether a failed search says it is not offered, rather than that Stripe is down. */
function searchMissing(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.statusCode;
  if (status === undefined) return error instanceof Stripe.errors.StripeAPIError;
  return status >= 400 && status < 500 && status !== 401 && status !== 429;
}

export function toBillingError(error: unknown): BillingError {
  if (error instanceof BillingError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new BillingError("unavailable", {
      stripeType: `unexpected:${error instanceof Error ? error.name : typeof error}`,
    });
  }
  const details = {
    stripeType: error.rawType ?? error.type,
    stripeCode: error.code,
    requestId: error.requestId,
    statusCode: error.statusCode,
  };
  // 400/404 on a subscription: it has ended or is gone, so trying again changes nothing.
  const final =
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 400 || error.statusCode === 404);
  return new BillingError(final ? "not_changeable" : "unavailable", details);
}
