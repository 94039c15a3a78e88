import { priceChangeNoticeDays } from "~/config/legal-entity";
import { siteConfig } from "~/config/site";
import { formatPrice } from "~/lib/format";
import { fixedMailto } from "~/lib/fixed-mailto";
import type { Plan } from "~/plans/plans";
import {
  CANCEL_EFFECT,
  EXPRESS_START_MEANING,
  FIRST_FORTNIGHT_REFUND,
  PRO_RATA_REFUND,
  cancelLabel,
  cancelPath,
  changePlanLabel,
  changePlanPath,
  keepLinkValidity,
  SITE_PATHS,
  WITHDRAWAL_DAYS,
  taxClause,
  withdrawalPeriodRule,
} from "../../../supabase/functions/_shared/contract.ts";

// What a subscriber is told on every page and beside every checkout button: the amount, that it
// renews every month until canceled, the tax, price changes, and how and when canceling takes
// effect (the US Restore Online Shoppers' Confidence Act, California's automatic-renewal law,
// the EU Consumer Rights Directive). A small module of its own, so the footer and the renewal
// notes do not pull the rest of the billing rules into each page's bundle. billing-rules.ts takes
// these into `billingStatements`; the checkout function states the same terms in Stripe's words,
// with the label, tax clause and prices of the shared contract (_shared/contract.ts).

const portal = siteConfig.billingPortalUrl;
const support = siteConfig.supportEmail;

export { cancelLabel, cancelPath, changePlanLabel, changePlanPath, taxClause };
/** The cancellation page's one button. */
export const cancelButtonLabel = "Cancel my subscription";
/** The footer link, on every page, to the withdrawal form (EU/UK consumers). */
export const withdrawLabel = "Withdraw from contract here";
export const withdrawPath = SITE_PATHS.withdraw;
/** The withdrawal form's button. */
export const withdrawButtonLabel = "Confirm withdrawal";
export { keepLinkValidity };

/** Where Stripe's customer portal is configured: what it is for on this site. */
export const portalLabel = "Invoices and payment method (Stripe billing portal)";

/** The ready-made cancellation e-mail: a termination e-mail formatted and provided by us. */
export const cancelEmail = {
  subject: `Cancel my ${siteConfig.name} subscription`,
  body: [
    `Please cancel my ${siteConfig.name} subscription: at once, with the refund your Terms give, if this is my first subscription and within its first ${WITHDRAWAL_DAYS} days; otherwise at the end of the current billing period.`,
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

/** What the cancellation page does, after its name (the same in words and in Markdown). */
/** What the cancellation e-mail reports: an end at once with its refund, or the period's end. */
export const cancelEmailed = `We record the cancellation straight away and e-mail that address what it did: the refund, if the subscription has ended at once, or else the last day you have paid for and a link that undoes it ${keepLinkValidity}.`;

const cancelSteps = `enter the e-mail address you subscribed with and press "${cancelButtonLabel}", with no sign-in. ${cancelEmailed}`;

/** A cancellation by e-mail counts from when it reaches us, not from when a person reads it. */
export const renewalAfterEmail = "if a renewal is charged after that, we refund it";

/** The second way, by e-mail. */
const byEmail = `You can also send our ${cancelEmailLabel} to ${support} from that address: it counts from the moment it reaches us, and ${renewalAfterEmail}.`;

export const cancelRule = {
  /** How to cancel, in words; `markdown` is the same with its links, for the Terms. */
  sentence: `Open "${cancelLabel}" at the foot of any page, ${cancelSteps} ${byEmail}`,
  markdown: `Open [${cancelLabel}](${cancelPath}), linked at the foot of every page, ${cancelSteps} You can also send our [${cancelEmailLabel}](${cancelMailto}) to ${support} from that address: it counts from the moment it reaches us, and ${renewalAfterEmail}.`,
  /** The part of the cancel sentence every wording of it must contain. */
  core: "enter the e-mail address you subscribed with",
  /** When a cancellation takes effect: at once in a first subscription's first fortnight. */
  effect: CANCEL_EFFECT,
  /** What the billing portal is for, when the build links one (VITE_BILLING_PORTAL_URL). */
  portal: portal
    ? `Stripe's billing portal, linked at the foot of every page, shows your invoices and payment method after you confirm your e-mail address with a code.`
    : null,
} as const;

/** The pro-rata refund, in the words every mention of it uses. */
export const withdrawRefund = PRO_RATA_REFUND;
/** What a withdrawal within the 14 days returns: the first fortnight's one refund rule. */
export const firstFortnightRefund = FIRST_FORTNIGHT_REFUND;
/** What Checkout's "start now" choice means, after its words in the Terms. */
export const expressStartMeaning = EXPRESS_START_MEANING;

/** The EU/UK right of withdrawal, exercised online; the Terms hold the full clause. */
export const withdrawRule = {
  sentence: `If you are a consumer in the EU or the UK, you can withdraw within 14 days of the day you subscribe: open "${withdrawLabel}" at the foot of any page, give your name, the e-mail address you subscribed with and where to send the confirmation, and press "${withdrawButtonLabel}". We e-mail an acknowledgment of receipt at once, end the subscription and refund it. ${FIRST_FORTNIGHT_REFUND}`,
  /** How the 14 days are counted: calendar days, the latest time zone, weekends. */
  period: withdrawalPeriodRule,
  /** What a withdrawal after the 14 days does. */
  late: "After the 14 days, a withdrawal is treated as a cancellation at the end of the period you have paid for, and our e-mail says so.",
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
  /** How to cancel; the component links `cancelLabel` to the cancellation page after it. */
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
    cancel: "Cancel anytime online, with no sign-in:",
    effect: cancelRule.effect,
  };
}
