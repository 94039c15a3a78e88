import { guaranteeDays, guaranteePlans, guaranteeShort } from "./guarantee";
import {
  cancelLabel,
  cancelEmailed,
  cancelRule,
  expressStartMeaning,
  firstFortnightRefund,
  priceChangeSentence,
  taxClause,
  renewalAfterEmail,
  taxSentence,
  withdrawLabel,
  withdrawRefund,
  withdrawRule,
} from "./subscription-terms";
import {
  changePlanLabel,
  PLAN_DOWNGRADE_RULE,
  PLAN_UPGRADE_RULE,
  SUBSCRIBER_ACCESS,
  SUBSCRIBER_APP,
  UPLOAD_PLACE,
} from "../../../supabase/functions/_shared/contract.ts";
import { feedStorage } from "./feed-storage";
import { siteConfig } from "~/config/site";
import { formatPrice } from "~/lib/format";
import { plans, startsCheckout, type Plan } from "~/plans/plans";

// What the site says about money and about what visitors hand us, decided once, as the sentences
// that state it (`billingStatements`): price, renewal, tax, canceling, the guarantee, plan
// changes, episodes, receipts, drafts, accounts, the feed field and the contact form. Pages, the
// FAQ, the finder and /success quote these; the legal pages get them as tokens. They follow what Stripe does with `proration_behavior:
// "create_prorations"`, its default for subscription updates: a price change mid-period is
// charged or credited pro rata. No per-episode overage is sold, unused episodes do not roll over,
// and a "1" in the plans table is per episode.

export type ExtraEpisodeRoute = {
  /** The self-serve plan whose allowance covers one more episode than `from` includes. */
  upgradeTo: Plan;
  /** The most an upgrade can add to one billing period: the full monthly difference, in dollars,
   * paid when the upgrade is made on the first day (less later in the period). */
  maxExtraDollars: number;
};

/**
 * What an episode over `from`'s monthly allowance costs under these rules: an upgrade, at most
 * the price difference for that period. Null when no self-serve plan has more episodes (Expert:
 * the Agency plan is priced on request) or when `from` is priced on request itself.
 */
export function extraEpisodeRoute(from: Plan): ExtraEpisodeRoute | null {
  if (!startsCheckout(from) || from.price === "Custom" || from.episodesPerMonth === "Custom")
    return null;
  const allowance = from.episodesPerMonth;
  const upgradeTo = plans
    .filter(startsCheckout)
    .find((plan) => typeof plan.episodesPerMonth === "number" && plan.episodesPerMonth > allowance);
  if (!upgradeTo || upgradeTo.price === "Custom") return null;
  return { upgradeTo, maxExtraDollars: upgradeTo.price - from.price };
}

const ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];

/** "fifth": the ordinal of the episode after a plan's allowance of four. */
function ordinal(n: number): string {
  const word = ordinals[n - 1];
  if (!word) throw new RangeError(`No ordinal word for ${n}`);
  return word;
}

/**
 * The one sentence on an episode over `plan`'s allowance: which plan it needs and the most that
 * adds to the month, or, on the largest self-serve plan, that the Agency plan is next.
 */
export function extraEpisodeSentence(plan: Plan): string {
  if (plan.episodesPerMonth === "Custom") {
    return `On ${plan.name}, the episode volume is agreed with you, so a busier month is a change to that agreement.`;
  }
  const next = ordinal(plan.episodesPerMonth + 1);
  const route = extraEpisodeRoute(plan);
  if (!route) {
    const agency = plans.find((p) => !startsCheckout(p))!;
    return `On ${plan.name}, a ${next} episode in a month needs an ${agency.name} plan, sized and quoted for your volume.`;
  }
  return `On ${plan.name}, a ${next} episode in a month means moving up to ${route.upgradeTo.name}, which adds at most ${formatPrice(route.maxExtraDollars)}, ${taxClause}, to that billing period: the upgrade is charged at once, prorated for the days left.`;
}

export { cancelLabel };

const selfServe = plans.filter(startsCheckout);
/** This build's Sign up and Get Started: the contact page (the default) or an outside form. */
const signupOpensContact = siteConfig.signupUrl === "/contact";
const support = siteConfig.supportEmail;

