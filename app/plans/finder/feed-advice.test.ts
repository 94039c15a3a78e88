import { describe, expect, it } from "vitest";
import type { Cadence } from "~/plans/finder/feed-cadence";
import { feedAdvice, monthLabels } from "./feed-advice";
import { plans } from "~/plans/plans";

const [starter, pro, expert, agency] = plans;

function weekly(overrides: Partial<Cadence> = {}): Cadence {
  const counts = [4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4];
  return {
    title: "The Weekly Fixture",
    artworkUrl: null,
    episodes: 156,
    pacedEpisodes: 156,
    episodeTypes: { full: 156, trailer: 0, bonus: 0, unspecified: 0 },
    medium: null,
    complete: false,
    blocked: false,
    datedEpisodes: 156,
    datedShare: 1,
    fewDated: false,
    futureEpisodes: 0,
    duplicateItems: 0,
    paged: false,
    lastEpisodeAt: "2026-11-10T09:00:00.000Z",
    episodesPerMonth: 4.3,
    basis: { kind: "last12" },
    months: counts.map((episodes, i) => ({
      month: `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, "0")}`,
      episodes,
    })),
    last6: { months: 6, mean: 4.3, busiest: { month: "2026-06", episodes: 5 } },
    last12: { months: 12, mean: 4.3, busiest: { month: "2025-12", episodes: 5 } },
    monthsWithFiveOrMore: 4,
    medianDurationSeconds: 3130,
    hasTranscripts: true,
    ...overrides,
  };
}

describe("monthLabels", () => {
  it("names a yyyy-mm month", () => {
    expect(monthLabels("2025-12")).toEqual({ short: "Dec", long: "Dec 2025" });
  });
});

