import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readFeed } from "./read-feed.ts";

// The corpus in tests/fixtures/feeds/ (where each shape was seen: its SOURCES.md), read as a
// careful person reads a feed, with "today" fixed at 1 December 2025 00:00 UTC: the 12 complete
// months are December 2024 to November 2025. A file is read as saved, with no HTTP charset.
//
// What each row states:
// - episodes: distinct published episodes, one per audio or video file; an item scheduled
//   after today is not published yet and is counted apart, in `future`;
// - dated: of those, how many carry a date that can be read without guessing;
// - pace: episodes a month over the 12 months ("last12"), or, for a show younger than that
//   ("since") or a feed that is one page of a longer list ("latest"), since its first listed
//   episode (at least one month); "none" for one or two episodes;
// - latest: the newest dated episode that is not in the future, in UTC;
// - paced: the episodes the pace counts, all but trailers and bonus episodes
//   (`itunes:episodeType`); stated where it differs from `episodes`;
// - medium, complete, blocked: `podcast:medium`, `itunes:complete` and `itunes:block`, stated
//   where the feed sets them;
// - noMedia, duplicates: items left out for want of an audio or video file, or for repeating
//   one, stated where the row is about them.
// A "// feedparser:" line above a row says where Python's feedparser 6 reads the feed
// differently, and why.

const NOW = Date.parse("2025-12-01T00:00:00Z");
const FEEDS = new URL("../../../tests/fixtures/feeds/", import.meta.url);

type Basis = "last12" | "since" | "latest" | "none";
type Reading = {
  title: string;
  episodes: number;
  dated: number;
  future: number;
  perMonth: number | null;
  basis: Basis;
  latest: string;
} & Extra;
type Extra = {
  medianSeconds?: number;
  paced?: number;
  medium?: string;
  complete?: boolean;
  blocked?: boolean;
  noMedia?: number;
  duplicates?: number;
};
type Row = { file: string; why: string } & (
  { refused: true } | { refused: false; reading: Reading }
);

const read = (
  file: string,
  title: string,
  episodes: number,
  dated: number,
  future: number,
  perMonth: number | null,
  basis: Basis,
  latest: string,
  why: string,
  extra: Extra = {},
): Row => ({
  file,
  why,
  refused: false,
  reading: { title, episodes, dated, future, perMonth, basis, latest, ...extra },
});
const refused = (file: string, why: string): Row => ({ file, why, refused: true });

