import { describe, expect, it } from "vitest";
import type { Episode, Feed } from "./feed.ts";
import { cadence } from "./pace.ts";

const DAY_MS = 86_400_000;
const now = Date.UTC(2026, 0, 20);
let n = 0;
const at = (y: number, m: number, d: number): Episode => ({
  enclosureUrl: `https://cdn.example/${++n}.mp3`,
  published: Date.UTC(y, m, d, 12),
  durationSeconds: 1800,
  hasTranscript: false,
  episodeType: null,
});
const undated = (): Episode => ({ ...at(2000, 0, 1), published: null });
const show = (episodes: Episode[], paged = false): Feed => ({
  title: "S",
  artworkUrl: null,
  episodes,
  duplicates: 0,
  items: episodes.length,
  withoutMedia: 0,
  paged,
  medium: null,
  complete: false,
  blocked: false,
});
/** Weekly episodes, the newest `daysAgo` before now, going back `count`. */
const weekly = (count: number, daysAgo = 2): Episode[] =>
  Array.from({ length: count }, (_, i) => ({
    ...at(2000, 0, 1),
    published: now - (daysAgo + 7 * i) * DAY_MS,
  }));

describe("cadence", () => {
  it("counts the 12 complete months before this one, in UTC, oldest first", () => {
    const result = cadence(
      show([
        at(2026, 0, 5), // this month: not counted
        ...[1, 8, 15, 22, 29].map((d) => at(2025, 11, d)),
        at(2025, 6, 1),
        at(2024, 11, 31), // 13 months back: not counted
        undated(),
      ]),
      now,
    )!;
    expect(result.months.map((m) => m.month)).toEqual([
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
    ]);
    expect(result.months.map((m) => m.episodes)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 5]);
    expect(result.last12.busiest).toEqual({ month: "2025-12", episodes: 5 });
    expect(result.last12.mean).toBe(0.5);
    expect(result.last6.mean).toBe(1);
    expect(result.monthsWithFiveOrMore).toBe(1);
    expect(result.episodes).toBe(9);
    expect(result.datedEpisodes).toBe(8);
    expect(result.fewDated).toBe(false);
    expect(result.basis).toEqual({ kind: "last12" });
    expect(result.episodesPerMonth).toBe(0.5);
    expect(result.lastEpisodeAt).toBe("2026-01-05T12:00:00.000Z");
  });

  it("is null without a single dated episode", () => {
    expect(cadence(show([undated(), undated(), undated()]), now)).toBeNull();
  });

  it("never takes a future-dated item as the latest episode, nor counts it", () => {
    const result = cadence(
      show([at(2027, 5, 1), at(2026, 0, 10), ...weekly(60, 12), at(2025, 11, 40)]),
      now,
    )!;
    expect(result.lastEpisodeAt).toBe("2026-01-10T12:00:00.000Z");
    expect(result.futureEpisodes).toBe(1);
    expect(result.episodes).toBe(62);
    expect(result.datedEpisodes).toBe(62);
  });

  it("divides a young show's episodes by the months since its first, and says so", () => {
    // A weekly show that started ten weeks ago: about 4.3 a month, not 10 / 12.
    const result = cadence(show(weekly(10)), now)!;
    expect(result.basis).toEqual({
      kind: "since",
      firstEpisodeAt: new Date(now - 65 * DAY_MS).toISOString(),
      months: 2.1,
    });
    expect(result.episodesPerMonth).toBe(4.8);
    expect(result.last12.mean).toBeLessThan(1);
  });

  it("divides at least by one month", () => {
    const result = cadence(show(weekly(3, 0)), now)!;
    expect(result.basis).toMatchObject({ kind: "since", months: 1 });
    expect(result.episodesPerMonth).toBe(3);
  });

  it("reads a page of a longer list from the latest episodes it lists", () => {
    const result = cadence(show(weekly(4), true), now)!;
    expect(result.basis).toEqual({
      kind: "latest",
      episodes: 4,
      firstEpisodeAt: new Date(now - 23 * DAY_MS).toISOString(),
      months: 1,
    });
    expect(result.episodesPerMonth).toBe(4);
  });

  it("keeps the 12 months for a paged feed whose page reaches back further", () => {
    const result = cadence(show(weekly(60), true), now)!;
    expect(result.basis).toEqual({ kind: "last12" });
    expect(result.episodesPerMonth).toBe(result.last12.mean);
  });

  it.each([1, 2])("gives no rate for %i episodes, and says why", (count) => {
    const result = cadence(show(weekly(count)), now)!;
    expect(result.episodesPerMonth).toBeNull();
    expect(result.basis).toEqual({ kind: "none", reason: "too_few_episodes" });
  });

  it("gives no rate when only two episodes are dated", () => {
    const result = cadence(show([...weekly(2), undated(), undated(), undated()]), now)!;
    expect(result.basis).toEqual({ kind: "none", reason: "too_few_dates" });
    expect(result.fewDated).toBe(true);
  });

  it("says so when under 80% of the episodes are dated", () => {
    const half = cadence(show([...weekly(60), ...Array.from({ length: 60 }, undated)]), now)!;
    expect(half).toMatchObject({
      episodes: 120,
      datedEpisodes: 60,
      datedShare: 0.5,
      fewDated: true,
    });
    // The pace comes from the dated half only.
    expect(half.episodesPerMonth).toBe(4.3);
    const most = cadence(show([...weekly(80), ...Array.from({ length: 20 }, undated)]), now)!;
    expect(most).toMatchObject({ datedShare: 0.8, fewDated: false });
  });

  it("takes the median duration of the recent episodes, or of all when none has one", () => {
    const withDurations = (seconds: (number | null)[], year = 2025) =>
      seconds.map((s, i) => ({ ...at(year, 3, i + 1), durationSeconds: s }));
    const recent = cadence(show(withDurations([100, 300, null, 200, 1000])), now)!;
    expect(recent.medianDurationSeconds).toBe(250);
    const old = cadence(show(withDurations([60, 120, 180], 2020)), now)!;
    expect(old.medianDurationSeconds).toBe(120);
  });

  it("counts trailers and bonus episodes as episodes, but leaves them out of the pace", () => {
    const typed = (episodes: Episode[], episodeType: Episode["episodeType"]) =>
      episodes.map((episode) => ({ ...episode, episodeType }));
    const full = typed(weekly(52), "full");
    const untyped = typed(weekly(12, 4), null);
    const result = cadence(
      show([
        ...full,
        ...untyped,
        ...typed(weekly(12, 5), "bonus"),
        ...typed([{ ...at(2025, 0, 1), durationSeconds: 60 }], "trailer"),
      ]),
      now,
    )!;
    expect(result.episodes).toBe(77);
    expect(result.pacedEpisodes).toBe(64);
    expect(result.episodeTypes).toEqual({ full: 52, trailer: 1, bonus: 12, unspecified: 12 });
    const withoutExtras = cadence(show([...full, ...untyped]), now)!;
    expect(result.months).toEqual(withoutExtras.months);
    expect(result.episodesPerMonth).toBe(withoutExtras.episodesPerMonth);
    expect(result.basis).toEqual(withoutExtras.basis);
    expect(result.medianDurationSeconds).toBe(1800);
  });

  it("gives no rate for a trailer and two episodes, and dates by the episodes", () => {
    const trailer = { ...at(2026, 0, 10), episodeType: "trailer" as const };
    const result = cadence(show([trailer, at(2025, 11, 1), at(2025, 10, 1)]), now)!;
    expect(result.episodes).toBe(3);
    expect(result.pacedEpisodes).toBe(2);
    expect(result.basis).toEqual({ kind: "none", reason: "too_few_episodes" });
    expect(result.lastEpisodeAt).toBe(new Date(Date.UTC(2025, 11, 1, 12)).toISOString());
    // Only the trailer: it is the latest there is.
    const only = cadence(show([trailer]), now)!;
    expect(only).toMatchObject({ episodes: 1, pacedEpisodes: 0, episodesPerMonth: null });
    expect(only.lastEpisodeAt).toBe(new Date(Date.UTC(2026, 0, 10, 12)).toISOString());
  });

  it("passes the feed's medium, complete and block through", () => {
    const result = cadence(
      { ...show(weekly(5)), medium: "audiobook", complete: true, blocked: true },
      now,
    )!;
    expect(result).toMatchObject({ medium: "audiobook", complete: true, blocked: true });
  });

  it("reads 200,000 dated episodes without spreading them into one call", () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({
      ...at(2000, 0, 1),
      published: now - (i + 1) * 60_000,
    }));
    const result = cadence(show(many), now)!;
    expect(result.episodes).toBe(200_000);
    expect(result.lastEpisodeAt).toBe(new Date(now - 60_000).toISOString());
  });
});
