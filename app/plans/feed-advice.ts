import type { Cadence } from "~/plans/feed-cadence";
import { formatLongDate, formatPostDate } from "~/lib/dates";
import { formatCents, formatPrice } from "~/lib/format";
import { finderEpisodes, recommendPlan, type NeedId } from "./plan-finder";
import type { Plan } from "./plans";

// What a feed's cadence means for the plans, shown under the plan finder's feed field. Every
// figure comes from plans.ts; what a busier month costs is the finder's own advice, filled in
// from the feed (billing-rules.ts). Loaded on demand, with the chart.

/** "May" and "May 2026" for a month written yyyy-mm. */
export function monthLabels(month: string): { short: string; long: string } {
  const short = formatPostDate(`${month}-01`).split(" ")[0] ?? month;
  return { short, long: `${short} ${month.slice(0, 4)}` };
}

const clampEpisodes = (episodes: number) =>
  Math.min(finderEpisodes.max, Math.max(finderEpisodes.min, episodes));

const episodes = (n: number) => `${n} episode${n === 1 ? "" : "s"}`;

function minutes(seconds: number): string {
  const total = Math.round(seconds / 60);
  if (total < 60) return `${total} minutes`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return `${hours} h ${String(rest).padStart(2, "0")} min`;
}

/** The episodes a month the finder should show for this feed, or null when it published none. */
export function episodesToFill(cadence: Cadence): number | null {
  return cadence.last12.mean === 0 ? null : clampEpisodes(Math.round(cadence.last12.mean));
}

export type FeedAdvice = {
  /** The episodes a month to fill into the finder, or null when the show published none. */
  fillEpisodes: number | null;
  summary: string;
  details: string[];
  average: { plan: Plan; text: string } | null;
  busiest: { plan: Plan; text: string } | null;
};

function perEpisode(plan: Plan, perMonth: number): string {
  if (plan.price === "Custom") return "priced on request";
  return `${formatPrice(plan.price)} a month, ${formatCents(Math.round((plan.price * 100) / perMonth))} per episode at that pace`;
}

/** What the feed says about the plans, for the visitor's needs ticked in the finder. */
export function feedAdvice(cadence: Cadence, needs: readonly NeedId[]): FeedAdvice {
  const { last12, last6 } = cadence;
  const title = cadence.title || "Your show";
  const details: string[] = [];
  if (cadence.medianDurationSeconds !== null) {
    details.push(`A typical episode runs ${minutes(cadence.medianDurationSeconds)}.`);
  }
  if (cadence.hasTranscripts) details.push("Your feed already links transcripts.");

  const fill = episodesToFill(cadence);
  if (fill === null) {
    return {
      fillEpisodes: null,
      summary: `${title} published no episodes in the last 12 months; the latest came out on ${formatLongDate(cadence.lastEpisodeAt.slice(0, 10))}. We left the finder as it was.`,
      details,
      average: null,
      busiest: null,
    };
  }

  const busiestCount = last12.busiest.episodes;
  const fives = cadence.monthsWithFiveOrMore;
  const summary = `${title} published ${last12.mean} episodes a month on average over the last 12 months (${last6.mean} over the last 6), and ${episodes(busiestCount)} in its busiest month, ${monthLabels(last12.busiest.month).long}. ${fives === 0 ? "No month had" : fives === 1 ? "One month had" : `${fives} months had`} five or more.`;

  const average = recommendPlan({ episodes: fill, needs }).plan;
  const busiest = recommendPlan({ episodes: clampEpisodes(busiestCount), needs }).plan;
  return {
    fillEpisodes: fill,
    summary,
    details,
    average: {
      plan: average,
      text: `For an average month (about ${episodes(fill)}): ${average.name}, ${perEpisode(average, last12.mean)}.`,
    },
    busiest: {
      plan: busiest,
      text:
        busiest === average
          ? `Your busiest month (${episodes(busiestCount)}) fits ${average.name} too.`
          : `For your busiest month (${episodes(busiestCount)}): ${busiest.name}, ${perEpisode(busiest, busiestCount)}.`,
    },
  };
}
