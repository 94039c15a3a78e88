/**
 * The form-encoded parameters Stripe receives for one subscription checkout, written out in full
 * so that the Vitest and Deno tests compare the SDK's request against the same literal texts.
 */
export function expectedSessionParams(site: string, price: string, amount: string) {
  return {
    mode: "subscription",
    "line_items[0][price]": price,
    "line_items[0][quantity]": "1",
    success_url: `${site}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${site}/pricing`,
    "automatic_tax[enabled]": "true",
    "consent_collection[terms_of_service]": "required",
    "custom_text[terms_of_service_acceptance][message]": `I agree to the [Terms of Service](${site}/terms) and to automatic renewal: I am charged ${amount} today and then ${amount} every month, taxes included, until I cancel.`,
    "custom_text[submit][message]": `You pay ${amount} today and then ${amount} every month, taxes included, until you cancel. Cancel anytime, with no sign-in, at ${site}/cancel, linked as "Cancel your subscription" at the foot of every page. Within the 14 days from your first subscription's first payment, canceling it ends it at once and refunds at least that payment in full, unless a payment for it is overdue. Any other cancellation stops the next renewal: you are not charged again, and you keep access until the end of the billing period you have already paid for.`,
    "custom_fields[0][key]": "startNow",
    "custom_fields[0][label][type]": "custom",
    "custom_fields[0][label][custom]": "Start your subscription at once?",
    "custom_fields[0][type]": "dropdown",
    "custom_fields[0][dropdown][options][0][label]":
      "Yes, start now; I accept that my EU/UK right to withdraw ends once it is fully performed",
    "custom_fields[0][dropdown][options][0][value]": "startNow",
    "custom_fields[0][optional]": "false",
  };
}
