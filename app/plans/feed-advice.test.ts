import { describe, expect, it } from "vitest";
import type { Cadence } from "~/plans/feed-cadence";
import { feedAdvice, monthLabels } from "./feed-advice";
import { plans } from "./plans";

const [starter, pro, expert, agency] = plans;

function weekly(overrides: Partial<Cadence> = {}): Cadence {
  const counts = [4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4];
  return {
    title: "The Weekly Fixture",
    artworkUrl: null,
    episodes: 156,
    lastEpisodeAt: "2026-11-10T09:00:00.000Z",
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
      weekly({ last12: { months: 12, mean: 2.2, busiest: { month: "2026-03", episodes: 3 } } }),
      [],
    );
    expect(advice.fillEpisodes).toBe(2);
    expect(advice.average?.plan).toBe(starter);
    expect(advice.busiest?.plan).toBe(pro);
    const steady = feedAdvice(
      weekly({ last12: { months: 12, mean: 3.6, busiest: { month: "2026-03", episodes: 4 } } }),
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
      weekly({ last12: { months: 12, mean: 30.4, busiest: { month: "2025-12", episodes: 31 } } }),
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
});
