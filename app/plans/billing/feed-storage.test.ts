import { describe, expect, it } from "vitest";
import type { Cadence } from "../../../supabase/functions/feed-cadence/pace.ts";
import { CACHE_TTL_MS } from "../../../supabase/functions/feed-cadence/budget.ts";
import { feedStorage } from "./feed-storage";

// The feed field and the Privacy Policy say exactly what the feed function keeps: its cache
// holds, under a SHA-256 of the feed's address, the reading it answered (a `Cadence`) or the refusal. Each field
// of that reading is named here with the words of the sentence that cover it; a field added to
// `Cadence` fails the type check until the sentence says what it is.
const namedBy = {
  title: "the show's title",
  artworkUrl: "its artwork's address",
  episodes: "how many episodes it lists",
  datedEpisodes: "how many of those are dated",
  datedShare: "how many of those are dated",
  fewDated: "how many of those are dated",
  futureEpisodes: "future-dated",
  duplicateItems: "listed twice",
  paged: "whether it is one page of a longer list",
  lastEpisodeAt: "its first and newest episode dates",
  episodesPerMonth: "the pace we work out from these",
  basis: "its first and newest episode dates",
  months: "its episodes in each of the last 12 months",
  last6: "the pace we work out from these",
  last12: "the pace we work out from these",
  monthsWithFiveOrMore: "its episodes in each of the last 12 months",
  medianDurationSeconds: "their typical length",
  hasTranscripts: "whether it offers transcripts",
  pacedEpisodes: "which are trailers or bonus episodes",
  episodeTypes: "which are trailers or bonus episodes",
  medium: "the medium it declares",
  complete: "whether it says the show is complete",
  blocked: "or asks to be left out of Apple Podcasts",
} as const satisfies Record<keyof Cadence, string>;

describe("what the feed field says is kept", () => {
  it("names every field of the reading the function keeps", () => {
    for (const [field, words] of Object.entries(namedBy)) {
      expect(feedStorage, field).toContain(words);
    }
  });

  it("names the refusal the cache keeps instead, and the address it is kept under", () => {
    expect(feedStorage).toContain("or else the reason we could not read it");
    // private.feed_cache keys its rows by url_hash: the address itself is not kept.
    expect(feedStorage).toContain("under a one-way hash of its address");
    expect(feedStorage).not.toContain("keep its address");
  });

  it("gives the cache's time, and that the row outlives it until a clean-up deletes it", () => {
    expect(feedStorage).toContain(`within ${CACHE_TTL_MS / 60_000} minutes`);
    expect(feedStorage).toContain("delete it at our next clean-up");
  });

  it("would fail on the old summary, which left out most of the reading", () => {
    const old =
      "We fetch the feed once, keep a summary of it (the show's title, its artwork's address, its episodes a month and their typical length) and the feed's address in our server's memory for up to 10 minutes so a repeat look does not fetch it again, and never save the feed or use it for anything else.";
    const missing = Object.values(namedBy).filter((words) => !old.includes(words));
    expect(missing.length).toBeGreaterThan(0);
  });
});
