import type { PlanId } from "./schema.ts";

// What the visitor agrees to on Stripe Checkout, in Stripe's own places: the Terms checkbox
// (custom_text.terms_of_service_acceptance), the line beside Pay (custom_text.submit) and the
// required "start at once" choice for EU/UK consumers (custom_fields; ADR 014). The site states
// the same terms beside every button (app/plans/subscription-terms.ts); Vitest checks that the
// prices and the label below match app/plans/plans.ts and that module.

/** Monthly price of each plan in whole US dollars, as the Stripe prices must charge it. */
export const PLAN_PRICES_USD: Readonly<Record<PlanId, number>> = {
  price_starter: 79,
  price_pro: 149,
  price_expert: 299,
};

/** The footer link to the cancellation page that every page of the site carries. */
export const MANAGE_LABEL = "Cancel your subscription";

/** Stripe's limit for each custom_text message. */
export const MAX_CUSTOM_TEXT = 1200;
/** Stripe's limits for a custom field's label and a dropdown option's label. */
export const MAX_FIELD_LABEL = 50;
export const MAX_OPTION_LABEL = 100;

/** The required dropdown that records an express request to start at once (CRD art. 16(m)). */
export const EXPRESS_START = {
  key: "startNow",
  label: "Start your subscription at once?",
  option: {
    value: "startNow",
    label:
      "Yes, start now; I accept that my EU/UK right to withdraw ends once it is fully performed",
  },
} as const;

export interface CheckoutConsent {
  /** The Terms checkbox's own text: consent to the automatic renewal, with the amount. */
  termsAcceptance: string;
  /** Beside the pay button: the amount and how to cancel. */
  submit: string;
}

/** "$1,299" from 1299. */
function dollars(amount: number): string {
  return `$${String(amount).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

export function consentTexts(priceUsd: number, siteUrl: string): CheckoutConsent {
  const amount = dollars(priceUsd);
  return {
    termsAcceptance: `I agree to the [Terms of Service](${siteUrl}/terms) and to automatic renewal: I am charged ${amount} today and then ${amount} every month, plus any sales tax or VAT due, until I cancel.`,
    submit: `You pay ${amount} today and then ${amount} every month, plus any sales tax or VAT due, until you cancel. Cancel anytime, with no sign-in, at ${siteUrl}/cancel, linked as "${MANAGE_LABEL}" at the foot of every page; a cancellation stops the next renewal, and you keep access until the end of the billing period you have already paid for.`,
  };
}
