import { describe, expect, it } from "vitest";
import { isMediaEnclosure, parseDuration, parseFeed } from "./feed.ts";

let n = 0;
const enclosure = (url = `https://cdn.example/${++n}.mp3`, type = "audio/mpeg") =>
  `<enclosure url="${url}" type="${type}" length="1"/>`;
const item = (inner: string, media = enclosure()) => `<item>${inner}${media}</item>`;
const feed = (items: string, head = "<title>Show</title>") =>
  `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>${head}${items}</channel></rss>`;

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

  it.each(["0", "0:00", "00:00:00", "0.2"])("ignores a duration of 0 (%j)", (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe("isMediaEnclosure", () => {
  it.each([
    ["https://c.example/a.mp3", "audio/mpeg", true],
    ["https://c.example/a", "audio/x-m4a", true],
    ["https://c.example/a.mp4", "video/mp4", true],
    ["https://c.example/a.mp3?x=1", undefined, true],
    ["https://c.example/a.M4A", "", true],
    ["https://c.example/a.mp3", "application/octet-stream", true],
    ["https://c.example/a.jpg", "image/jpeg", false],
    ["https://c.example/a.mp3", "image/jpeg", false],
    ["https://c.example/a.jpg", undefined, false],
    ["https://c.example/a.pdf", "application/pdf", false],
    ["https://c.example/stream", undefined, false],
    // Older tools' spellings of audio.
    ["https://c.example/a", "x-audio/mp3", true],
    ["https://c.example/a", "audio/x-mp3", true],
    ["https://c.example/a", "application/x-ogg", true],
    // A type that says nothing, or is no MIME type at all: the extension decides.
    ["https://c.example/a.mp3", "mp3", true],
    ["https://c.example/a.mp3", "application/force-download", true],
    ["https://c.example/a.opus?dl=1#t=1", "binary/octet-stream", true],
    ["https://c.example/a.mov", "", true],
    ["https://c.example/handout.pdf", "application/octet-stream", false],
    ["episodes/a.m4a?x=1", undefined, true],
  ])("%s typed %j: %s", (url, type, expected) => {
    expect(isMediaEnclosure(url, type)).toBe(expected);
  });
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
          enclosure("https://cdn.example/one.mp3"),
        ),
      ),
    );
    expect(result).toEqual({
      ok: true,
      feed: {
        title: "Show",
        artworkUrl: null,
        episodes: [
          {
            enclosureUrl: "https://cdn.example/one.mp3",
            published: Date.UTC(2025, 5, 3, 9),
            durationSeconds: 3600,
            hasTranscript: true,
            episodeType: null,
          },
        ],
        duplicates: 0,
        items: 1,
        withoutMedia: 0,
        paged: false,
        medium: null,
        complete: false,
        blocked: false,
      },
    });
  });

  it("counts the same audio listed twice once, and two episodes sharing a GUID twice", () => {
    const same = enclosure("https://cdn.example/same.mp3");
    const result = parseFeed(
      feed(
        item("<guid>a</guid><pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate>", same) +
          item("<guid>b</guid><itunes:duration>600</itunes:duration>", same) +
          item("<guid>shared</guid>", enclosure("https://cdn.example/x.mp3")) +
          item("<guid>shared</guid>", enclosure("https://cdn.example/y.mp3")),
      ),
    );
    expect(result.ok && result.feed.episodes.map((e) => e.enclosureUrl)).toEqual([
      "https://cdn.example/same.mp3",
      "https://cdn.example/x.mp3",
      "https://cdn.example/y.mp3",
    ]);
    expect(result.ok && result.feed.duplicates).toBe(1);
    // The second listing completes the first: its duration was missing there.
    expect(result.ok && result.feed.episodes[0]).toMatchObject({
      published: Date.UTC(2025, 5, 3, 9),
      durationSeconds: 600,
    });
  });

  it("dates an RSS item by dc:date or Atom's updated when it has no pubDate", () => {
    const result = parseFeed(
      feed(
        item(
          '<dc:date xmlns:dc="http://purl.org/dc/elements/1.1/">2025-06-03T09:00:00Z</dc:date>',
        ) +
          item(
            '<a10:updated xmlns:a10="http://www.w3.org/2005/Atom">2025-06-04T09:00:00Z</a10:updated>',
          ),
      ),
    );
    expect(result.ok && result.feed.episodes.map((e) => e.published)).toEqual([
      Date.UTC(2025, 5, 3, 9),
      Date.UTC(2025, 5, 4, 9),
    ]);
  });

  it("counts only items whose enclosure is audio or video", () => {
    const result = parseFeed(
      feed(
        item("", enclosure("https://cdn.example/photo.jpg", "image/jpeg")) +
          item("", enclosure("https://cdn.example/talk.mp3", "")) +
          item(""),
      ),
    );
    expect(result.ok && result.feed.episodes.length).toBe(2);
  });

  it("refuses a news feed whose enclosures are all JPEG photos", () => {
    const photos = [1, 2, 3]
      .map((i) => item("", enclosure(`https://img.example/${i}.jpg`, "image/jpeg")))
      .join("");
    expect(parseFeed(feed(photos))).toEqual({ ok: false, reason: "no_episodes" });
  });

  it("sees a feed that is one page of a longer list", () => {
    const next = '<atom:link rel="next" href="https://feeds.example/show?page=2"/>';
    const self = '<atom:link rel="self" href="https://feeds.example/show"/>';
    const paged = parseFeed(feed(item(""), `<title>P</title>${self}${next}`));
    expect(paged.ok && paged.feed.paged).toBe(true);
    const whole = parseFeed(
      feed(item(""), `<title>P</title><link>https://x.example/</link>${self}`),
    );
    expect(whole.ok && whole.feed.paged).toBe(false);
  });

  it("reads an Atom podcast feed: link rel=enclosure, published or updated, paging", () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
      <title type="text">Atom Show</title><logo>https://cdn.example/logo.png</logo>
      <link rel="self" href="https://feeds.example/atom"/><link rel="next" href="https://feeds.example/atom?p=2"/>
      <entry><title>One</title><published>2025-06-03T09:00:00Z</published><updated>2025-07-01T00:00:00Z</updated>
        <link rel="alternate" href="https://show.example/1"/><link rel="enclosure" href="https://cdn.example/1.m4a" type="audio/mp4" length="1"/>
        <itunes:duration>30:00</itunes:duration></entry>
      <entry><title>Two</title><updated>2025-06-10T09:00:00+02:00</updated>
        <link rel="enclosure" href="https://cdn.example/2.mp3"/></entry>
      <entry><title>Post</title><updated>2025-06-11T09:00:00Z</updated><link href="https://show.example/post"/></entry>
    </feed>`;
    const contentSrc = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>C</title><entry><content src="https://cdn.example/3.mp3" type="audio/mpeg"/></entry><entry><content type="html">&lt;p&gt;post&lt;/p&gt;</content></entry></feed>',
    );
    expect(contentSrc.ok && contentSrc.feed.episodes.map((e) => e.enclosureUrl)).toEqual([
      "https://cdn.example/3.mp3",
    ]);
    expect(parseFeed(atom)).toEqual({
      ok: true,
      feed: {
        title: "Atom Show",
        artworkUrl: "https://cdn.example/logo.png",
        episodes: [
          {
            enclosureUrl: "https://cdn.example/1.m4a",
            published: Date.UTC(2025, 5, 3, 9),
            durationSeconds: 1800,
            hasTranscript: false,
            episodeType: null,
          },
          {
            enclosureUrl: "https://cdn.example/2.mp3",
            published: Date.UTC(2025, 5, 10, 7),
            durationSeconds: null,
            hasTranscript: false,
            episodeType: null,
          },
        ],
        duplicates: 0,
        items: 3,
        withoutMedia: 1,
        paged: true,
        medium: null,
        complete: false,
        blocked: false,
      },
    });
  });

  it("counts a Media RSS file when it is audio or video, once per media:group", () => {
    const result = parseFeed(
      `<rss version="2.0" xmlns:m="http://search.yahoo.com/mrss/"><channel><title>V</title>
      <item><m:group><m:content url="https://v.example/1/hd.mp4" type="video/mp4"/><m:content url="https://v.example/1/sd.mp4" type="video/mp4"/></m:group></item>
      <item><m:content url="https://v.example/2.jpg" medium="image"/><m:content url="https://v.example/2.m4a" medium="audio" duration="600"/></item>
      <item><m:content url="https://v.example/3.jpg" type="image/jpeg"/></item>
      </channel></rss>`,
    );
    expect(result.ok && result.feed.episodes.map((e) => e.enclosureUrl)).toEqual([
      "https://v.example/1/hd.mp4",
      "https://v.example/2.m4a",
    ]);
    expect(result.ok && result.feed.episodes[1]!.durationSeconds).toBe(600);
    expect(result.ok && result.feed.withoutMedia).toBe(1);
  });

  it("reads RSS 1.0: items beside the channel, enc:enclosure and dc:date", () => {
    const result = parseFeed(
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:enc="http://purl.oclc.org/net/rss_2.0/enc#">
      <channel rdf:about="https://r.example/"><title>Reading Room</title></channel>
      <item rdf:about="https://r.example/1"><dc:date>2025-06-03T09:00:00Z</dc:date><enc:enclosure rdf:resource="https://r.example/1.ogg" enc:type="audio/ogg"/></item>
      <item rdf:about="https://r.example/n"><title>A note</title></item>
      </rdf:RDF>`,
    );
    expect(result).toMatchObject({
      ok: true,
      feed: {
        title: "Reading Room",
        items: 2,
        withoutMedia: 1,
        episodes: [{ enclosureUrl: "https://r.example/1.ogg", published: Date.UTC(2025, 5, 3, 9) }],
      },
    });
  });

  it("reads tag and attribute names in any case, and HTML entities in text", () => {
    const result = parseFeed(
      `<RSS version="2.0"><Channel><Title>Caf&eacute;&nbsp;Talk &ndash; Rue&rsquo;s</Title>
      <Item><PubDate>Tue, 03 Jun 2025 09:00:00 GMT</PubDate><Enclosure URL="https://c.example/a b.mp3?x=1&amp;y=2" Type="Audio/MPEG"/></Item>
      <Item><Enclosure URL="https://c.example/a%20b.mp3?x=1&amp;y=2" TYPE="audio/mpeg"/></Item>
      </Channel></RSS>`,
    );
    expect(result).toMatchObject({
      ok: true,
      feed: {
        title: "Café Talk – Rue’s",
        duplicates: 1,
        episodes: [
          {
            enclosureUrl: "https://c.example/a%20b.mp3?x=1&y=2",
            published: Date.UTC(2025, 5, 3, 9),
          },
        ],
      },
    });
  });

  it("reads episode types and the channel's medium, complete and block by namespace", () => {
    const result = parseFeed(
      `<rss version="2.0" xmlns:i="https://www.itunes.com/DTDs/Podcast-1.0.dtd" xmlns:p="https://podcastindex.org/namespace/1.0" xmlns:itunes="https://cms.example/not-apple">
      <channel><title>T</title><p:medium>music</p:medium><i:complete>YES</i:complete><itunes:block>yes</itunes:block>
      ${item("<i:episodeType>Trailer</i:episodeType>")}${item("<i:episodeType> bonus </i:episodeType>")}
      ${item("<i:episodeType>full</i:episodeType>")}${item("<itunes:episodeType>bonus</itunes:episodeType>")}
      ${item("<i:episodeType>teaser</i:episodeType>")}</channel></rss>`,
    );
    expect(result).toMatchObject({
      ok: true,
      feed: { medium: "music", complete: true, blocked: false },
    });
    expect(result.ok && result.feed.episodes.map((e) => e.episodeType)).toEqual([
      "trailer",
      "bonus",
      "full",
      null,
      null,
    ]);
  });

  it("takes an undeclared itunes: or podcast: prefix for its usual namespace", () => {
    const result = parseFeed(
      `<rss version="2.0"><channel><title>T</title><podcast:medium>audiobook</podcast:medium><itunes:block>Yes</itunes:block>${item("<itunes:episodeType>bonus</itunes:episodeType>")}</channel></rss>`,
    );
    expect(result).toMatchObject({ ok: true, feed: { medium: "audiobook", blocked: true } });
    expect(result.ok && result.feed.episodes[0]!.episodeType).toBe("bonus");
  });

  it.each([
    [
      "an Atom document without enclosures",
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><entry><title>y</title></entry></feed>',
      "no_episodes",
    ],
    [
      "RSS without enclosures",
      "<rss><channel><title>x</title><item><title>y</title></item></channel></rss>",
      "no_episodes",
    ],
    ["RSS without items", "<rss><channel><title>x</title></channel></rss>", "no_episodes"],
    ["HTML", "<html><body><p>hi</p></body></html>", "no_feed_element"],
  ])("refuses %s as no podcast feed", (_name, xml, reason) => {
    expect(parseFeed(xml)).toEqual({ ok: false, reason });
  });

  it("reads a feed whose only faults are bare ampersands and output after the root", () => {
    const result = parseFeed(
      `${feed(item("<title>Q&A: salt & pepper</title>"), "<title>Tom & Jerry</title>")}\n<b>Warning</b>: undefined key<br>`,
    );
    expect(result).toMatchObject({ ok: true, feed: { title: "Tom & Jerry" } });
    expect(result.ok && result.feed.episodes).toHaveLength(1);
    // CDATA is text as written: its "&amp;" is not a reference to decode or to repair.
    const cdata = parseFeed(
      feed(item("<title>Q&A</title>"), "<title><![CDATA[A &amp; B]]></title>"),
    );
    expect(cdata.ok && cdata.feed.title).toBe("A &amp; B");
  });

  it("reads items beside the channel and the first of two channels", () => {
    const media = (n: number) =>
      `<item><enclosure url="https://c.example/${n}.mp3" type="audio/mpeg"/></item>`;
    const result = parseFeed(
      `<rss><channel><title>A</title>${media(1)}</channel><channel><title>B</title>${media(2)}</channel>${media(3)}</rss>`,
    );
    expect(result.ok && result.feed.title).toBe("A");
    expect(result.ok && result.feed.episodes.map((e) => e.enclosureUrl)).toEqual([
      "https://c.example/1.mp3",
      "https://c.example/3.mp3",
    ]);
  });

  it.each([
    ["unclosed tags", "<rss><channel><title>x</channel></rss>"],
    ["a bare < in text", "<rss><channel><title>a < b</title></channel></rss>"],
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
