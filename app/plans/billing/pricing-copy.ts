import { guaranteeDays, guaranteePlans } from "./guarantee";

/** Copy shared by the plan cards on the home page and /pricing: the guarantee and canceling are
 * billing's terms, so the cards read them here. */
export const pricingCopy = {
  intro: `Pick the plan that fits your publishing schedule. A ${guaranteeDays}-day money-back guarantee covers the first payment of your first ${guaranteePlans} subscription, and you can cancel anytime.`,
  perEpisode: "per episode",
} as const;
