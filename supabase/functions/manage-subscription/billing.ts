// What the function asks of the payment provider; stripe.ts implements it with the Stripe SDK
// and the tests with fakes. Times are Date objects and amounts the smallest currency unit.

export interface SubscriptionView {
  id: string;
  customerId: string;
  /** The address on file with the provider: where the details are e-mailed. */
  customerEmail: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The plan's name on this site, or undefined when the price is not one of ours. */
  planName: string | undefined;
  /** When the subscription began: the 14-day withdrawal period counts from here. */
  startedAt: Date;
  currentPeriodStart: Date | undefined;
  /** The last paid moment: the subscription ends here when canceled at period end. */
  currentPeriodEnd: Date | undefined;
}

export interface PaidInvoice {
  id: string;
  amountPaid: number;
  currency: string;
  /** Undefined when the invoice names none (paid another way, or a newer API shape). */
  paymentIntent: string | undefined;
  periodStart: Date | undefined;
  periodEnd: Date | undefined;
}

/** Statuses that still renew or bill, and so can be canceled. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

/**
 * Whether two spellings are one address to cancel under: alike but for case (and Unicode
 * compatibility forms, and surrounding spaces). Unlike the per-mailbox limit's key, a `+tag`
 * or a dot still tells two addresses apart: typing another tag never reaches a subscription.
 */
export function sameAddress(a: string, b: string): boolean {
  const fold = (text: string) => text.trim().normalize("NFKC").toLowerCase();
  return fold(a) === fold(b);
}

/** A customer already known to have the address (the subscriptions mirror found it). */
export interface KnownCustomer {
  id: string;
  email: string;
}

export interface Billing {
  /**
   * Every subscription (any status) of every customer whose address is `email` in any case
   * (`sameAddress`), and of each customer in `known`.
   */
  findSubscriptions(email: string, known?: readonly KnownCustomer[]): Promise<SubscriptionView[]>;
  setCancelAtPeriodEnd(
    subscriptionId: string,
    value: boolean,
    idempotencyKey?: string,
  ): Promise<SubscriptionView>;
  /** One subscription as Stripe holds it now; its `customerEmail` is left empty. */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionView>;
  cancelNow(subscriptionId: string, idempotencyKey?: string): Promise<void>;
  paidInvoices(subscriptionId: string): Promise<PaidInvoice[]>;
  /**
   * Voids the subscription's open (unpaid) invoices, so a canceled `past_due` subscription is
   * not charged for a renewal after all; returns the ids voided.
   */
  voidOpenInvoices(subscriptionId: string, idempotencyKey: string): Promise<string[]>;
  refund(paymentIntent: string, amount: number, idempotencyKey: string): Promise<{ id: string }>;
}

export type BillingFailureKind =
  /** The provider says the subscription cannot be changed (ended, deleted). */
  | "not_changeable"
  /** Down, slow, rate-limited or refusing our key: worth trying again later. */
  | "unavailable";

/** Log-only facts; never sent to the browser. */
export interface BillingFailureDetails {
  stripeType?: string;
  stripeCode?: string;
  requestId?: string;
  statusCode?: number;
}

export class BillingError extends Error {
  readonly kind: BillingFailureKind;
  readonly details: BillingFailureDetails;
  constructor(kind: BillingFailureKind, details: BillingFailureDetails = {}) {
    super(`Billing request failed (${kind})`);
    this.name = "BillingError";
    this.kind = kind;
    this.details = details;
  }
}