/** "Starter ($79 a month), Pro ($149 a month) and Expert ($299 a month)". */
const priceList = selfServe
  .map((plan) => `${plan.name} (${formatPrice(plan.price as number)} a month)`)
  .join(", ")
  .replace(/, (?=[^,]*$)/, " and ");

/** The 14 days, from the one starting point every wording of them uses. */
const guaranteeWindow = `within ${guaranteeDays} days of your first payment`;

/**
 * The table: one sentence per fact. Copy quotes these (or, in Markdown, gets them as tokens);
 * the contradiction check (tests/copy/billing-statements.ts) fails on any other wording of them.
 */
export const billingStatements = {
  price: `The plans are ${priceList}, in US dollars, ${taxClause}; the Agency plan is priced on request.`,
  // Stripe bills a monthly subscription on its start's day of the month, and on the month's
  // last day when a month is too short for it (the 31st becomes the 30th or the 28th).
  renewal:
    "A subscription renews automatically every month on the day of the month you started it, or on the month's last day when a month has no such day, and charges the same payment method until you cancel.",
  tax: taxSentence,
  /** The same fact after a price, beside each checkout button. */
  taxShort: taxClause,
  priceChange: priceChangeSentence,
  receipt:
    "Stripe, our payment processor, e-mails a receipt for every payment to the address you gave at checkout.",
  /**
   * What the confirmation e-mail holds (supabase/functions/stripe-webhook/confirmation.ts);
   * empty when the build has no webhook to send it, so nothing promises it.
   */
  confirmation: siteConfig.confirmationEmail
    ? "Once you have subscribed, we e-mail you a confirmation of your contract to keep: your plan, its monthly amount with taxes included, the day of your first charge and of your next renewal, that it renews every month until you cancel, how to cancel, the right of withdrawal with the model withdrawal form, your choice to start at once with its date and time, how to change plans, how to reach the service, and our support address."
    : "",
  upgrade: PLAN_UPGRADE_RULE,
  downgrade: PLAN_DOWNGRADE_RULE,
  /** How a subscriber changes plans: never a second checkout. */
  changeHow: `To change plans, open "${changePlanLabel}" at the foot of any page and enter the address you subscribed with: we e-mail you a link to Stripe's page for your subscription, where you pick the new plan and see the amount before you confirm. Subscribing again would start a second subscription instead.`,
  rollover: "Episodes are counted per billing period, and unused episodes do not roll over.",
  noOverage:
    "There is no per-episode charge: an episode beyond your plan's allowance needs a larger plan.",
  /** One sentence per plan, from Starter up. */
  extraEpisodes: plans.map(extraEpisodeSentence),
  postCounts:
    'A "1" in the pricing table means one per episode: generating an episode again replaces its drafts rather than adding more, and "Unlimited" means as many per episode as you ask for.',
  /** What the guarantee covers, inside any sentence about it. */
  guaranteeScope: `the first payment of your first ${guaranteePlans} subscription`,
  /** The guarantee named in passing (a band, a page description), scope included. */
  guaranteeShort,
  /** The one starting point of the 14 days. */
  guaranteeWindow,
  // The guarantee's 14 days are the withdrawal period's (contract.ts, cancelEndsNow), so a
  // period ending on a weekend runs to the Monday for the guarantee too.
  guaranteeClaim: `To claim it, ${guaranteeWindow}, the day you subscribed, cancel it on "${cancelLabel}" or press "Confirm withdrawal" on "${withdrawLabel}", both open to every subscriber, or e-mail ${support} from the address you subscribed with; you do not need to give a reason. The ${guaranteeDays} days are counted as the withdrawal period's are: when the last one is a Saturday or a Sunday, they run to the end of the following Monday.`,
  guaranteeAgency: "An Agency plan's refund terms are set in its own agreement.",
  /** What a refund does to access, which differs from what canceling does. */
  guaranteeAccess:
    "A guarantee refund returns that whole payment, so the subscription and its access end with it: at once when you cancel or withdraw on our website, and on the day we confirm a claim made by e-mail.",
  /** When the money goes back: the pages refund at once (manage-subscription), e-mail by hand. */
  guaranteeTiming:
    "A claim made on our website is refunded at once, or within two weeks where a person on our team must work out the amount; a claim made by e-mail is refunded within 5 business days. Your bank may take a few more days to show it.",
  /** How to cancel, in words; `cancelMarkdown` is the same with its link, for the Terms. */
  cancel: cancelRule.sentence,
  cancelMarkdown: cancelRule.markdown,
  /** The part of the cancel sentence every wording of it must contain. */
  cancelCore: cancelRule.core,
  /** When canceling takes effect. */
  cancelWhen: cancelRule.effect,
  /** What the cancellation e-mail reports, inside the cancel sentence. */
  cancelEmailed,
  /** Leaving takes no sign-in: the words every page about it uses. */
  noSignIn: "no sign-in",
  /** The withdrawal's acknowledgment, in the law's words. */
  withdrawReceipt: "acknowledgment of receipt",
  /** The pro-rata part of a withdrawal's refund. */
  withdrawRefund,
  /** What a withdrawal within the 14 days returns: the guarantee and the withdrawal as one rule. */
  firstFortnightRefund,
  /** What Checkout's "start now" choice means, after its words: no refund of the 14 days lost. */
  expressStartMeaning,
  /** The refunds there are, all of them: every other payment stays paid. */
  // Ending an older subscription is offered only where the confirmation e-mail is sent.
  otherPayments: `Apart from the guarantee, the right of withdrawal${siteConfig.confirmationEmail ? ", ending an older subscription from a newer one's confirmation" : ""} and a renewal charged after your cancellation e-mail reached us, all described above, or where the law requires otherwise, payments already made are not returned, including for partly used months.`,
  /** A renewal charged after a cancellation e-mail reached us. */
  renewalAfterEmail,
  /** The EU/UK withdrawal online, and what one after the 14 days does. */
  withdraw: `${withdrawRule.sentence} ${withdrawRule.period} ${withdrawRule.late}`,
  /** How the withdrawal period is counted, as the Terms and the e-mails state it. */
  withdrawPeriod: withdrawRule.period,
  /** What the billing portal is for, when the build links one; null without one. */
  portal: cancelRule.portal,
  /** What a subscriber has after paying, where they sign in and upload (_shared/contract.ts). */
  account: SUBSCRIBER_ACCESS,
  /** The cookies of that sign-in, for the Cookie Policy. */
  appCookies:
    SUBSCRIBER_APP.url === null
      ? "With no sign-in anywhere, the service sets no cookie to keep a session."
      : `Our web app at ${new URL(SUBSCRIBER_APP.url).host} uses essential cookies to keep you signed in there and to protect your account; this website sets none.`,
  /** What Sign up and Get Started open, true of either configuration (VITE_SIGNUP_URL). */
  signupForm: signupOpensContact
    ? "The Sign up and Get Started buttons open our contact page, for anything you want to ask before you choose a plan."
    : "The Sign up and Get Started buttons open our sign-up form in a new tab; filling it in neither starts a subscription nor creates a sign-in here.",
  /** How an episode's audio reaches the service. */
  upload: `You upload each episode as an MP3, WAV, AAC or M4A file ${UPLOAD_PLACE}.`,
  afterEnd:
    "When a subscription ends, everything we generated for you stays downloadable for 30 days; after that we delete it.",
  drafts: "Everything we generate is a draft for you to review and edit before you publish it.",
  /** The feed field's line, in feed-storage.ts so the field's copy reads it without this table. */
  feedStorage,
  contactForm:
    "The contact form sends nothing to our servers: it opens your own e-mail program with your message filled in, for you to review and send.",
} as const;

/** The web app where subscribers sign in and upload, linked after checkout; null without one. */
export const subscriberAppUrl = SUBSCRIBER_APP.url;

/** The plan finder's advice on a month with more episodes than `plan` includes. */
export function allowanceAdvice(plan: Plan): string {
  const extra = extraEpisodeSentence(plan);
  return startsCheckout(plan) ? `${billingStatements.rollover} ${extra}` : extra;
}