// prettier-ignore
const CORPUS: Row[] = [
  //   file, title, episodes, dated, future, a month, basis, latest (UTC), why
  read("libsyn-weekly.xml", "The Slow Garden Hour", 91, 91, 0, 4.33, "last12", "2025-11-24T08:00:00Z", "Weekly on Mondays since March 2024; 52 Mondays fall in the 12 months."),
  // feedparser: returns the repeated item as a second entry (one more episode).
  read("anchor-fortnightly.xml", "Night Shift Notes", 33, 33, 0, 2.17, "last12", "2025-11-27T23:00:00Z", "Every other Thursday; one episode is listed twice (same guid and audio) and counts once."),
  read("megaphone-weekdays.xml", "Market Open Brief", 304, 304, 0, 21.67, "last12", "2025-11-28T10:00:00Z", "Every weekday since October 2024; 260 weekdays in the 12 months."),
  read("simplecast-seasons.xml", "Field Notes on Bridges", 43, 43, 0, 2.83, "last12", "2025-11-24T09:00:00Z", "Three seasons with breaks and a trailer; 35 episodes in the 12 months, of which the trailer is left out of the pace: 34.", { paced: 42 }),
  read("transistor-podcasting20.xml", "Cable & Kernel", 79, 79, 0, 4.42, "last12", "2025-11-30T23:00:00Z", "Sundays 15:00 Pacific (-0800/-0700); the last one is 23:00 UTC on 30 November."),
  read("podbean-weekly.xml", "Bread & Board Games", 69, 69, 0, 4.33, "last12", "2025-11-26T23:30:00Z", "Wednesdays 18:30 New York time; durations as MM:SS or H:MM:SS."),
  // feedparser: reads the same 13 entries; dividing them by 12 months would say about 1 a month.
  read("omny-paged.xml", "Dockside Radio Hour", 13, 13, 0, 4.36, "latest", "2025-11-24T05:00:00Z", "Page 1 of 9 (atom:link rel=next): 13 weekly episodes since 1 September, about 4.3 a month."),
  read("soundcloud-next-page.xml", "Tape Loop Sessions", 25, 25, 0, 1.5, "last12", "2025-11-28T16:45:12Z", "Irregular, on Fridays; a first page (rel=next) that reaches back to May 2024 covers the 12 months, so they count: 18 tracks, 1.5 a month."),
  read("podigee-german.xml", "Werkstattgespräche", 41, 41, 0, 2.17, "last12", "2025-11-18T05:00:00Z", "Every other Tuesday 06:00 Berlin time, written in UTC."),
  read("podcasting20-live-item.xml", "Lightning Ledger", 35, 35, 0, 1.0, "last12", "2025-11-03T12:00:00Z", "Monthly on the 3rd; the pending podcast:liveItem (a stream in December) is not an episode.", { medium: "podcast" }),
  read("atom-enclosures.atom", "Open Circuit Radio", 34, 34, 0, 2.0, "last12", "2025-11-15T06:30:00Z", "Atom with link rel=enclosure (Ogg audio) on the 1st and 15th at 07:30 Berlin time."),
  read("utf16-bom.xml", "Café Nächte – Gespräche", 18, 18, 0, 1.0, "last12", "2025-11-09T17:00:00Z", "UTF-16LE with a byte-order mark, as written by a Windows tool; monthly on the 9th."),
  read("iso-8859-1-prolog.xml", "Les Écrans du Dimanche", 100, 100, 0, 4.42, "last12", "2025-11-30T09:00:00Z", "Latin-1 bytes, declared only in the XML declaration (a file has no HTTP charset)."),
  read("windows-1252-prolog.xml", "Rock’n’Roll Rückblick – Jukebox Nights", 48, 48, 0, 2.17, "last12", "2025-11-21T19:00:00Z", "windows-1252 curly quotes, en dash and euro sign (bytes 0x80-0x9F), declared only in the prolog."),
  // feedparser: feedparser's strict parser rejects the misplaced declaration and its loose parser reads the feed with bozo set.
  read("whitespace-before-prolog.xml", "Prairie Fix", 87, 87, 0, 4.33, "last12", "2025-11-27T13:00:00Z", "Blank lines and a tab before <?xml (a PHP template's stray output); some enclosures lack a type (.mp3 says audio), one in ten is video/mp4.", { medium: "podcast" }),
  // feedparser: feedparser's strict parser rejects the misplaced declaration and its loose parser reads the feed with bozo set.
  read("bom-then-whitespace.xml", "Teapot Politics", 30, 30, 0, 2.0, "last12", "2025-11-18T12:00:00Z", "UTF-8 byte-order mark, then CRLF, then the declaration; twice a month."),
  // feedparser: knows none of BST, CET, CEST, GTM or UTC and takes them as +0000: every BST/CET/CEST date is 1-2 hours late, so the newest reads 2025-11-30T00:30Z and summer episodes just after midnight move to the next day.
  read("timezone-names.xml", "Sunday League Shouts", 79, 79, 0, 4.42, "last12", "2025-11-29T23:30:00Z", "Sundays 00:30 local; zones written as GMT, BST, CET, CEST, UTC, the typo GTM, and offsets. The newest, 00:30 CET on 30 November, is 23:30 UTC on the 29th."),
  read("iso8601-dates.xml", "Cuaderno de Viaje", 74, 74, 0, 4.33, "last12", "2025-11-26T08:00:00Z", "A static-site generator writes ISO 8601 in pubDate: with offset, Z, milliseconds, or no zone (read as UTC)."),
  // feedparser: leaves two of the six forms undated: the month-first one ('November 24, 2025 06:15:00 +0000') and the one with a day name but no zone ('Mon, 24 Nov 2025 06:15:00'): 54 of 82 dated, so about 2.8 a month instead of 4.3.
  read("loose-rfc822-dates.xml", "Morning Birding", 82, 82, 0, 4.33, "last12", "2025-11-24T06:15:00Z", "Mondays 06:15 UTC written six ways: no seconds, no zone, date only, 'November 24, 2025', '24 November 2025', full RFC 822."),
  // feedparser: also leaves 'dd/mm/yyyy' unparsed; it has no notion of the share of undated episodes.
  read("ambiguous-numeric-dates.xml", "Parish Notices Read Aloud", 61, 36, 0, 2.5, "last12", "2025-11-26T17:00:00Z", "Weekly; dates on days 1-12 are written 'dd/mm/yyyy' and cannot be told from 'mm/dd/yyyy', so they are undated: 36 of 61 dated, under 80%, and the figure counts only the dated ones."),
  // feedparser: reads the year-1 placeholder as 0001-01-01 and counts it as dated (one more dated episode); the others it leaves unparsed, as here.
  read("not-dates.xml", "Thrift Shop Finds", 33, 28, 0, 1.92, "last12", "2025-11-25T12:00:00Z", "Fortnightly; five pubDates are not dates: 'Episode 12', '1', a year-1 placeholder, year 20255, and an empty element."),
  // feedparser: reads the future dates like any other: the newest would be 2099-12-31 and 7 more entries would count.
  read("future-dated.xml", "The Quiet Quarter", 69, 69, 7, 4.33, "last12", "2025-11-25T05:00:00Z", "Tuesdays; 7 items are dated after 'now' (6 scheduled weekly episodes and a 2099 draft): they are neither the latest episode nor counted."),
  // feedparser: returns all 98 items; counting them would add 20 episodes and raise the pace from 4.3 to 6.0 a month.
  read("duplicate-enclosures.xml", "Wild Swim Club", 78, 78, 0, 4.33, "last12", "2025-11-25T11:00:00Z", "Weekly, and since March every other episode is re-posted three days later as an 'Encore' with a new guid and the same audio URL (20 repeats): one episode per audio file."),
  // feedparser: keeps every entry, as here; a reader that deduplicated by guid would lose season 1's overlap.
  read("reused-guids.xml", "Lost Recipes", 47, 47, 0, 3.58, "last12", "2025-11-24T08:00:00Z", "Season 2 restarted the guids at 'episode-1', so most guids name two different episodes with different audio: all count."),
  // feedparser: reads 20 entries with enclosures; only the enclosure type says they are photos.
  refused("news-jpeg-enclosures.xml", "A news feed: every enclosure is a photo (image/jpeg, or a .jpg URL with no type). No audio or video, so not a podcast feed."),
  // feedparser: sets bozo and returns no entries.
  refused("show-web-page.html", "The show's HTML page (with a link to its feed) pasted instead of the feed."),
  // feedparser: reads 10 entries with no enclosures.
  refused("blog-without-enclosures.xml", "A WordPress blog feed: ten posts, no enclosures."),
  // feedparser: reads the same 18 dates; dividing by 12 months would say 1.5 a month.
  read("young-weekly-show.xml", "First Draft Club", 18, 18, 0, 4.51, "since", "2025-11-28T10:00:00Z", "Weekly since 1 August 2025: 18 episodes in 4 months, about 4.5 a month ('since August'), not 18/12."),
  read("one-episode.xml", "Red Brick Radio", 1, 1, 0, null, "none", "2025-11-20T15:00:00Z", "Only a trailer so far: one episode, none to pace, and the trailer's date is the latest.", { paced: 0 }),
  read("two-episodes.xml", "Tide Pool Talks", 2, 2, 0, null, "none", "2025-11-06T08:00:00Z", "Two episodes a month apart: too few for a pace."),
  // feedparser: returns '0:00' and '0' as the duration text; read as 0 seconds they are the majority and the median would be 0 minutes.
  read("zero-durations.xml", "City Hall Watch", 73, 73, 0, 4.33, "last12", "2025-11-26T13:00:00Z", "Weekly; two episodes in three have itunes:duration '0:00' or '0' (the host never measured them). Those are ignored: every measured episode runs 42 minutes.", { medianSeconds: 2520 }),
  read("x-audio-archive.xml", "Tin Roof Radio", 35, 35, 0, 1.0, "last12", "2025-11-06T00:00:00Z", "Monthly since 2023, written by an old desktop tool: the oldest 8 enclosures say x-audio/mp3 and 6 more audio/x-mp3; all are audio."),
  read("untyped-enclosures.xml", "Garden Gate Talks", 30, 30, 0, 4.48, "since", "2025-11-30T10:30:00Z", "Sundays since May: enclosure types missing, empty, 'mp3', application/octet-stream, application/force-download or binary/octet-stream, so the file name decides (.mp3?dl=1, .MP3, .m4a, .opus, .mov); three PDF handouts typed application/octet-stream are no episodes.", { noMedia: 3 }),
  read("episode-types.xml", "Knots & Notes", 72, 72, 0, 4.33, "last12", "2025-11-26T07:00:00Z", "Weekly on Wednesdays, with a trailer and 10 monthly bonus episodes ('bonus', 'Bonus', 'BONUS', ' bonus '); every fifth item has no type and counts as full. 72 episodes, 61 paced: 52 in the 12 months.", { paced: 61, medianSeconds: 2280 }),
  read("podcast-medium-music.xml", "Lanterns Over Water", 11, 11, 0, 2.75, "since", "2025-10-17T00:00:00Z", "An album (podcast:medium music): ten tracks on one day and a single before them. Read like any feed; the medium is reported so the advice can say so.", { medium: "music" }),
  read("complete-show.xml", "The Last Lighthouse", 26, 26, 0, 0, "last12", "2023-12-26T06:00:00Z", "itunes:complete Yes: fortnightly through 2023, then no more. The pace is its history: none in the 12 months.", { complete: true }),
  read("blocked-show.xml", "Allotment Committee Minutes", 12, 12, 0, 1.0, "since", "2025-11-12T16:00:00Z", "itunes:block YES, with the iTunes namespace written as Apple's older 'DTDs/Podcast-1.0.dtd': monthly on the 12th since December 2024.", { blocked: true }),
  read("rss1-rdf.xml", "Quiet Hours Reading Room", 20, 20, 0, 2.28, "since", "2025-11-27T20:00:00Z", "RSS 1.0 (RDF): items beside the channel, dc:date, enc:enclosure rdf:resource with enc:type audio/ogg; three text notes have none.", { noMedia: 3 }),
  read("media-rss-only.xml", "Bench Test Video Log", 26, 26, 0, 4.41, "since", "2025-11-25T17:00:00Z", "Weekly videos whose only files are Media RSS media:content: in a media:group of renditions (one episode), typed video/mp4, or medium='audio' with no type; two photo posts (medium='image') are no episodes.", { noMedia: 2, medianSeconds: 1800 }),
  read("namespace-prefixes.xml", "Field Quiz Friday", 59, 59, 0, 4.41, "since", "2025-11-28T11:00:00Z", "iTunes tags under the prefix 'itms' (bound to https://www.itunes.com/DTDs/…), Podcasting 2.0 under 'pi': a trailer and 6 bonus items left out of the pace; an episodeType in another namespace is not Apple's.", { paced: 52, medium: "podcast", medianSeconds: 2700 }),
  read("uppercase-tags.xml", "Parish Pump Radio", 24, 20, 0, 1.83, "since", "2025-11-06T09:00:00Z", "A hand-made feed writing <RSS>, <Channel>, <Item>, <PubDate> and <Enclosure URL= Type=>; every sixth item has no date at all."),
  read("entities-and-urls.xml", "Café Crawl – Rue’s Guide", 28, 28, 0, 4.31, "since", "2025-11-22T08:00:00Z", "HTML entities (&eacute; &nbsp; &ndash; &rsquo;) in the title, CDATA, enclosure URLs with &amp; and raw spaces; one 'Encore' lists the same file with %20 for the spaces and counts once.", { duplicates: 1 }),
  read("bare-ampersands.xml", "Salt & Pepper Q&A", 20, 20, 0, 4.44, "since", "2025-11-25T14:00:00Z", "A WordPress feed that is not well-formed XML: bare '&' in titles, links and descriptions, and a PHP warning printed after </rss>. Read as every podcast app reads it: 20 weekly episodes since July."),
  read("daily-1200-items.xml", "The Daily Almanac", 1200, 1200, 0, 30.42, "last12", "2025-11-30T04:00:00Z", "A daily show since 19 August 2022: 1200 items, generated by generate-long-feed.ts."),
];

