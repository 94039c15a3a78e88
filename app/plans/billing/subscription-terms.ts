import { priceChangeNoticeDays } from "~/config/legal-entity";
import { siteConfig } from "~/config/site";
import { formatPrice } from "~/lib/format";
import { fixedMailto } from "~/lib/fixed-mailto";
import type { Plan } from "~/plans/plans";
import { manageLabel, taxClause } from "../../../supabase/functions/_shared/contract.ts";

// What a subscriber is told on every page and beside every checkout button: the amount, that it
// renews every month until canceled, the tax, price changes, and how and when canceling takes
// effect (the US Restore Online Shoppers' Confidence Act, California's automatic-renewal law,
// the EU Consumer Rights Directive). A small module of its own, so the footer and the renewal
// notes do not pull the rest of the billing rules into each page's bundle. billing-rules.ts takes
// these into `billingStatements`; the checkout function states the same terms in Stripe's words,
// with the label, tax clause and prices of the shared contract (_shared/contract.ts).

const portal = siteConfig.billingPortalUrl;
const support = siteConfig.supportEmail;

export { manageLabel, taxClause };

/** How long a cancellation by e-mail takes us, and the written confirmation that follows it. */
export const cancelProcessing = "one business day";

/** The ready-made cancellation e-mail: a termination e-mail formatted and provided by us. */
export const cancelEmail = {
  subject: `Cancel my ${siteConfig.name} subscription`,
  body: [
    `Please cancel my ${siteConfig.name} subscription at the end of the current billing period.`,
    "",
    "I subscribed with this e-mail address.",
    "Plan, if you know it: ",
    "",
    `Please confirm the cancellation and the date it takes effect in writing.`,
  ].join("\n"),
} as const;

/** The words linked to `cancelMailto` wherever it is offered. */
export const cancelEmailLabel = "ready-made cancellation e-mail";

/** The `mailto:` link that opens `cancelEmail`, addressed to support. */
export const cancelMailto = fixedMailto(support, cancelEmail.subject, cancelEmail.body);

/** What the portal's billing page shows once a subscription is canceled at period end. */
const portalConfirmation =
  "The page then shows the cancellation and the last day you have paid for.";

export const cancelRule = {
  /** How to cancel, in words; `markdown` is the same with its link, for the Terms. */
  sentence: portal
    ? `Use ${manageLabel} at ${portal}: enter the e-mail address you subscribed with, and Stripe e-mails you a link to your billing page, where you can cancel. ${portalConfirmation}`
    : `Send our ${cancelEmailLabel} to ${support} from the address you subscribed with, and we cancel it for you within ${cancelProcessing}, then e-mail you a written confirmation naming the last day you have paid for.`,
  markdown: portal
    ? `Use [${manageLabel}](${portal}): enter the e-mail address you subscribed with, and Stripe e-mails you a link to your billing page, where you can cancel. ${portalConfirmation}`
    : `Send our [${cancelEmailLabel}](${cancelMailto}) to ${support} from the address you subscribed with, and we cancel it for you within ${cancelProcessing}, then e-mail you a written confirmation naming the last day you have paid for.`,
  /** The part of the cancel sentence every wording of it must contain. */
  core: portal
    ? "enter the e-mail address you subscribed with, and Stripe e-mails you a link to your billing page"
    : "from the address you subscribed with, and we cancel it for you",
  /** When a cancellation takes effect. */
  effect:
    "A cancellation stops the next renewal: you are not charged again, and you keep access until the end of the billing period you have already paid for.",
} as const;

export const taxSentence =
  "Where sales tax or VAT is due, it is already part of the price shown, so Stripe Checkout adds nothing on top and you pay that price.";

/** That the price can change, and the notice we give first. */
export const priceChangeSentence = `If we change the price of your plan, we e-mail you at least ${priceChangeNoticeDays} days before the renewal at which the new price first applies, and you can cancel before then.`;

/** After the plan's price: that it is the total, and the renewal. */
const renewalLine = `${taxClause}, charged today and then every month until you cancel`;

export type RenewalDisclosure = {
  /** "$149 a month, taxes included, charged today and then every month until you cancel." */
  price: string;
  /** That the price can change, and the notice we give first. */
  priceChange: string;
  /** How to cancel; the component links `manageLabel` (or the ready-made e-mail) to it. */
  cancel: string;
  /** When canceling takes effect. */
  effect: string;
};

/**
 * The renewal terms beside a checkout button: the amount, the renewal, tax, price changes, and
 * how and when canceling takes effect. Shown at body size, not as small print.
 */
export function renewalDisclosure(plan: Plan): RenewalDisclosure {
  if (plan.price === "Custom") throw new Error(`${plan.name} does not start a checkout`);
  return {
    price: `${formatPrice(plan.price)} a month, ${renewalLine}.`,
    priceChange: priceChangeSentence,
    cancel: portal
      ? "Cancel anytime with"
      : `Cancel anytime with our ${cancelEmailLabel} to ${support}; we cancel within ${cancelProcessing} and confirm in writing.`,
    effect: cancelRule.effect,
  };
}
