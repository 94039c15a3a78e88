// The plan finder's feed field: its copy. Loaded with /pricing; what a feed means for the plans
// (feed-advice.ts) loads only once a feed was read.
// The feed field's privacy line is also the statements table's (billing-rules.ts takes it from
// here): this module imports nothing, so the browser tests can read it outside Vite.

/**
 * What happens to a pasted feed: the feed function's cache keeps the feed's address with the
 * reading it answered (its `Cadence`, field by field below, or the refusal) for CACHE_TTL_MS.
 * feed-storage.test.ts fails when the reading gains a field this sentence does not name.
 */
export const feedStorage =
  "We fetch the feed once and keep what we read from it on our servers, under a one-way hash of its address, so a look at the same feed within 10 minutes does not fetch it again, then stop using it and delete it at our next clean-up: the show's title, its artwork's address, how many episodes it lists and how many of those are dated, future-dated or listed twice and which are trailers or bonus episodes, the medium it declares, whether it says the show is complete or asks to be left out of Apple Podcasts, whether it is one page of a longer list, its episodes in each of the last 12 months, its first and newest episode dates, their typical length, whether it offers transcripts and the pace we work out from these, or else the reason we could not read it; we never save the feed itself or use it for anything else.";

export const feedFinderCopy = {
  label: "Paste your podcast's RSS feed",
  hint: "We count your episodes a month from it and fill in the finder below.",
  privacy: feedStorage,
  placeholder: "https://feeds.example.com/your-show.xml",
  submit: "Read my feed",
  reading: "Reading your feed…",
  fallback: "You can still choose your episodes a month below.",
  /** `basis` is one of feedAdvice's `basis` phrases ("counted over the last 12 months"). */
  filled: (episodes: number, basis: string) =>
    `Filled in ${episodes} episode${episodes === 1 ? "" : "s"} a month from your feed, ${basis}.`,
  failed: "Something went wrong. Please try again.",
  chartCaption: (title: string) => `Episodes a month, last 12 months: ${title}`,
  chartLegend: "Darker bars: months with five or more episodes.",
  monthColumn: "Month",
  episodesColumn: "Episodes",
} as const;
