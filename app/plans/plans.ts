import {
  checkoutPlanNames,
  checkoutPlanPrices,
  customPlanId,
  SITE_PATHS,
  type PlanId,
} from "../../supabase/functions/_shared/contract.ts";

/** A plan's public id, sent to the checkout function. The server maps it to a Stripe price. */
export type PriceId = PlanId;

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
  /** What the plan includes of each feature, by the feature's name in `planFeatureRows`. */
  features: PlanFeatures;
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
  { name: "Caption Generation", description: "Post captions, hashtags and subtitle files" },
  { name: "White Label", description: "Deliver content under your own brand" },
  { name: "Content Scheduling", description: "Plan and queue posts across platforms" },
  {
    name: "Managed Workflow",
    description: "A fully managed workflow for agencies and teams",
  },
] as const satisfies readonly PlanFeatureRow[];

/** A feature's name: the key of every plan's `features`. */
export type FeatureName = (typeof planFeatureRows)[number]["name"];

export type PlanFeatures = Readonly<Record<FeatureName, PlanFeatureValue>>;

/** A plan's value in one of the feature rows. */
export function featureValue(plan: Plan, row: FeatureName): PlanFeatureValue {
  return plan.features[row];
}

/** Expert's features; Agency has them all and a managed workflow on top. */
const expertFeatures = {
  "Audio to Text": true,
  Summarization: true,
  "Key Point Extraction": true,
  "Full Repurpose Kit": true,
  "LinkedIn Post": "Unlimited",
  "Carousel Images": true,
  "Content Templates": true,
  "X threads": "Unlimited",
  "Instagram Posts": "Unlimited",
  "Caption Generation": true,
  "White Label": true,
  "Content Scheduling": true,
  "Managed Workflow": false,
} as const satisfies PlanFeatures;

export const plans = [
  {
    name: checkoutPlanNames.price_starter,
    priceId: "price_starter",
    price: checkoutPlanPrices.price_starter,
    episodesPerMonth: 2,
    summary: "The essentials for a show getting serious about its back catalog.",
    ctaLabel: "Subscribe to Starter",
    popular: false,
    features: {
      "Audio to Text": true,
      Summarization: true,
      "Key Point Extraction": true,
      "Full Repurpose Kit": false,
      "LinkedIn Post": "1",
      "Carousel Images": false,
      "Content Templates": false,
      "X threads": false,
      "Instagram Posts": false,
      "Caption Generation": false,
      "White Label": false,
      "Content Scheduling": false,
      "Managed Workflow": false,
    },
  },
  {
    name: checkoutPlanNames.price_pro,
    priceId: "price_pro",
    price: checkoutPlanPrices.price_pro,
    episodesPerMonth: 4,
    summary: "The full repurpose kit for four episodes a month, on every platform you post to.",
    ctaLabel: "Subscribe to Pro",
    popular: true,
    features: {
      "Audio to Text": true,
      Summarization: true,
      "Key Point Extraction": true,
      "Full Repurpose Kit": true,
      "LinkedIn Post": "1",
      "Carousel Images": true,
      "Content Templates": true,
      "X threads": "1",
      "Instagram Posts": "1",
      "Caption Generation": true,
      "White Label": false,
      "Content Scheduling": false,
      "Managed Workflow": false,
    },
  },
  {
    name: checkoutPlanNames.price_expert,
    priceId: "price_expert",
    price: checkoutPlanPrices.price_expert,
    episodesPerMonth: 6,
    summary: "Unlimited posts, your own branding and scheduling for busy producers.",
    ctaLabel: "Subscribe to Expert",
    popular: false,
    features: expertFeatures,
  },
  {
    name: "Agency",
    priceId: customPlanId,
    price: "Custom",
    episodesPerMonth: "Custom",
    summary: "Everything, plus a managed workflow for agencies and networks.",
    ctaLabel: "Contact Us",
    popular: false,
    features: { ...expertFeatures, "Managed Workflow": true },
  },
] as const satisfies readonly Plan[];

/** The page that lists the plans and starts their checkouts. */
export const pricingPath = SITE_PATHS.pricing;

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