/** A 12-month figure is a count over 12, rounded to one decimal; a span in months is not exact. */
function tolerance(basis: Basis, expected: number): number {
  return basis === "last12" ? 0.05 : Math.max(0.2, expected * 0.05);
}

describe("the feed corpus, read as a careful reader would", () => {
  it("holds at least 30 feeds, one of them with 1,000 items or more", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
    const largest = Math.max(
      ...CORPUS.flatMap((row) => (row.refused ? [] : [row.reading.episodes])),
    );
    expect(largest).toBeGreaterThanOrEqual(1000);
  });

  describe.each(CORPUS)("$file", (row) => {
    const readFixture = () =>
      readFeed(new Uint8Array(readFileSync(new URL(row.file, FEEDS))), {
        httpCharset: null,
        now: NOW,
      });

    if (row.refused) {
      it(`is not a podcast feed: ${row.why}`, () => {
        expect(readFixture()).toMatchObject({ ok: false, code: "not_a_feed" });
      });
      return;
    }

    const want = row.reading;
    it(`reads: ${row.why}`, () => {
      const reading = readFixture();
      expect(reading.ok).toBe(true);
      if (!reading.ok) return;
      const got = reading.cadence;
      expect(got.title).toBe(want.title);
      // Scheduled items are reported apart and counted in neither episodes nor dated ones.
      expect(got.futureEpisodes).toBe(want.future);
      expect(got.episodes).toBe(want.episodes);
      expect(got.datedEpisodes).toBe(want.dated);
      expect(got.fewDated).toBe(want.dated / want.episodes < 0.8);
      expect(Date.parse(got.lastEpisodeAt)).toBe(Date.parse(want.latest));
      expect(got.basis.kind).toBe(want.basis);
      if (want.perMonth === null) {
        expect(got.episodesPerMonth).toBeNull();
      } else {
        expect(got.episodesPerMonth).not.toBeNull();
        expect(Math.abs(got.episodesPerMonth! - want.perMonth)).toBeLessThanOrEqual(
          tolerance(want.basis, want.perMonth),
        );
      }
      if (want.medianSeconds !== undefined) {
        expect(got.medianDurationSeconds).toBe(want.medianSeconds);
      }
      // Trailers and bonus episodes are in the feed's count but not in its pace.
      expect(got.pacedEpisodes).toBe(want.paced ?? want.episodes);
      expect(got.medium).toBe(want.medium ?? null);
      expect(got.complete).toBe(want.complete ?? false);
      expect(got.blocked).toBe(want.blocked ?? false);
      if (want.noMedia !== undefined) expect(reading.items.skipped.noMedia).toBe(want.noMedia);
      if (want.duplicates !== undefined) {
        expect(reading.items.skipped.duplicate).toBe(want.duplicates);
      }
    });
  });
});
