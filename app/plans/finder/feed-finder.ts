// The plan finder's feed field: its copy. Loaded with /pricing; what a feed means for the plans
// (feed-advice.ts) loads only once a feed was read.
// The feed field's privacy line is also the statements table's (billing-rules.ts takes it from
// here): this module imports nothing, so the browser tests can read it outside Vite.

/** What happens to a pasted feed: read once, its summary held in memory for 10 minutes, never saved. */
export const feedStorage =
  "We fetch the feed once, keep a summary of it (the show's title, its artwork's address, its episodes a month and their typical length) and the feed's address in our server's memory for up to 10 minutes so a repeat look does not fetch it again, and never save the feed or use it for anything else.";

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
