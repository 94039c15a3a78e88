import { CANCEL_EFFECT, cancelLabel, cancelPath, formatUsd, taxClause } from "./contract.ts";

// What the visitor agrees to on Stripe Checkout, in Stripe's own places: the Terms checkbox
// (custom_text.terms_of_service_acceptance), the line beside Pay (custom_text.submit) and the
// required "start at once" choice for EU/UK consumers (custom_fields; ADR 014). The site states
// the same terms beside every button (app/plans/billing/subscription-terms.ts), from the same
// prices, label and clauses (_shared/contract.ts).

/** Stripe's limit for each custom_text message. */
export const MAX_CUSTOM_TEXT = 1200;
/** Stripe's limits for a custom field's label and a dropdown option's label. */
export const MAX_FIELD_LABEL = 50;
export const MAX_OPTION_LABEL = 100;

export interface CheckoutConsent {
  /** The Terms checkbox's own text: consent to the automatic renewal, with the amount. */
  termsAcceptance: string;
  /** Beside the pay button: the amount and how to cancel. */
  submit: string;
}

export function consentTexts(priceUsd: number, siteUrl: string): CheckoutConsent {
  const amount = formatUsd(priceUsd);
  return {
    termsAcceptance: `I agree to the [Terms of Service](${siteUrl}/terms) and to automatic renewal: I am charged ${amount} today and then ${amount} every month, ${taxClause}, until I cancel.`,
    submit: `You pay ${amount} today and then ${amount} every month, ${taxClause}, until you cancel. Cancel anytime, with no sign-in, at ${siteUrl}${cancelPath}, linked as "${cancelLabel}" at the foot of every page. ${CANCEL_EFFECT}`,
  };
}
