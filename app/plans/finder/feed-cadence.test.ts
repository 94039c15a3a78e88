import { describe, expect, it, vi } from "vitest";
import { feedClientMessages, looksLikeFeedUrl, requestFeedCadence } from "./feed-cadence";

const cadence = {
  title: "S",
  artworkUrl: null,
  episodes: 1,
  datedEpisodes: 1,
  datedShare: 1,
  fewDated: false,
  futureEpisodes: 0,
  duplicateItems: 0,
  paged: false,
  lastEpisodeAt: "2026-10-01T00:00:00.000Z",
  episodesPerMonth: null,
  basis: { kind: "none", reason: "too_few_episodes" },
  months: Array.from({ length: 12 }, (_, i) => ({ month: `2026-${i + 1}`, episodes: 1 })),
  last6: { months: 6, mean: 1, busiest: { month: "2026-01", episodes: 1 } },
  last12: { months: 12, mean: 1, busiest: { month: "2026-01", episodes: 1 } },
  monthsWithFiveOrMore: 0,
  medianDurationSeconds: null,
  hasTranscripts: false,
};

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe("looksLikeFeedUrl", () => {
  it.each([
    ["https://feeds.example.com/a.xml", true],
    [" http://x.example/rss ", true],
    ["feeds.example.com/a.xml", false],
    ["ftp://x.example/", false],
    ["my show", false],
  ])("%j → %s", (text, expected) => {
    expect(looksLikeFeedUrl(text)).toBe(expected);
  });
});

describe("requestFeedCadence", () => {
  it("posts the URL as JSON to the same origin's function", async () => {
    const fetchImpl = answer(cadence);
    const outcome = await requestFeedCadence(
      " https://feeds.example.com/a.xml ",
      "https://castloop.test",
      fetchImpl,
    );
    // An answer without what newer functions add reads as a plain podcast feed.
    expect(outcome).toEqual({
      ok: true,
      cadence: {
        ...cadence,
        pacedEpisodes: 1,
        episodeTypes: { full: 0, trailer: 0, bonus: 0, unspecified: 1 },
        medium: null,
        complete: false,
        blocked: false,
      },
    });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://castloop.test/functions/v1/feed-cadence");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"url":"https://feeds.example.com/a.xml"}');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("keeps what the function says of the feed's episode types, medium and end", async () => {
    const said = {
      ...cadence,
      episodes: 3,
      pacedEpisodes: 2,
      episodeTypes: { full: 2, trailer: 1, bonus: 0, unspecified: 0 },
      medium: "music",
      complete: true,
      blocked: true,
    };
    const outcome = await requestFeedCadence("https://x.example/a", "https://c.test", answer(said));
    expect(outcome).toEqual({ ok: true, cadence: said });
  });

  it("refuses what is no URL without a request", async () => {
    const fetchImpl = answer(cadence);
    expect(await requestFeedCadence("my show", "https://castloop.test", fetchImpl)).toEqual({
      ok: false,
      message: feedClientMessages.notAUrl,
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("shows the function's own error text", async () => {
    const body = {
      error: "That feed is larger than 5 MB, more than we read.",
      code: "feed_too_large",
    };
    expect(
      await requestFeedCadence("https://x.example/a", "https://c.test", answer(body, 422)),
    ).toEqual({
      ok: false,
      message: body.error,
    });
  });

  it.each([
    ["a timeout", Object.assign(new DOMException("t", "TimeoutError")), feedClientMessages.tooSlow],
    ["a network failure", new TypeError("Failed to fetch"), feedClientMessages.unreachable],
  ])("turns %s into a sentence", async (_name, error, message) => {
    const fetchImpl = vi.fn(async () => {
      throw error;
    });
    expect(await requestFeedCadence("https://x.example/a", "https://c.test", fetchImpl)).toEqual({
      ok: false,
      message,
    });
  });

  it("treats a non-JSON or odd answer as unreachable", async () => {
    const html = vi.fn(async () => new Response("<html>gateway</html>", { status: 502 }));
    expect((await requestFeedCadence("https://x.example/a", "https://c.test", html)).ok).toBe(
      false,
    );
    expect(
      await requestFeedCadence("https://x.example/a", "https://c.test", answer({ title: "x" })),
    ).toEqual({
      ok: false,
      message: feedClientMessages.unreachable,
    });
  });
});
