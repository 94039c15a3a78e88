import { guaranteeDays, guaranteePlans } from "./billing/guarantee";

/** A plan's public id, sent to the checkout function. The server maps it to a Stripe price. */
export type PriceId = "price_starter" | "price_pro" | "price_expert" | "price_agency";

export type PlanFeatureValue = boolean | string;

export type PlanFeatureRow = {
  name: string;
  description?: string;
};

export type Plan = {
  name: string;
  priceId: PriceId;
  /** Dollars per month, or "Custom". */
  price: number | "Custom";
  episodesPerMonth: number | "Custom";
  summary: string;
  ctaLabel: string;
  popular: boolean;
  /** One value per entry of `planFeatureRows`, in the same order. */
  values: readonly PlanFeatureValue[];
};

export const planFeatureRows = [
  { name: "Audio to Text", description: "Full transcript of every episode" },
  { name: "Summarization", description: "An episode summary ready for show notes" },
  { name: "Key Point Extraction", description: "Takeaways, quotes and timestamps" },
  { name: "Full Repurpose Kit", description: "Every format from one upload" },
  { name: "LinkedIn Post", description: "Posts per episode" },
  { name: "Carousel Images", description: "Slides for Instagram and LinkedIn" },
  { name: "Content Templates", description: "Reusable formats for your show" },
  { name: "X threads", description: "Threads per episode" },
  { name: "Instagram Posts", description: "Posts per episode" },
  { name: "Caption Generation", description: "Platform-ready captions and hashtags" },
  { name: "White Label", description: "Deliver content under your own brand" },
  { name: "Content Scheduling", description: "Plan and queue posts across platforms" },
  {
    name: "Managed Workflow",
    description: "A fully managed workflow for agencies and teams",
  },
] as const satisfies readonly PlanFeatureRow[];

export const plans = [
  {
    name: "Starter",
    priceId: "price_starter",
    price: 79,
    episodesPerMonth: 2,
    summary: "The essentials for a show getting serious about its back catalog.",
    ctaLabel: "Subscribe to Starter",
    popular: false,
    values: [true, true, true, false, "1", false, false, false, false, false, false, false, false],
  },
  {
    name: "Pro",
    priceId: "price_pro",
    price: 149,
    episodesPerMonth: 4,
    summary: "The full repurpose kit for four episodes a month, on every platform you post to.",
    ctaLabel: "Subscribe to Pro",
    popular: true,
    values: [true, true, true, true, "1", true, true, "1", "1", true, false, false, false],
  },
  {
    name: "Expert",
    priceId: "price_expert",
    price: 299,
    episodesPerMonth: 6,
    summary: "Unlimited posts, your own branding and scheduling for busy producers.",
    ctaLabel: "Subscribe to Expert",
    popular: false,
    values: [
      true,
      true,
      true,
      true,
      "Unlimited",
      true,
      true,
      "Unlimited",
      "Unlimited",
      true,
      true,
      true,
      false,
    ],
  },
  {
    name: "Agency",
    priceId: "price_agency",
    price: "Custom",
    episodesPerMonth: "Custom",
    summary: "Everything, plus a managed workflow for agencies and networks.",
    ctaLabel: "Contact Us",
    popular: false,
    values: [
      true,
      true,
      true,
      true,
      "Unlimited",
      true,
      true,
      "Unlimited",
      "Unlimited",
      true,
      true,
      true,
      true,
    ],
  },
] as const satisfies readonly Plan[];

/** Copy shared by the plan cards on the home page and /pricing. */
export const pricingCopy = {
  intro: `Pick the plan that fits your publishing schedule. A ${guaranteeDays}-day money-back guarantee covers the first payment of your first ${guaranteePlans} subscription, and you can cancel anytime.`,
  perEpisode: "per episode",
} as const;

/** The page that lists the plans and starts their checkouts. */
export const pricingPath = "/pricing";

/** The plan the call-to-action band always sells: Pro. */
export const ctaBandPlan: Plan = plans[1];

/** Plans that start a Stripe checkout; Agency goes to the contact form instead. */
export function startsCheckout(plan: Plan): boolean {
  return plan.price !== "Custom";
}

/**
 * What one episode costs on a plan used in full: its monthly price over its episodes, in whole
 * cents ($79 / 2 = 3950). Null for plans priced on request.
 */
export function costPerEpisodeCents(plan: Plan): number | null {
  if (plan.price === "Custom" || plan.episodesPerMonth === "Custom") return null;
  return Math.round((plan.price * 100) / plan.episodesPerMonth);
}
