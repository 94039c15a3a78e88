import { plans, startsCheckout, type Plan } from "./plans";

// The billing rules, decided once. Every sentence about plan changes or episodes beyond a plan's
// allowance (billing FAQ, Help Center, Terms, plan finder) is written from these. They follow what
// Stripe does with `proration_behavior: "create_prorations"`, its default for subscription
// updates: a price change mid-period is charged or credited pro rata.

export const billingRules = {
  /** An upgrade starts at once, charged pro rata for the rest of the current billing period. */
  upgrade: "immediate-prorated",
  /** A downgrade starts at the next renewal; the current plan stays until then. */
  downgrade: "next-renewal",
  /** Episodes a plan includes are per billing period; unused ones do not carry over. */
  unusedEpisodesRollOver: false,
  /** No per-episode overage is sold: an episode over the allowance needs a larger plan. */
  overagePerEpisode: null,
} as const;

export type ExtraEpisodeRoute = {
  /** The self-serve plan whose allowance covers one more episode than `from` includes. */
  upgradeTo: Plan;
  /** The most an upgrade can add to one billing period: the full monthly difference, in dollars,
   * paid when the upgrade is made on the first day (less later in the period). */
  maxExtraDollars: number;
};

/**
 * What an episode over `from`'s monthly allowance costs under `billingRules`: an upgrade, at most
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
