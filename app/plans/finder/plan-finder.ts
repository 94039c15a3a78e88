import { formatCents, formatPrice } from "~/lib/format";
import { allowanceAdvice, billingStatements } from "../billing/billing-rules";
import {
  costPerEpisodeCents,
  featureValue,
  plans,
  startsCheckout,
  type FeatureName,
  type Plan,
} from "~/plans/plans";

// The plan finder's rules and copy. Every figure comes from plans.ts; this module only decides
// which plan covers what a visitor asks for. Loaded by /pricing alone, never by the home page.

type Need = {
  id: string;
  /** The checkbox's label. */
  label: string;
  /** The same need inside a sentence, after "with" or "lacks". */
  phrase: string;
  row: FeatureName;
  /** "any": the row is on the plan at all; "several": more than one per episode. */
  amount: "any" | "several";
};

export const finderNeeds = [
  { id: "x-threads", label: "X threads", phrase: "X threads", row: "X threads", amount: "any" },
  {
    id: "instagram",
    label: "Instagram posts",
    phrase: "Instagram posts",
    row: "Instagram Posts",
    amount: "any",
  },
  {
    id: "carousels",
    label: "Carousel images",
    phrase: "carousel images",
    row: "Carousel Images",
    amount: "any",
  },
  {
    id: "captions",
    label: "Captions and hashtags",
    phrase: "captions",
    row: "Caption Generation",
    amount: "any",
  },
  {
    id: "templates",
    label: "Content templates",
    phrase: "content templates",
    row: "Content Templates",
    amount: "any",
  },
  {
    id: "more-linkedin",
    label: "More than one LinkedIn post per episode",
    phrase: "more than one LinkedIn post per episode",
    row: "LinkedIn Post",
    amount: "several",
  },
  {
    id: "more-x-threads",
    label: "More than one X thread per episode",
    phrase: "more than one X thread per episode",
    row: "X threads",
    amount: "several",
  },
  {
    id: "white-label",
    label: "White label: content under your own brand",
    phrase: "white label",
    row: "White Label",
    amount: "any",
  },
  {
    id: "scheduling",
    label: "Content scheduling",
    phrase: "content scheduling",
    row: "Content Scheduling",
    amount: "any",
  },
  {
    id: "managed",
    label: "A fully managed workflow for your team or agency",
    phrase: "a fully managed workflow",
    row: "Managed Workflow",
    amount: "any",
  },
] as const satisfies readonly Need[];

export type NeedId = (typeof finderNeeds)[number]["id"];

/** Episodes a month the finder offers (the last reads "12 or more"); it starts at a weekly show. */
export const finderEpisodes = { min: 1, max: 12, initial: 4 } as const;

export type FinderInput = { episodes: number; needs: readonly NeedId[] };

export function planCoversNeed(plan: Plan, need: Need): boolean {
  const value = featureValue(plan, need.row);
  if (value === false) return false;
  if (need.amount === "any") return true;
  return value === "Unlimited" || Number(value) > 1;
}

export function planCoversEpisodes(plan: Plan, episodes: number): boolean {
  return plan.episodesPerMonth === "Custom" || plan.episodesPerMonth >= episodes;
}

const needsOf = (input: FinderInput) => finderNeeds.filter((need) => input.needs.includes(need.id));

/** Cheapest first; plans priced on request last. */
const plansByPrice = [...plans].sort(
  (a, b) =>
    (a.price === "Custom" ? Number.POSITIVE_INFINITY : a.price) -
    (b.price === "Custom" ? Number.POSITIVE_INFINITY : b.price),
);

const selfServePlans = plansByPrice.filter(startsCheckout);

/** The most episodes a month any self-serve plan includes (6, Expert's). */
const maxSelfServeEpisodes = Math.max(
  ...selfServePlans.map((plan) => (plan.episodesPerMonth === "Custom" ? 0 : plan.episodesPerMonth)),
);

/** "A", "A and B", "A, B and C". */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const episodesPhrase = (episodes: number) =>
  `${episodes} episode${episodes === 1 ? "" : "s"} a month`;

/** What `plan` lacks for these inputs, as sentence parts; empty when it covers them all. */
export function shortfalls(plan: Plan, input: FinderInput): string[] {
  const parts: string[] = [];
  if (!planCoversEpisodes(plan, input.episodes) && plan.episodesPerMonth !== "Custom") {
    parts.push(`stops at ${episodesPhrase(plan.episodesPerMonth)}`);
  }
  const missing = needsOf(input).filter((need) => !planCoversNeed(plan, need));
  if (missing.length > 0) parts.push(`lacks ${joinList(missing.map((need) => need.phrase))}`);
  return parts;
}

