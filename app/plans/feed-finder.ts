// The plan finder's feed field: its copy. Loaded with /pricing; what a feed means for the plans
// (feed-advice.ts) loads only once a feed was read.

import { billingStatements } from "./billing-rules";

export const feedFinderCopy = {
  label: "Paste your podcast's RSS feed",
  hint: "We count your episodes a month from it and fill in the finder below.",
  privacy: billingStatements.feedStorage,
  placeholder: "https://feeds.example.com/your-show.xml",
  submit: "Read my feed",
  reading: "Reading your feed…",
  fallback: "You can still choose your episodes a month below.",
  filled: (episodes: number) =>
    `Filled in ${episodes} episode${episodes === 1 ? "" : "s"} a month from your feed.`,
  failed: "Something went wrong. Please try again.",
  chartCaption: (title: string) => `Episodes a month, last 12 months: ${title}`,
  chartLegend: "Darker bars: months with five or more episodes.",
  monthColumn: "Month",
  episodesColumn: "Episodes",
} as const;
