import { siteConfig } from "~/config/site";
import { formatPrice } from "~/lib/format";
import type { Plan } from "./plans";

// What a subscriber is told on every page and beside every checkout button: how the plan renews
// and how to cancel. A small module of its own, so the footer and the renewal notes do not pull
// the rest of the billing rules (advice, every statement) into each page's bundle.
// billing-rules.ts takes these into `billingStatements`.

const portal = siteConfig.billingPortalUrl;
const support = siteConfig.supportEmail;

/** The words that name the customer portal everywhere it is linked. */
export const manageLabel = "Manage or cancel your subscription";

export const cancelRule = {
  /** How to cancel, in words; `markdown` is the same with its link, for the Terms. */
  sentence: portal
    ? `Use ${manageLabel} at ${portal}: enter the e-mail address you subscribed with, and Stripe e-mails you a link to your billing page, where you can cancel.`
    : `E-mail ${support} from the address you subscribed with, and we cancel it for you.`,
  markdown: portal
    ? `Use [${manageLabel}](${portal}): enter the e-mail address you subscribed with, and Stripe e-mails you a link to your billing page, where you can cancel.`
    : `E-mail [${support}](mailto:${support}) from the address you subscribed with, and we cancel it for you.`,
  /** The part of the cancel sentence every wording of it must contain. */
  core: portal
    ? "enter the e-mail address you subscribed with, and Stripe e-mails you a link to your billing page"
    : "from the address you subscribed with, and we cancel it for you",
} as const;

/** Next to a checkout button, after the plan's price. */
const renewalLine = "charged today and then every month until you cancel";

export type RenewalDisclosure = {
  /** "$149 a month, charged today and then every month until you cancel." */
  price: string;
  /** How to cancel; the component links `manageLabel` to the portal when there is one. */
  cancel: string;
};

/** What a checkout button's small print says: the price, the renewal and how to cancel. */
export function renewalDisclosure(plan: Plan): RenewalDisclosure {
  if (plan.price === "Custom") throw new Error(`${plan.name} does not start a checkout`);
  return {
    price: `${formatPrice(plan.price)} a month, ${renewalLine}.`,
    cancel: portal ? "Cancel anytime with" : `Cancel anytime: ${cancelRule.sentence}`,
  };
}
