import type { Cadence, PaceBasis } from "~/plans/finder/feed-cadence";
import { formatLongDate, formatPostDate } from "~/lib/dates";
import { formatCents, formatPrice } from "~/lib/format";
import { finderEpisodes, recommendPlan, type NeedId } from "./plan-finder";
import type { Plan } from "~/plans/plans";

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

/** "52 minutes", "1 h 05 min"; null under half a minute, which would read "0 minutes". */
function minutes(seconds: number): string | null {
  const total = Math.round(seconds / 60);
  if (total === 0) return null;
  if (total < 60) return `${total} minute${total === 1 ? "" : "s"}`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return `${hours} h ${String(rest).padStart(2, "0")} min`;
}

/**
 * The episodes a month the finder should show for this feed, or null when it published none
 * lately or the feed gives no rate (one or two episodes, too few dates).
 */
function episodesToFill(cadence: Cadence): number | null {
  const rate = cadence.episodesPerMonth;
  return rate === null || rate === 0 ? null : clampEpisodes(Math.round(rate));
}

const firstDate = (iso: string) => formatLongDate(iso.slice(0, 10));

/** What the figure was counted from, as the field's status line ends. */
function basisPhrase(basis: PaceBasis): string {
  switch (basis.kind) {
    case "last12":
      return "counted over the last 12 months";
    case "since":
      return `counted since your first episode, on ${firstDate(basis.firstEpisodeAt)}`;
    case "latest":
      return `counted from the latest ${basis.episodes} episodes your feed lists`;
    case "none":
      return "";
  }
}

/** "Only 2 of the 10 episodes in your feed carry", "Only 1 of … carries". */
const onlyOf = (part: number, whole: number) =>
  `Only ${part} of the ${whole} episodes in your feed ${part === 1 ? "carries" : "carry"}`;

const counted = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** "a trailer and 3 bonus episodes": what the pace leaves out; "" when nothing. */
function extrasPhrase({ trailer, bonus }: Cadence["episodeTypes"]): string {
  return [
    trailer > 0 ? counted(trailer, "a trailer", "trailers") : "",
    bonus > 0 ? counted(bonus, "a bonus episode", "bonus episodes") : "",
  ]
    .filter((part) => part !== "")
    .join(" and ");
}

/** Why there is no rate, in the visitor's words. A date in the future counts as no date. */
function noRateReason(cadence: Cadence, basis: PaceBasis & { kind: "none" }): string {
  if (basis.reason === "too_few_dates") {
    return `${onlyOf(cadence.datedEpisodes - cadence.futureEpisodes, cadence.episodes)} a date we can count, too few to tell how often you publish.`;
  }
  const paced = cadence.pacedEpisodes;
  const extras = extrasPhrase(cadence.episodeTypes);
  if (paced === 0 && extras !== "") {
    return `Your feed lists only ${extras} so far, no full episodes, too few to tell how often you publish.`;
  }
  const few = paced === 1 ? "one episode" : "two episodes";
  return extras === ""
    ? `Your feed lists only ${few}, too few to tell how often you publish.`
    : `Your feed lists only ${few} besides ${extras}, too few to tell how often you publish.`;
}

/** What a feed of another medium holds, and what one of its items is, for the advice. */
const MEDIA: Record<string, { is: string; item: string }> = {
  music: { is: "music", item: "track" },
  audiobook: { is: "an audiobook", item: "chapter" },
  video: { is: "a video channel", item: "video" },
  film: { is: "a film", item: "item" },
  newsletter: { is: "a newsletter", item: "article" },
  blog: { is: "a blog", item: "post" },
  course: { is: "a course", item: "session" },
};

/**
 * What the feed says of itself that changes how to read the figures: another medium than a
 * podcast (`podcast:medium`), a show marked complete (`itunes:complete`) or hidden from Apple
 * Podcasts (`itunes:block`).
 */
function feedNotes(cadence: Cadence): string[] {
  const notes: string[] = [];
  const medium = cadence.medium?.toLowerCase();
  if (medium !== undefined && medium !== "podcast") {
    const { is, item } = MEDIA[medium] ?? { is: `"${cadence.medium}"`, item: "item" };
    notes.push(
      `Your feed says it is ${is} (podcast:medium), not a podcast. Our plans are made for podcast episodes, each one transcribed and summarized, so the figures below count every ${item} as an episode: use them only if you would send us each ${item}.`,
    );
  }
  if (cadence.complete) {
    notes.push(
      "Your feed marks the show as complete (itunes:complete): no new episodes are coming. The figures below are its history, not what you will publish next.",
    );
  } else if (cadence.blocked) {
    notes.push(
      "Your feed asks Apple Podcasts to leave the show out of its directory (itunes:block), as a show that no longer publishes often does. The figures below are its history, not what you will publish next.",
    );
  }
  return notes;
}

