import { formatCents, formatPrice } from "~/lib/format";
import { costPerEpisodeCents, planFeatureRows, type Plan } from "./plans";

// The comparison table on /pricing: its rows derived from plans.ts, and its copy.

/** A cell: text such as "$79", "1" or "Unlimited", or whether the feature is included. */
export type ComparisonValue = string | boolean;

export type ComparisonRow = {
  name: string;
  /** Shown under the name to every visitor, not only on hover. */
  description: string;
  /** One value per plan, in the plans' order. */
  values: ComparisonValue[];
};

export function comparisonRows(plans: readonly Plan[]): ComparisonRow[] {
  return [
    {
      name: "Price",
      description: "A month, in US dollars, taxes included",
      values: plans.map((plan) => formatPrice(plan.price)),
    },
    {
      name: "Episodes",
      description: "Included each month",
      values: plans.map((plan) => String(plan.episodesPerMonth)),
    },
    {
      name: "Cost per episode",
      description: "The monthly price over its episodes",
      values: plans.map((plan) => {
        const cents = costPerEpisodeCents(plan);
        return cents === null ? "Custom" : formatCents(cents);
      }),
    },
    ...planFeatureRows.map((row) => ({
      name: row.name,
      description: row.description,
      values: plans.map((plan) => plan.features[row.name]),
    })),
  ];
}

export const comparisonCopy = {
  anchor: "compare",
  heading: "Compare the plans",
  intro:
    "Every plan side by side: what it costs, how many episodes it covers and what each episode comes back as.",
  caption: "Price, episodes, cost per episode and the 13 features of each plan",
  pickLegend: "Plan to show",
  included: "Included",
  notIncluded: "Not included",
} as const;
