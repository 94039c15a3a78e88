import type { CheckoutConsent } from "../_shared/checkout-consent.ts";

/** What the handler asks of the payment provider; the Stripe adapter implements it. */
export interface CheckoutSessionInput {
  /** The provider's price id, already mapped from the public plan id on the server. */
  price: string;
  successUrl: string;
  cancelUrl: string;
  /** The Terms checkbox's text and the line beside Pay, both naming this plan's amount. */
  consent: CheckoutConsent;
  /** The browser's key for this checkout attempt; without one the SDK makes its own. */
  idempotencyKey?: string;
  /** Aborts when the client goes away; the provider call is then abandoned. */
  signal?: AbortSignal;
}

export type CreateSession = (input: CheckoutSessionInput) => Promise<{ url: string }>;

/**
 * What a configured price says about tax: "inclusive" (the price is the total, tax inside it),
 * "exclusive" or "unspecified" (tax would be added on top), or null when the answer has no
 * such field (a stand-in that does not model it).
 */
export type TaxBehavior = "inclusive" | "exclusive" | "unspecified" | null;

/** Reads a price's tax behavior from the provider; fails with a CheckoutSessionError. */
export type PriceTaxBehavior = (price: string, signal?: AbortSignal) => Promise<TaxBehavior>;

/** `abandoned`: the client went away, so nobody is waiting for the answer. */
export type CheckoutFailureKind = "rate_limited" | "unavailable" | "abandoned";

/** Log-only facts about a provider failure; never sent to the browser. */
export interface CheckoutFailureDetails {
  stripeType?: string;
  stripeCode?: string;
  requestId?: string;
  statusCode?: number;
  message?: string;
}

export class CheckoutSessionError extends Error {
  readonly kind: CheckoutFailureKind;
  readonly details: CheckoutFailureDetails;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: CheckoutFailureKind,
    details: CheckoutFailureDetails = {},
    retryAfterSeconds?: number,
  ) {
    super(`Checkout session could not be created (${kind})`);
    this.name = "CheckoutSessionError";
    this.kind = kind;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
