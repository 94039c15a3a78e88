import { guaranteeShort } from "./guarantee";
import { cancelRule, manageLabel } from "./subscription-terms";
import { formatPrice } from "~/lib/format";
import { plans, startsCheckout, type Plan } from "./plans";

// The billing rules, decided once, as the sentences that state them (`billingStatements`). Every
// sentence about plan changes or episodes beyond a plan's allowance (billing FAQ, Help Center,
// Terms, plan finder) quotes these. They follow what Stripe does with `proration_behavior:
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
  return `On ${plan.name}, a ${next} episode in a month means moving up to ${route.upgradeTo.name}, which adds at most ${formatPrice(route.maxExtraDollars)} to that month because the upgrade is prorated.`;
}

export { manageLabel };

/**
 * The sentences that state the rules. Copy quotes these (or, in the Terms, gets them as tokens);
 * `checkBillingStatements` (tests/copy/billing-statements.ts) fails on any other wording of them.
 */
export const billingStatements = {
  upgrade:
    "An upgrade takes effect at once, with a prorated charge for the rest of the current billing period.",
  downgrade:
    "A downgrade takes effect at your next renewal, so you keep your current plan until then.",
  rollover: "Episodes are counted per billing period, and unused episodes do not roll over.",
  noOverage:
    "There is no per-episode charge: an episode beyond your plan's allowance needs a larger plan.",
  /** One sentence per plan, from Starter up. */
  extraEpisodes: plans.map(extraEpisodeSentence),
  postCounts:
    'A "1" in the pricing table means one per episode: generating an episode again replaces its drafts rather than adding more, and "Unlimited" means as many per episode as you ask for.',
  /** What the guarantee covers, inside any sentence about it. */
  guaranteeScope: `the first payment of your first subscription`,
  /** The guarantee named in passing (a band, a page description), scope included. */
  guaranteeShort,
  /** How to cancel, in words; `cancelMarkdown` is the same with its link, for the Terms. */
  cancel: cancelRule.sentence,
  cancelMarkdown: cancelRule.markdown,
  /** The part of the cancel sentence every wording of it must contain. */
  cancelCore: cancelRule.core,
} as const;

/** The plan finder's advice on a month with more episodes than `plan` includes. */
export function allowanceAdvice(plan: Plan): string {
  const extra = extraEpisodeSentence(plan);
  return startsCheckout(plan) ? `${billingStatements.rollover} ${extra}` : extra;
}