export type Recommendation = {
  plan: Plan;
  /** One sentence: why this plan. */
  reason: string;
  /** The next cheaper plan and one sentence on what it lacks; null for the cheapest plan. */
  below: { plan: Plan; lacks: string } | null;
  /** At the visitor's episodes; null for a plan priced on request. */
  costPerEpisodeCents: number | null;
  /** The cost per episode, then what a month with more episodes than the plan's means
   * (billing-rules.ts). */
  costNote: string;
};

/** The cheapest plan that covers the episodes and every need, and why. */
export function recommendPlan(input: FinderInput): Recommendation {
  const index = plansByPrice.findIndex((plan) => shortfalls(plan, input).length === 0);
  const plan = plansByPrice[index];
  if (!plan) throw new Error(`No plan covers ${JSON.stringify(input)}`);
  const below = index > 0 ? plansByPrice[index - 1]! : null;
  const needs = needsOf(input);

  let reason: string;
  if (startsCheckout(plan)) {
    const extras = needs.length > 0 ? ` with ${joinList(needs.map((need) => need.phrase))}` : "";
    reason = `${plan.name} is the cheapest plan that covers ${episodesPhrase(input.episodes)}${extras}.`;
  } else {
    const causes = [
      ...(input.episodes > maxSelfServeEpisodes
        ? [`more than ${episodesPhrase(maxSelfServeEpisodes)}`]
        : []),
      ...needs
        .filter((need) => !selfServePlans.some((p) => planCoversNeed(p, need)))
        .map((need) => need.phrase),
    ];
    reason = `Only ${plan.name} covers ${causes.length > 0 ? joinList(causes) : "all of this together"}, so we size it to your shows and quote a price.`;
  }

  const fullUse = costPerEpisodeCents(plan);
  const atYours = plan.price === "Custom" ? null : Math.round((plan.price * 100) / input.episodes);
  let costNote: string;
  if (atYours === null || fullUse === null) {
    costNote = "Priced on request, so the cost per episode comes with our quote.";
  } else if (atYours === fullUse) {
    costNote = `${formatCents(atYours)} per episode at ${formatPrice(plan.price)} a month.`;
  } else {
    costNote = `${formatCents(atYours)} per episode at your ${episodesPhrase(input.episodes)}, or ${formatCents(fullUse)} if you use all ${plan.episodesPerMonth}.`;
  }

  return {
    plan,
    reason,
    below: below
      ? { plan: below, lacks: `${below.name} ${shortfalls(below, input).join(" and ")}.` }
      : null,
    costPerEpisodeCents: atYours,
    costNote: `${costNote} ${allowanceAdvice(plan)}`,
  };
}

/** The finder without JavaScript: which plan each range of episodes needs, with no extra needs. */
export function plansByEpisodes() {
  const ranges: { from: number; to: number; plan: Plan }[] = [];
  for (let episodes = finderEpisodes.min; episodes <= finderEpisodes.max; episodes++) {
    const { plan } = recommendPlan({ episodes, needs: [] });
    const last = ranges.at(-1);
    if (last?.plan === plan) last.to = episodes;
    else ranges.push({ from: episodes, to: episodes, plan });
  }
  return ranges.map(({ from, to, plan }) => {
    const cents = costPerEpisodeCents(plan);
    return {
      episodes:
        to === finderEpisodes.max ? `${from} or more` : from === to ? `${from}` : `${from}–${to}`,
      plan,
      price: plan.price === "Custom" ? plan.price : `${formatPrice(plan.price)} a month`,
      perEpisode: cents === null ? null : `${formatCents(cents)} per episode, all used`,
    };
  });
}

export const finderCopy = {
  heading: "Find your plan",
  intro:
    "Tell us how often you publish and what you need from each episode. We recommend the cheapest plan that covers all of it, and show the writing time it takes off your hands, in your own numbers.",
  episodesLabel: "Episodes you publish a month",
  episodesMaxLabel: `${finderEpisodes.max} or more`,
  needsLegend: "What you need from each episode",
  needsHint: "Every plan includes the transcript, a summary, key points and a LinkedIn post.",
  resultHeading: "Our recommendation",
  belowLabel: "Why not a cheaper plan?",
  staticHeading: "Which plan for how many episodes",
  staticCaption: "The plan for each number of episodes a month, before any extra needs",
  staticColumns: ["Episodes a month", "Plan", "Price, taxes included"],
  staticNote: `Need X threads, carousels, white label or scheduling? Check the plan's column in the comparison table above. ${billingStatements.rollover} ${billingStatements.noOverage}`,
} as const;
