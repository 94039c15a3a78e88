import { featureValue, plans, type FeatureName, type Plan } from "./plans";

// Which plans include a row of the pricing table, in words, for the badges on the feature and
// tool cards: derived from plans.ts, so a card can never name a plan its row leaves out.

/** "Pro, Expert and Agency". */
export function planNameList(names: readonly string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The plans whose value for any of `rows` is anything but "not included", in plans.ts order. */
export function plansWith(rows: readonly FeatureName[]): Plan[] {
  return plans.filter((plan) => rows.some((row) => featureValue(plan, row) !== false));
}

/**
 * The badge for the plans that include `rows`: "Every plan", "Pro and up" for a run to the
 * largest plan of three or more, "Expert and Agency" for two, else the plans by name; "No plan"
 * when none does.
 */
export function planRangeLabel(rows: readonly FeatureName[]): string {
  const on = plansWith(rows);
  if (on.length === 0) return "No plan";
  if (on.length === plans.length) return "Every plan";
  const first = plans.findIndex((plan) => plan.name === on[0]!.name);
  const isRunToTop =
    on.every((plan, index) => plans[first + index]?.name === plan.name) &&
    first + on.length === plans.length;
  if (isRunToTop && on.length >= 3) return `${on[0]!.name} and up`;
  return planNameList(on.map((plan) => plan.name));
}

/** How far down the plans a row starts: 0 on every plan, higher for larger plans only. */
export function planRangeStart(rows: readonly FeatureName[]): number {
  const on = plansWith(rows);
  return on.length === 0 ? plans.length : plans.findIndex((plan) => plan.name === on[0]!.name);
}