export type FeedAdvice = {
  /** The episodes a month to fill into the finder, or null when the show published none. */
  fillEpisodes: number | null;
  /** "counted over the last 12 months", "counted since your first episode, on …"; null without a rate. */
  basis: string | null;
  /** Why the finder was left as it was, when the feed gives no rate. */
  noRate: string | null;
  /** Under 80% of the episodes dated: the visitor should check the figure. */
  check: string | null;
  /** What the feed says of itself that changes how to read the figures (medium, show ended). */
  notes: string[];
  summary: string;
  details: string[];
  average: { plan: Plan; text: string } | null;
  busiest: { plan: Plan; text: string } | null;
};

function perEpisode(plan: Plan, perMonth: number): string {
  if (plan.price === "Custom") return "priced on request";
  return `${formatPrice(plan.price)} a month, ${formatCents(Math.round((plan.price * 100) / perMonth))} per episode at that pace`;
}

/** The pace in words, for the basis it was counted on. */
function paceSummary(cadence: Cadence, title: string, rate: number): string {
  const { last12, last6, basis } = cadence;
  const busiest = last12.busiest;
  const busiestMonth = `${episodes(busiest.episodes)} in its busiest month, ${monthLabels(busiest.month).long}`;
  if (basis.kind === "since") {
    // A show that began this month has no complete month yet to call its busiest.
    const most = busiest.episodes > 0 ? `, and ${busiestMonth}` : "";
    return `${title} has published ${rate} episodes a month on average since its first episode on ${firstDate(basis.firstEpisodeAt)}${most}.`;
  }
  if (basis.kind === "latest") {
    return `${title}'s feed lists only its latest ${basis.episodes} episodes, so we counted from those: ${rate} episodes a month on average since ${firstDate(basis.firstEpisodeAt)}.`;
  }
  const fives = cadence.monthsWithFiveOrMore;
  return `${title} published ${last12.mean} episodes a month on average over the last 12 months (${last6.mean} over the last 6), and ${busiestMonth}. ${fives === 0 ? "No month had" : fives === 1 ? "One month had" : `${fives} months had`} five or more.`;
}

/** What the feed says about the plans, for the visitor's needs ticked in the finder. */
export function feedAdvice(cadence: Cadence, needs: readonly NeedId[]): FeedAdvice {
  const { last12, basis } = cadence;
  const title = cadence.title || "Your show";
  const details: string[] = [];
  const typical =
    cadence.medianDurationSeconds === null ? null : minutes(cadence.medianDurationSeconds);
  if (typical !== null) details.push(`A typical episode runs ${typical}.`);
  if (cadence.hasTranscripts) details.push("Your feed already links transcripts.");
  const extras = extrasPhrase(cadence.episodeTypes);
  if (extras !== "" && cadence.pacedEpisodes > 0) {
    details.push(`We left ${extras} out of the pace: it counts your full episodes.`);
  }
  const notes = feedNotes(cadence);
  const check = cadence.fewDated
    ? `${onlyOf(cadence.datedEpisodes, cadence.episodes)} a date we could read, so the figures come from those. Please check them against what you publish.`
    : null;

  if (basis.kind === "none") {
    const noRate = noRateReason(cadence, basis);
    return {
      fillEpisodes: null,
      basis: null,
      noRate,
      // No figures to check: the reason above already says the dates were too few.
      check: null,
      notes,
      summary: `${noRate} We left the finder as it was.`,
      details,
      average: null,
      busiest: null,
    };
  }

  const fill = episodesToFill(cadence);
  const rate = cadence.episodesPerMonth;
  if (fill === null || rate === null) {
    return {
      fillEpisodes: null,
      basis: null,
      noRate: null,
      check,
      notes,
      summary: `${title} published no episodes in the last 12 months; the latest came out on ${firstDate(cadence.lastEpisodeAt)}. We left the finder as it was.`,
      details,
      average: null,
      busiest: null,
    };
  }

  const busiestCount = last12.busiest.episodes;
  const summary = paceSummary(cadence, title, rate);
  const average = recommendPlan({ episodes: fill, needs }).plan;
  const busiest = recommendPlan({ episodes: clampEpisodes(busiestCount), needs }).plan;
  return {
    fillEpisodes: fill,
    basis: basisPhrase(basis),
    noRate: null,
    check,
    notes,
    summary,
    details,
    average: {
      plan: average,
      text: `For an average month (about ${episodes(fill)}): ${average.name}, ${perEpisode(average, rate)}.`,
    },
    busiest:
      busiestCount === 0
        ? null
        : {
            plan: busiest,
            text:
              busiest === average
                ? `Your busiest month (${episodes(busiestCount)}) fits ${average.name} too.`
                : `For your busiest month (${episodes(busiestCount)}): ${busiest.name}, ${perEpisode(busiest, busiestCount)}.`,
          },
  };
}