describe("feedAdvice", () => {
  it("fills in the rounded average, recommends for it and for the busiest month", () => {
    const advice = feedAdvice(weekly(), []);
    expect(advice.fillEpisodes).toBe(4);
    expect(advice.basis).toBe("counted over the last 12 months");
    expect(advice.check).toBeNull();
    expect(advice.summary).toBe(
      "The Weekly Fixture published 4.3 episodes a month on average over the last 12 months (4.3 over the last 6), and 5 episodes in its busiest month, Dec 2025. 4 months had five or more.",
    );
    expect(advice.details).toEqual([
      "A typical episode runs 52 minutes.",
      "Your feed already links transcripts.",
    ]);
    expect(advice.average?.plan).toBe(pro);
    // $149 / 4.3 episodes = $34.65
    expect(advice.average?.text).toBe(
      "For an average month (about 4 episodes): Pro, $149 a month, $34.65 per episode at that pace.",
    );
    expect(advice.busiest?.plan).toBe(expert);
    expect(advice.busiest?.text).toBe(
      "For your busiest month (5 episodes): Expert, $299 a month, $59.80 per episode at that pace.",
    );
  });

  it("says so when the busiest month fits the same plan", () => {
    const advice = feedAdvice(
      weekly({
        episodesPerMonth: 2.2,
        last12: { months: 12, mean: 2.2, busiest: { month: "2026-03", episodes: 3 } },
      }),
      [],
    );
    expect(advice.fillEpisodes).toBe(2);
    expect(advice.average?.plan).toBe(starter);
    expect(advice.busiest?.plan).toBe(pro);
    const steady = feedAdvice(
      weekly({
        episodesPerMonth: 3.6,
        last12: { months: 12, mean: 3.6, busiest: { month: "2026-03", episodes: 4 } },
      }),
      [],
    );
    expect(steady.busiest?.text).toBe("Your busiest month (4 episodes) fits Pro too.");
  });

  it("takes the finder's needs into account", () => {
    const advice = feedAdvice(weekly(), ["white-label"]);
    expect(advice.average?.plan).toBe(expert);
  });

  it("caps a daily show at the finder's 12 or more", () => {
    const advice = feedAdvice(
      weekly({
        episodesPerMonth: 30.4,
        last12: { months: 12, mean: 30.4, busiest: { month: "2025-12", episodes: 31 } },
      }),
      [],
    );
    expect(advice.fillEpisodes).toBe(12);
    expect(advice.average?.plan).toBe(agency);
    expect(advice.average?.text).toContain("Agency, priced on request");
  });

  it("leaves the finder alone for a show that stopped", () => {
    const advice = feedAdvice(
      weekly({
        lastEpisodeAt: "2024-06-04T09:00:00.000Z",
        episodesPerMonth: 0,
        last12: { months: 12, mean: 0, busiest: { month: "2025-11", episodes: 0 } },
      }),
      [],
    );
    expect(advice.fillEpisodes).toBeNull();
    expect(advice.average).toBeNull();
    expect(advice.summary).toBe(
      "The Weekly Fixture published no episodes in the last 12 months; the latest came out on June 4, 2024. We left the finder as it was.",
    );
  });

  it("paces a young show since its first episode, and says so", () => {
    const advice = feedAdvice(
      weekly({
        episodes: 10,
        episodesPerMonth: 4.5,
        basis: { kind: "since", firstEpisodeAt: "2026-09-08T09:00:00.000Z", months: 2.2 },
        last12: { months: 12, mean: 0.8, busiest: { month: "2026-09", episodes: 4 } },
      }),
      [],
    );
    expect(advice.fillEpisodes).toBe(5);
    expect(advice.basis).toBe("counted since your first episode, on September 8, 2026");
    expect(advice.summary).toBe(
      "The Weekly Fixture has published 4.5 episodes a month on average since its first episode on September 8, 2026, and 4 episodes in its busiest month, Sep 2026.",
    );
    // The price per episode is at the pace filled in, not the 12-month mean.
    expect(advice.average?.text).toBe(
      "For an average month (about 5 episodes): Expert, $299 a month, $66.44 per episode at that pace.",
    );
  });

  it("says a paged feed was counted from the latest episodes it lists", () => {
    const advice = feedAdvice(
      weekly({
        episodes: 4,
        paged: true,
        episodesPerMonth: 4,
        basis: {
          kind: "latest",
          episodes: 4,
          firstEpisodeAt: "2026-10-20T09:00:00.000Z",
          months: 1,
        },
      }),
      [],
    );
    expect(advice.fillEpisodes).toBe(4);
    expect(advice.basis).toBe("counted from the latest 4 episodes your feed lists");
    expect(advice.summary).toBe(
      "The Weekly Fixture's feed lists only its latest 4 episodes, so we counted from those: 4 episodes a month on average since October 20, 2026.",
    );
  });

  it.each([
    [1, "Your feed lists only one episode, too few to tell how often you publish."],
    [2, "Your feed lists only two episodes, too few to tell how often you publish."],
  ])("gives no rate for %i episodes and says why", (count, reason) => {
    const advice = feedAdvice(
      weekly({
        episodes: count,
        pacedEpisodes: count,
        episodeTypes: { full: count, trailer: 0, bonus: 0, unspecified: 0 },
        datedEpisodes: count,
        episodesPerMonth: null,
        basis: { kind: "none", reason: "too_few_episodes" },
      }),
      [],
    );
    expect(advice.fillEpisodes).toBeNull();
    expect(advice.noRate).toBe(reason);
    expect(advice.summary).toBe(`${reason} We left the finder as it was.`);
    expect(advice.average).toBeNull();
  });

  it("asks the visitor to check the figure when under 80% of episodes are dated", () => {
    const advice = feedAdvice(
      weekly({ episodes: 120, datedEpisodes: 60, datedShare: 0.5, fewDated: true }),
      [],
    );
    expect(advice.fillEpisodes).toBe(4);
    expect(advice.check).toBe(
      "Only 60 of the 120 episodes in your feed carry a date we could read, so the figures come from those. Please check them against what you publish.",
    );
    const fewDates = feedAdvice(
      weekly({
        episodes: 10,
        datedEpisodes: 2,
        fewDated: true,
        episodesPerMonth: null,
        basis: { kind: "none", reason: "too_few_dates" },
      }),
      [],
    );
    expect(fewDates.noRate).toBe(
      "Only 2 of the 10 episodes in your feed carry a date we can count, too few to tell how often you publish.",
    );
    const futureDates = feedAdvice(
      weekly({
        episodes: 3,
        datedEpisodes: 3,
        futureEpisodes: 2,
        episodesPerMonth: null,
        basis: { kind: "none", reason: "too_few_dates" },
      }),
      [],
    );
    expect(futureDates.noRate).toBe(
      "Only 1 of the 3 episodes in your feed carries a date we can count, too few to tell how often you publish.",
    );
  });

  it("leaves trailers and bonus episodes out of the pace, and says so", () => {
    const advice = feedAdvice(
      weekly({
        episodes: 170,
        pacedEpisodes: 156,
        episodeTypes: { full: 150, trailer: 1, bonus: 13, unspecified: 6 },
      }),
      [],
    );
    expect(advice.details).toContain(
      "We left a trailer and 13 bonus episodes out of the pace: it counts your full episodes.",
    );
    expect(feedAdvice(weekly(), []).details.join(" ")).not.toContain("out of the pace");
  });

  it.each([
    [
      { pacedEpisodes: 0, episodeTypes: { full: 0, trailer: 1, bonus: 0, unspecified: 0 } },
      "Your feed lists only a trailer so far, no full episodes, too few to tell how often you publish.",
    ],
    [
      { pacedEpisodes: 2, episodeTypes: { full: 2, trailer: 1, bonus: 2, unspecified: 0 } },
      "Your feed lists only two episodes besides a trailer and 2 bonus episodes, too few to tell how often you publish.",
    ],
  ])("counts no trailer or bonus episode toward a rate", (counts, reason) => {
    const advice = feedAdvice(
      weekly({
        episodes:
          counts.episodeTypes.full + counts.episodeTypes.trailer + counts.episodeTypes.bonus,
        ...counts,
        episodesPerMonth: null,
        basis: { kind: "none", reason: "too_few_episodes" },
      }),
      [],
    );
    expect(advice.noRate).toBe(reason);
  });

  it.each([
    ["music", "music", "track"],
    ["audiobook", "an audiobook", "chapter"],
    ["video", "a video channel", "video"],
    ["film", "a film", "item"],
    ["newsletter", "a newsletter", "article"],
    ["blog", "a blog", "post"],
    ["course", "a course", "session"],
    ["zine", '"zine"', "item"],
  ])(
    "names a feed whose podcast:medium is %s and what that means for the figures",
    (medium, is, item) => {
      const advice = feedAdvice(weekly({ medium }), []);
      expect(advice.notes).toEqual([
        `Your feed says it is ${is} (podcast:medium), not a podcast. Our plans are made for podcast episodes, each one transcribed and summarized, so the figures below count every ${item} as an episode: use them only if you would send us each ${item}.`,
      ]);
      // The figures still come: the visitor decides.
      expect(advice.fillEpisodes).toBe(4);
    },
  );

  it("says nothing of the medium for a podcast, said or not", () => {
    expect(feedAdvice(weekly({ medium: "podcast" }), []).notes).toEqual([]);
    expect(feedAdvice(weekly({ medium: "Podcast" }), []).notes).toEqual([]);
    expect(feedAdvice(weekly(), []).notes).toEqual([]);
  });

  it("says the show has ended when the feed marks it complete or blocked, the figures its history", () => {
    const complete = feedAdvice(weekly({ complete: true, blocked: true }), []);
    expect(complete.notes).toEqual([
      "Your feed marks the show as complete (itunes:complete): no new episodes are coming. The figures below are its history, not what you will publish next.",
    ]);
    expect(complete.summary).toContain("4.3 episodes a month on average");
    const blocked = feedAdvice(weekly({ blocked: true }), []);
    expect(blocked.notes).toEqual([
      "Your feed asks Apple Podcasts to leave the show out of its directory (itunes:block), as a show that no longer publishes often does. The figures below are its history, not what you will publish next.",
    ]);
    const quiet = feedAdvice(
      weekly({
        complete: true,
        episodesPerMonth: 0,
        months: weekly().months.map((m) => ({ ...m, episodes: 0 })),
      }),
      [],
    );
    expect(quiet.notes).toHaveLength(1);
    expect(quiet.summary).toContain("published no episodes in the last 12 months");
  });

  it("never says an episode runs 0 minutes", () => {
    expect(feedAdvice(weekly({ medianDurationSeconds: 20 }), []).details).toEqual([
      "Your feed already links transcripts.",
    ]);
    expect(feedAdvice(weekly({ medianDurationSeconds: 60 }), []).details[0]).toBe(
      "A typical episode runs 1 minute.",
    );
  });
});
