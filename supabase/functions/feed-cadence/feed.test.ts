import { describe, expect, it } from "vitest";
import { cadence, parseDuration, parseFeed } from "./feed.ts";

const item = (inner: string) =>
  `<item>${inner}<enclosure url="https://cdn.example/a.mp3" type="audio/mpeg" length="1"/></item>`;
const feed = (items: string, head = "<title>Show</title>") =>
  `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>${head}${items}</channel></rss>`;

describe("parseDuration", () => {
  it.each([
    ["3600", 3600],
    ["59", 59],
    ["2400.5", 2401],
    ["45:30", 2730],
    ["5:07", 307],
    ["1:02:03", 3723],
    ["01:02:03", 3723],
    ["00:52:10.250", 3130],
    ["10:00:00", 36000],
    [" 12:00 ", 720],
  ])("reads %j as %i seconds", (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([undefined, "", "abc", "1:2:3:4", "-5", "12:60", "1:60:00", "1h 20m", "::"])(
    "gives null for %j",
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );
});

describe("parseFeed", () => {
  it("reads the title (entities and CDATA decoded) and the artwork", () => {
    const result = parseFeed(
      feed(
        item("<pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate>"),
        '<title><![CDATA[Tom & Jerry]]>&#8217;s &amp; &#xE9;</title><itunes:image href="https://cdn.example/art.jpg"/>',
      ),
    );
    expect(result).toMatchObject({
      ok: true,
      feed: { title: "Tom & Jerry’s & é", artworkUrl: "https://cdn.example/art.jpg" },
    });
  });

  it("falls back to the RSS image and refuses artwork that is not http(s)", () => {
    const rssImage = parseFeed(
      feed(item(""), "<image><url>https://cdn.example/i.png</url></image>"),
    );
    expect(rssImage.ok && rssImage.feed.artworkUrl).toBe("https://cdn.example/i.png");
    const script = parseFeed(feed(item(""), '<itunes:image href="javascript:alert(1)"/>'));
    expect(script.ok && script.feed.artworkUrl).toBeNull();
  });

  it("reads one item as a list, with duration, date and transcript", () => {
    const result = parseFeed(
      feed(
        item(
          '<pubDate>Tue, 03 Jun 2025 09:00:00 +0000</pubDate><itunes:duration>1:00:00</itunes:duration><podcast:transcript url="https://x/t.vtt" type="text/vtt"/>',
        ),
      ),
    );
    expect(result).toEqual({
      ok: true,
      feed: {
        title: "Show",
        artworkUrl: null,
        items: [
          {
            published: Date.UTC(2025, 5, 3, 9),
            durationSeconds: 3600,
            hasTranscript: true,
            hasEnclosure: true,
          },
        ],
      },
    });
  });

  it.each([
    ["an Atom document", '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'],
    [
      "RSS without enclosures",
      "<rss><channel><title>x</title><item><title>y</title></item></channel></rss>",
    ],
    ["RSS without items", "<rss><channel><title>x</title></channel></rss>"],
    ["HTML", "<html><body><p>hi</p></body></html>"],
  ])("refuses %s as no podcast feed", (_name, xml) => {
    expect(parseFeed(xml)).toEqual({ ok: false, reason: "not_a_podcast_feed" });
  });

  it.each([
    ["unclosed tags", "<rss><channel><title>x</channel></rss>"],
    [
      "an external entity",
      '<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title></channel></rss>',
    ],
    ["plain text", "not xml at all"],
  ])("refuses %s as malformed", (_name, xml) => {
    expect(parseFeed(xml)).toEqual({ ok: false, reason: "malformed" });
  });

  it("keeps DOCTYPE entities unexpanded", () => {
    const result = parseFeed(
      `<!DOCTYPE rss [<!ENTITY big "${"x".repeat(1000)}">]>${feed(item(""), "<title>&big;&big;</title>")}`,
    );
    expect(result.ok && result.feed.title).toBe("&big;&big;");
  });
});

describe("cadence", () => {
  const now = Date.UTC(2026, 0, 20);
  const at = (y: number, m: number, d: number) => ({
    published: Date.UTC(y, m, d, 12),
    durationSeconds: 1800,
    hasTranscript: false,
    hasEnclosure: true,
  });

  it("counts the 12 complete months before this one, in UTC, oldest first", () => {
    const result = cadence(
      {
        title: "S",
        artworkUrl: null,
        items: [
          at(2026, 0, 5), // this month: not counted
          ...[1, 8, 15, 22, 29].map((d) => at(2025, 11, d)),
          at(2025, 6, 1),
          at(2024, 11, 31), // 13 months back: not counted
          { ...at(2025, 5, 1), published: null },
        ],
      },
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
    expect(result.lastEpisodeAt).toBe("2026-01-05T12:00:00.000Z");
  });

  it("is null without a single dated episode", () => {
    expect(
      cadence(
        { title: "S", artworkUrl: null, items: [{ ...at(2025, 1, 1), published: null }] },
        now,
      ),
    ).toBeNull();
  });

  it("takes the median duration of the recent episodes, or of all when none has one", () => {
    const withDurations = (seconds: (number | null)[], year = 2025) =>
      seconds.map((s, i) => ({ ...at(year, 3, i + 1), durationSeconds: s }));
    const recent = cadence(
      { title: "", artworkUrl: null, items: withDurations([100, 300, null, 200, 1000]) },
      now,
    )!;
    expect(recent.medianDurationSeconds).toBe(250);
    const old = cadence(
      { title: "", artworkUrl: null, items: withDurations([60, 120, 180], 2020) },
      now,
    )!;
    expect(old.medianDurationSeconds).toBe(120);
  });
});
