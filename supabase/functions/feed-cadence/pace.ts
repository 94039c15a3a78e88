import type {
  Cadence,
  EpisodeTypeCounts,
  MonthCount,
  PaceBasis,
  Period,
} from "../_shared/contract.ts";
import type { Episode, Feed } from "./feed.ts";

/** Left out of the pace: a promotion for the show, or extra content beside it. */
const isPaced = (episode: Episode) =>
  episode.episodeType !== "trailer" && episode.episodeType !== "bonus";

// How often a show publishes, from the episodes its feed lists: counted over the 12 complete
// calendar months (UTC) before today, or, for a younger show or a feed that lists only its
// latest page, since the first episode it lists. Only what was read counts: undated and
// future-dated episodes are reported, never placed. Trailers and bonus episodes
// (`itunes:episodeType`) are episodes of the feed but not of the pace: a show's rhythm is its
// full episodes, and those without a type.

export type { Cadence, EpisodeTypeCounts, MonthCount, PaceBasis, Period };

/** Below this share of dated episodes the answer asks the visitor to check the figure. */
const MIN_DATED_SHARE = 0.8;
/** With fewer episodes than this, no rate: two points make no pace. */
const MIN_EPISODES_FOR_RATE = 3;
/** An average Gregorian month, for "months since the first episode". */
const MONTH_MS = (365.2425 / 12) * 86_400_000;

const monthKey = (year: number, month: number) => `${year}-${String(month + 1).padStart(2, "0")}`;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The middle value, or the mean of the two middle ones rounded to a whole second. */
function medianSeconds(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

function period(months: MonthCount[]): Period {
  const total = months.reduce((sum, month) => sum + month.episodes, 0);
  const busiest = months.reduce((best, month) => (month.episodes > best.episodes ? month : best));
  return { months: months.length, mean: oneDecimal(total / months.length), busiest };
}

/**
 * How often the show published, as of `now`; null when no episode has a readable date that
 * is not in the future. Loops, never spreads: a feed may list hundreds of thousands of items.
 */
export function cadence(feed: Feed, now: number): Cadence | null {
  const today = new Date(now);
  const windowStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 12, 1);
  const months: MonthCount[] = [];
  for (let back = 12; back >= 1; back--) {
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    months.push({ month: monthKey(start.getUTCFullYear(), start.getUTCMonth()), episodes: 0 });
  }
  const index = new Map(months.map((month, i) => [month.month, i]));

  let dated = 0;
  let future = 0;
  let newestAny = -Infinity;
  let newest = -Infinity;
  let oldest = Infinity;
  const types: EpisodeTypeCounts = { full: 0, trailer: 0, bonus: 0, unspecified: 0 };
  let paced = 0;
  const past: Episode[] = [];
  const recent: Episode[] = [];
  for (const episode of feed.episodes) {
    const isFuture = episode.published !== null && episode.published > now;
    if (episode.published !== null) dated += 1;
    if (isFuture) {
      future += 1;
      continue;
    }
    types[episode.episodeType ?? "unspecified"] += 1;
    if (episode.published !== null && episode.published > newestAny) newestAny = episode.published;
    if (!isPaced(episode)) continue;
    paced += 1;
    if (episode.published === null) continue;
    past.push(episode);
    if (episode.published > newest) newest = episode.published;
    if (episode.published < oldest) oldest = episode.published;
    const date = new Date(episode.published);
    const i = index.get(monthKey(date.getUTCFullYear(), date.getUTCMonth()));
    if (i === undefined) continue;
    months[i]!.episodes += 1;
    recent.push(episode);
  }
  if (newestAny === -Infinity) return null;

  // A scheduled item is not an episode yet: it is reported (futureEpisodes), never counted.
  const total = feed.episodes.length - future;
  const published = dated - future;
  const datedShare = Math.floor((published / total) * 100) / 100;
  const last12 = period(months);

  let basis: PaceBasis;
  let episodesPerMonth: number | null;
  if (paced < MIN_EPISODES_FOR_RATE) {
    basis = { kind: "none", reason: "too_few_episodes" };
    episodesPerMonth = null;
  } else if (past.length < MIN_EPISODES_FOR_RATE) {
    basis = { kind: "none", reason: "too_few_dates" };
    episodesPerMonth = null;
  } else if (oldest >= windowStart) {
    // Younger than the window, or a page that does not reach back that far.
    const spanMonths = Math.max(1, oneDecimal((now - oldest) / MONTH_MS));
    const firstEpisodeAt = new Date(oldest).toISOString();
    basis = feed.paged
      ? { kind: "latest", episodes: past.length, firstEpisodeAt, months: spanMonths }
      : { kind: "since", firstEpisodeAt, months: spanMonths };
    episodesPerMonth = oneDecimal(past.length / spanMonths);
  } else {
    basis = { kind: "last12" };
    episodesPerMonth = last12.mean;
  }

  const durations = (episodes: Episode[]) =>
    episodes.flatMap((episode) =>
      episode.durationSeconds === null ? [] : [episode.durationSeconds],
    );
  const recentDurations = durations(recent);
  const pacedDurations =
    recentDurations.length > 0
      ? recentDurations
      : durations(feed.episodes.filter((episode) => isPaced(episode)));
  return {
    title: feed.title,
    artworkUrl: feed.artworkUrl,
    episodes: total,
    pacedEpisodes: paced,
    episodeTypes: types,
    medium: feed.medium,
    complete: feed.complete,
    blocked: feed.blocked,
    datedEpisodes: published,
    datedShare,
    fewDated: published / total < MIN_DATED_SHARE,
    futureEpisodes: future,
    duplicateItems: feed.duplicates,
    paged: feed.paged,
    lastEpisodeAt: new Date(newest === -Infinity ? newestAny : newest).toISOString(),
    episodesPerMonth,
    basis,
    months,
    last6: period(months.slice(-6)),
    last12,
    monthsWithFiveOrMore: months.filter((month) => month.episodes >= 5).length,
    medianDurationSeconds: medianSeconds(
      pacedDurations.length > 0 ? pacedDurations : durations(feed.episodes),
    ),
    hasTranscripts: feed.episodes.some((episode) => episode.hasTranscript),
  };
}
