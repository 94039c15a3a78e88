import { feedStorage } from "../billing/feed-storage.ts";

// The plan finder's feed field: its copy. Loaded with /pricing; what a feed means for the plans
// (feed-advice.ts) loads only once a feed was read. The privacy line is the statements table's.
// The one import names its file in full, so the browser tests can read this module outside Vite.

/** The feed check-up page; `?feed=<url>` on it is a shareable report. */
export const feedCheckPath = "/feed-check";

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
