// What the site and its edge functions must say and send alike, held once. This module imports
// nothing, so Vite, Node and Deno all read it as it is; it is the only module under supabase/ that
// app/ may import (docs/decisions/017-walls.md).

/**
 * How every configuration value is read, at build time and by the server and the functions:
 * trimmed, and unset or blank both mean "use the default", so `.env.example` can be copied as is.
 */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Monthly price of each plan a visitor buys at once, in whole US dollars, by its public id. */
export const checkoutPlanPrices = {
  price_starter: 79,
  price_pro: 149,
  price_expert: 299,
} as const;

/** The public id of a plan that starts a checkout; the Stripe price id stays on the server. */
export type CheckoutPlanId = keyof typeof checkoutPlanPrices;

/** The ids the checkout function accepts, in the order the site lists the plans. */
export const checkoutPlanIds = [
  "price_starter",
  "price_pro",
  "price_expert",
] as const satisfies readonly CheckoutPlanId[];

/** The plan priced on request: it goes to the contact form, never to a checkout. */
export const customPlanId = "price_agency";

/** Every plan's public id. */
export type PlanId = CheckoutPlanId | typeof customPlanId;

/** "$149", "$1,299": a price in whole US dollars, as the site and Stripe's texts print it. */
export function formatUsd(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A price must be a whole, non-negative number of dollars, not ${amount}`);
  }
  return `$${String(amount).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** The footer's link to the billing portal (or the cancellation e-mail), on every page. */
export const manageLabel = "Manage or cancel your subscription";

/**
 * Every price is the total a buyer pays: the Stripe prices are tax-inclusive, and the checkout
 * function refuses any other. It follows a price once in each block that shows one.
 */
export const taxClause = "taxes included";

/**
 * The required choice Checkout shows before payment, which the Terms quote: the express request
 * to start at once, and that an EU/UK consumer's right to withdraw ends once the service is
 * fully performed. The Consumer Rights Directive's rule for services asks for it (art. 16(a) with
 * 7(3) and 8(8)), since the plans are a service.
 */
export const expressStart = {
  key: "startNow",
  label: "Start your subscription at once?",
  option: {
    value: "startNow",
    label:
      "Yes, start now; I accept that my EU/UK right to withdraw ends once it is fully performed",
  },
} as const;

/** How long the browser waits for the checkout function; the function answers well before. */
export const checkoutTimeoutMs = 15_000;

/** How long the browser waits for the feed function; the function answers well before. */
export const feedTimeoutMs = 10_000;

export type EpisodeTypeCounts = {
  full: number;
  trailer: number;
  bonus: number;
  unspecified: number;
};

export type MonthCount = { month: string; episodes: number };
export type Period = {
  months: number;
  /** Episodes a month on average, to one decimal. */
  mean: number;
  busiest: MonthCount;
};

/** What `episodesPerMonth` was worked out from; the finder says it in words. */
export type PaceBasis =
  /** The 12 complete months before today. */
  | { kind: "last12" }
  /** The show is younger than that: since its first episode, `months` ago (at least 1). */
  | { kind: "since"; firstEpisodeAt: string; months: number }
  /** The feed is one page of a longer list: from the `episodes` it lists, over `months`. */
  | { kind: "latest"; episodes: number; firstEpisodeAt: string; months: number }
  /** No rate: too few episodes (one or two, trailers and bonus episodes aside), or too few of them dated. */
  | { kind: "none"; reason: "too_few_episodes" | "too_few_dates" };

export type Cadence = {
  title: string;
  artworkUrl: string | null;
  /**
   * Episodes in the feed: distinct published episodes (one per audio or video file), dated or
   * not, trailers and bonus episodes included; scheduled items are not counted.
   */
  episodes: number;
  /** Of those, the ones the pace counts: all but trailers and bonus episodes. */
  pacedEpisodes: number;
  /** `episodes` by `itunes:episodeType`; `unspecified` had none. */
  episodeTypes: EpisodeTypeCounts;
  /** `podcast:medium` as written; null when absent, which means "podcast". */
  medium: string | null;
  /** `itunes:complete`: the show says it will publish no more episodes. */
  complete: boolean;
  /** `itunes:block`: the show asks Apple Podcasts to leave it out of its directory. */
  blocked: boolean;
  /** Of those, how many have a readable date (future ones included). */
  datedEpisodes: number;
  /** Share of published episodes with a readable date, 0 to 1, to two decimals. */
  datedShare: number;
  /** Under 80% dated: the figure rests on part of the feed, and the finder says so. */
  fewDated: boolean;
  /** Episodes dated after today: neither the latest nor counted. */
  futureEpisodes: number;
  /** Items listed again with the same file, counted once. */
  duplicateItems: number;
  /** The feed said it is one page of a longer list. */
  paged: boolean;
  /**
   * ISO date of the newest dated episode that is not in the future: of the paced ones, or of
   * all when none of those has a date.
   */
  lastEpisodeAt: string;
  /** The figure the finder recommends on, to one decimal; null when there is no rate. */
  episodesPerMonth: number | null;
  basis: PaceBasis;
  /** The 12 complete calendar months (UTC) before this one, oldest first. */
  months: MonthCount[];
  last6: Period;
  last12: Period;
  /** Months among those 12 with five or more episodes. */
  monthsWithFiveOrMore: number;
  /** Median duration of the episodes in those 12 months (or of all, if none had one). */
  medianDurationSeconds: number | null;
  hasTranscripts: boolean;
};
