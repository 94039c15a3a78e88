import { featureValue, plans, type FeatureName } from "~/plans/plans";

/** A tools card as a visitor reads it. */
export type ToolCard = {
  id: string;
  description: string;
  /** The pricing table's rows the tool is made of; none for a tool no plan includes. */
  rows: readonly FeatureName[];
  badge: string;
  /** The lines under the description ("Available on all pricing plans", …). */
  lines: readonly string[];
};

const onEveryPlan = (row: FeatureName) => plans.every((plan) => featureValue(plan, row) !== false);
const capped = (row: FeatureName) =>
  plans.some((plan) => {
    const value = featureValue(plan, row);
    return typeof value === "string" && value !== "Unlimited";
  });

/**
 * Every claim a tools card makes that plans.ts does not back: a tool no row makes that is not
 * labeled "Coming later" or claims availability, "Available on all pricing plans" for a part
 * some plan lacks, "Unlimited use" where a plan caps a part at a count, and a promise of video
 * with burned-in captions, which no plan makes (the plans deliver caption and subtitle files).
 */
export function checkToolClaims(cards: readonly ToolCard[]): string[] {
  const problems: string[] = [];
  for (const card of cards) {
    const say = (problem: string) => problems.push(`${card.id}: ${problem}`);
    if (card.rows.length === 0) {
      if (card.badge !== "Coming later") say(`no plan makes it, but its badge is "${card.badge}"`);
      for (const line of card.lines) say(`no plan makes it, but the card says "${line}"`);
    }
    for (const line of card.lines) {
      const all = /^Available on all pricing plans(?::\s*(.+))?$/.exec(line);
      if (all) {
        const named = all[1];
        const parts =
          named === undefined ? card.rows : card.rows.filter((row) => named.includes(row));
        for (const row of parts.length > 0 ? parts : card.rows) {
          if (!onEveryPlan(row)) say(`"${line}", but ${row} is not on every plan`);
        }
      }
      if (/^Unlimited use\b/.test(line)) {
        for (const row of card.rows) if (capped(row)) say(`"${line}", but a plan caps ${row}`);
      }
    }
    if (/\bburn(?:ed|t|s)?[- ]in\b/i.test(card.description)) {
      say("promises burned-in captions, which no plan makes");
    }
  }
  return problems;
}
