import { describe, expect, it } from "vitest";
import { readCheckup } from "./check.ts";
import { buildReport } from "./report.ts";
import { RULES } from "./rules.ts";
import type { CheckResult, FeedFacts } from "./types.ts";

/** Sunday 15 November 2026, noon UTC. */
const NOW = Date.UTC(2026, 10, 15, 12);

const GOOD_CHANNEL = `
  <title>Garden Hour</title>
  <link>https://garden.example/</link>
  <description>A weekly talk about gardens.</description>
  <language>en-us</language>
  <atom:link rel="self" type="application/rss+xml" href="https://garden.example/feed.xml"/>
  <itunes:author>Ana Green</itunes:author>
  <itunes:owner><itunes:name>Ana</itunes:name><itunes:email>ana@garden.example</itunes:email></itunes:owner>
  <itunes:image href="https://garden.example/cover.jpg"/>
  <itunes:category text="Leisure"><itunes:category text="Home &amp; Garden"/></itunes:category>
  <itunes:explicit>false</itunes:explicit>
  <podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
  <podcast:locked>yes</podcast:locked>
  <podcast:funding url="https://garden.example/support">Support</podcast:funding>
  <podcast:person>Ana Green</podcast:person>
  <podcast:medium>podcast</podcast:medium>
  <podcast:updateFrequency rrule="FREQ=WEEKLY">Weekly</podcast:updateFrequency>
  <podcast:image href="https://garden.example/wide.jpg" aspect-ratio="16/9"/>`;

let n = 0;
type ItemOptions = {
  title?: string;
  guid?: string | null;
  date?: string | null;
  enclosure?: string | null;
  extra?: string;
  notes?: string;
};
function item(options: ItemOptions = {}): string {
  n += 1;
  const {
    title = `Planting bulbs, part ${n}`,
    guid = `guid-${n}`,
    date = "Tue, 10 Nov 2026 09:00:00 GMT",
    enclosure = `<enclosure url="https://cdn.garden.example/${n}.mp3" length="123456" type="audio/mpeg"/>`,
    extra = `<itunes:duration>1800</itunes:duration><podcast:transcript url="https://garden.example/${n}.vtt" type="text/vtt"/><podcast:chapters url="https://garden.example/${n}.json" type="application/json+chapters"/>`,
    notes = "<description><![CDATA[<p>Notes</p>]]></description>",
  } = options;
  return `<item><title>${title}</title>${guid === null ? "" : `<guid isPermaLink="false">${guid}</guid>`}${
    date === null ? "" : `<pubDate>${date}</pubDate>`
  }${notes}${enclosure ?? ""}${extra}</item>`;
}

const DECLARATIONS =
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom"';

function feed(items: string, channel = GOOD_CHANNEL, declarations = DECLARATIONS): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${declarations}><channel>${channel}${items}</channel></rss>`;
}

const trailer = item({
  extra: `<itunes:episodeType>trailer</itunes:episodeType><itunes:duration>60</itunes:duration><podcast:transcript url="https://garden.example/t.vtt" type="text/vtt"/><podcast:chapters url="https://garden.example/t.json"/>`,
});

function facts(xml: string, now = NOW): FeedFacts {
  const reading = readCheckup(new TextEncoder().encode(xml), { httpCharset: null, now });
  if (!reading.ok) throw new Error(`not read: ${reading.code}`);
  return reading.facts;
}

function check(xml: string, id: string): CheckResult {
  const found = facts(xml).checks.find((c) => c.id === id);
  if (found === undefined) throw new Error(`no ${id}`);
  return found;
}

const goodFeed = () =>
  feed([item(), item({ date: "Tue, 03 Nov 2026 09:00:00 GMT" }), trailer].join(""));

describe("a feed that follows every rule", () => {
  it("passes every check that needs no network", () => {
    const failing = facts(goodFeed()).checks.filter((c) => c.status !== "pass" && c.id !== "E12");
    expect(failing).toEqual([]);
  });

  it("reports every rule of the table once, network rules unchecked for a saved file", () => {
    const report = buildReport(
      facts(goodFeed()),
      { kind: "saved-file" },
      { feed: "x.xml", readAt: NOW },
    );
    expect(report.checks.map((c) => c.id)).toEqual(RULES.map((rule) => rule.id));
    const unchecked = report.checks.filter((c) => c.status === "unchecked");
    expect(unchecked.map((c) => c.id)).toEqual(["F01", "C07", "C08", "C09", "C10", "E05"]);
    expect(unchecked.every((c) => c.note === "not checked (saved file)")).toBe(true);
    expect(report.summary.refusedBy).toEqual([]);
  });
});

describe("F02 and F03: the document and Apple's namespace", () => {
  it("refuses broken XML with its own code", () => {
    const reading = readCheckup(new TextEncoder().encode("<rss><channel><title>x</channel>"), {
      httpCharset: null,
      now: NOW,
    });
    expect(reading).toMatchObject({ ok: false, code: "broken_xml" });
  });

  it("refuses an HTML page as no feed", () => {
    const reading = readCheckup(new TextEncoder().encode("<html><body><p>Hi</p></body></html>"), {
      httpCharset: null,
      now: NOW,
    });
    expect(reading).toMatchObject({ ok: false, code: "not_a_feed" });
  });

  it("fails an Atom feed on F02 alone", () => {
    const atom = facts('<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title></feed>');
    expect(atom.checks).toEqual([expect.objectContaining({ id: "F02", status: "fail" })]);
    const report = buildReport(atom, { kind: "saved-file" }, { feed: "a.xml", readAt: NOW });
    expect(report.checks.filter((c) => c.status !== "na").map((c) => c.id)).toEqual(["F02"]);
  });

  it("warns about a feed in another encoding than UTF-8", () => {
    const xml = feed(item()).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect(check(xml, "F02")).toMatchObject({
      status: "warn",
      found: { encoding: "windows-1252" },
    });
  });

  it("names the encoding the feed declares, beside the one it is read as", () => {
    const xml = feed(item()).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect(check(xml, "F02")).toMatchObject({
      note: "The feed is RSS, but in ISO-8859-1 (declared; read as windows-1252); UTF-8 is what directories expect.",
      found: { declaredEncoding: "ISO-8859-1" },
    });
  });

  it("warns about iTunes' 2005 spelling of its namespace and still reads its tags", () => {
    const old = DECLARATIONS.replace("dtds/podcast-1.0.dtd", "DTDs/Podcast-1.0.dtd");
    const xml = feed(item(), GOOD_CHANNEL, old);
    expect(check(xml, "F03")).toMatchObject({
      status: "warn",
      found: { uri: "http://www.itunes.com/DTDs/Podcast-1.0.dtd" },
    });
    for (const id of ["C04", "C05", "C06", "C11", "C12"])
      expect(check(xml, id).status).toBe("pass");
  });

  it("fails an itunes namespace that is not Apple's, and a missing one", () => {
    const wrong = DECLARATIONS.replace("podcast-1.0.dtd", "podcast-2.0.dtd");
    expect(check(feed(item(), GOOD_CHANNEL, wrong), "F03").status).toBe("fail");
    const none = DECLARATIONS.replace(/xmlns:itunes="[^"]*"/, "");
    expect(check(feed(item(), GOOD_CHANNEL, none), "F03").status).toBe("fail");
  });
});

describe("F04 to F07", () => {
  it("counts plain http addresses, each item once", () => {
    const http = item({
      enclosure: '<enclosure url="http://cdn.garden.example/a.mp3" length="1" type="audio/mpeg"/>',
    });
    expect(check(feed(http + item()), "F04")).toMatchObject({
      status: "warn",
      found: { httpUrls: 1 },
    });
  });

  it("fails a blocked show and warns about a complete or moved one", () => {
    const blocked = GOOD_CHANNEL + "<itunes:block>Yes</itunes:block>";
    expect(check(feed(item(), blocked), "F06").status).toBe("fail");
    const complete = GOOD_CHANNEL + "<itunes:complete>yes</itunes:complete>";
    expect(check(feed(item(), complete), "F06").status).toBe("warn");
    const moved =
      GOOD_CHANNEL + "<itunes:new-feed-url>https://new.example/feed</itunes:new-feed-url>";
    expect(check(feed(item(), moved), "F06").status).toBe("warn");
  });

  it("warns without atom:link rel=self", () => {
    const channel = GOOD_CHANNEL.replace(/<atom:link[^>]*\/>/, "");
    expect(check(feed(item(), channel), "F07").status).toBe("warn");
  });
});

describe("channel checks", () => {
  it("C01: fails a missing title and warns about keyword stuffing", () => {
    expect(
      check(feed(item(), GOOD_CHANNEL.replace("<title>Garden Hour</title>", "")), "C01").status,
    ).toBe("fail");
    const stuffed = GOOD_CHANNEL.replace(
      "Garden Hour",
      "Garden, plants, flowers, roses, tulips, soil",
    );
    expect(check(feed(item(), stuffed), "C01").status).toBe("warn");
  });

  it("C02: fails a description over 4,000 bytes, counted in bytes", () => {
    const long = GOOD_CHANNEL.replace("A weekly talk about gardens.", "é".repeat(2001));
    expect(check(feed(item(), long), "C02")).toMatchObject({
      status: "fail",
      found: { bytes: 4002 },
    });
  });

  it.each([
    ["en-us", "pass"],
    ["EN", "pass"],
    ["de-DE", "pass"],
    ["en_US", "warn"],
    ["english", "fail"],
    ["xx", "fail"],
  ])("C03: language %s is %s", (language, status) => {
    const channel = GOOD_CHANNEL.replace(
      "<language>en-us</language>",
      `<language>${language}</language>`,
    );
    expect(check(feed(item(), channel), "C03")).toMatchObject({
      status,
      found: { value: language },
    });
  });

  it("C03: fails a missing language", () => {
    const channel = GOOD_CHANNEL.replace("<language>en-us</language>", "");
    expect(check(feed(item(), channel), "C03")).toMatchObject({
      status: "fail",
      found: { value: null },
    });
  });

  it("C04: flags pre-2019 category names with today's", () => {
    const channel = GOOD_CHANNEL.replace(
      /<itunes:category text="Leisure">.*?<\/itunes:category>/,
      '<itunes:category text="Games &amp; Hobbies"><itunes:category text="Video Games"/></itunes:category>',
    );
    const result = check(feed(item(), channel), "C04");
    expect(result.status).toBe("fail");
    expect(result.note).toContain("Leisure/Video Games");
    expect(result.found).toMatchObject({ values: ["Games & Hobbies/Video Games"] });
  });

  it("C04: fails the wrong case and a missing category, passes a top-level one", () => {
    const lower = GOOD_CHANNEL.replace(
      /<itunes:category text="Leisure">.*?<\/itunes:category>/,
      '<itunes:category text="technology"/>',
    );
    expect(check(feed(item(), lower), "C04")).toMatchObject({
      status: "fail",
      found: { wrongCase: ["technology (write Technology)"] },
    });
    const none = GOOD_CHANNEL.replace(/<itunes:category text="Leisure">.*?<\/itunes:category>/, "");
    expect(check(feed(item(), none), "C04").status).toBe("fail");
    const top = GOOD_CHANNEL.replace(
      /<itunes:category text="Leisure">.*?<\/itunes:category>/,
      '<itunes:category text="True Crime"/>',
    );
    expect(check(feed(item(), top), "C04").status).toBe("pass");
  });

  it.each([
    ["true", "pass", true],
    ["false", "pass", false],
    ["yes", "warn", true],
    ["no", "warn", false],
    ["clean", "warn", false],
    ["maybe", "fail", null],
  ])("C05: explicit %s is %s", (value, status, explicit) => {
    const channel = GOOD_CHANNEL.replace(
      "<itunes:explicit>false</itunes:explicit>",
      `<itunes:explicit>${value}</itunes:explicit>`,
    );
    expect(check(feed(item(), channel), "C05")).toMatchObject({
      status,
      found: { value, explicit },
    });
  });

  it("C05: fails a missing explicit flag", () => {
    const channel = GOOD_CHANNEL.replace("<itunes:explicit>false</itunes:explicit>", "");
    expect(check(feed(item(), channel), "C05").status).toBe("fail");
  });

  it("C06: fails when only an RSS image is given", () => {
    const channel = GOOD_CHANNEL.replace(
      '<itunes:image href="https://garden.example/cover.jpg"/>',
      "<image><url>https://garden.example/cover.jpg</url></image>",
    );
    expect(check(feed(item(), channel), "C06")).toMatchObject({
      status: "fail",
      found: { present: false },
    });
  });

  it("reads iTunes tags under another prefix bound to Apple's namespace", () => {
    const xml = feed(
      item(),
      GOOD_CHANNEL.replaceAll("itunes:", "it:"),
      `${DECLARATIONS} xmlns:it="http://www.itunes.com/dtds/podcast-1.0.dtd"`,
    );
    expect(check(xml, "C12")).toMatchObject({ status: "pass", found: { value: "Ana Green" } });
    expect(check(xml, "C11")).toMatchObject({
      status: "pass",
      found: { email: "ana@garden.example" },
    });
  });

  it("C11: fails a missing owner e-mail and one that is no address", () => {
    const none = GOOD_CHANNEL.replace(/<itunes:owner>.*?<\/itunes:owner>/, "");
    expect(check(feed(item(), none), "C11")).toMatchObject({
      status: "fail",
      found: { email: null },
    });
    const bad = GOOD_CHANNEL.replace("ana@garden.example", "ana at garden");
    expect(check(feed(item(), bad), "C11").status).toBe("fail");
  });

  it.each([
    ["an itunes:email outside itunes:owner", "<itunes:email>jo@show.example</itunes:email>"],
    ["googleplay:email", "<googleplay:email>jo@show.example</googleplay:email>"],
    ["managingEditor", "<managingEditor>jo@show.example (Jo Park)</managingEditor>"],
  ])("C11: warns when the e-mail is given only in %s", (_, tag) => {
    const channel = GOOD_CHANNEL.replace(/<itunes:owner>.*?<\/itunes:owner>/, tag);
    const declarations = `${DECLARATIONS} xmlns:googleplay="http://www.google.com/schemas/play-podcasts/1.0"`;
    expect(check(feed(item(), channel, declarations), "C11")).toMatchObject({
      status: "warn",
      found: { email: "jo@show.example" },
    });
  });

  it.each([
    ["googleplay:author", "<googleplay:author>Jo Park</googleplay:author>"],
    ["managingEditor", "<managingEditor>jo@show.example (Jo Park)</managingEditor>"],
    [
      "itunes:owner's itunes:name",
      "<itunes:owner><itunes:name>Jo Park</itunes:name></itunes:owner>",
    ],
  ])("C12: warns when the author is given only in %s", (from, tag) => {
    const channel = GOOD_CHANNEL.replace("<itunes:author>Ana Green</itunes:author>", "").replace(
      /<itunes:owner>.*?<\/itunes:owner>/,
      tag,
    );
    const declarations = `${DECLARATIONS} xmlns:googleplay="http://www.google.com/schemas/play-podcasts/1.0"`;
    expect(check(feed(item(), channel, declarations), "C12")).toMatchObject({
      status: "warn",
      found: { value: "Jo Park", from },
    });
  });

  it("C12 and C13: fail a missing author, warn a missing website", () => {
    const channel = GOOD_CHANNEL.replace("<itunes:author>Ana Green</itunes:author>", "")
      .replace(/<itunes:owner>.*?<\/itunes:owner>/, "")
      .replace("<link>https://garden.example/</link>", "");
    expect(check(feed(item(), channel), "C12").status).toBe("fail");
    expect(check(feed(item(), channel), "C13").status).toBe("warn");
  });

  it("C14: fails a serial show with an episode that has no itunes:episode", () => {
    const channel = `${GOOD_CHANNEL}<itunes:type>serial</itunes:type>`;
    const numbered = item({
      extra: "<itunes:episode>1</itunes:episode><itunes:duration>60</itunes:duration>",
    });
    const result = check(feed(numbered + item(), channel), "C14");
    expect(result).toMatchObject({ status: "fail", found: { withoutNumber: 1 } });
    expect(check(feed(numbered, channel), "C14").status).toBe("pass");
  });

  it("C14: asks no itunes:episode of a serial show's trailers and bonus episodes", () => {
    const channel = `${GOOD_CHANNEL}<itunes:type>serial</itunes:type>`;
    const numbered = item({
      extra: "<itunes:episode>1</itunes:episode><itunes:duration>60</itunes:duration>",
    });
    const extras = ["trailer", "bonus"]
      .map((kind) =>
        item({
          extra: `<itunes:episodeType>${kind}</itunes:episodeType><itunes:duration>60</itunes:duration>`,
        }),
      )
      .join("");
    expect(check(feed(numbered + extras, channel), "C14").status).toBe("pass");
  });
});

describe("episode checks", () => {
  it("E01: fails a feed without a single enclosure", () => {
    expect(check(feed(item({ enclosure: null })), "E01").status).toBe("fail");
  });

  it("E01: counts items written beside the channel, as older tools do", () => {
    const beside = feed("").replace("</channel>", `</channel>${item()}`);
    expect(check(beside, "E01")).toMatchObject({ status: "pass", found: { withEnclosure: 1 } });
  });

  it("E02: fails an enclosure without a byte length or type, warns about length 0", () => {
    const noLength = item({
      enclosure: '<enclosure url="https://cdn.example/a.mp3" type="audio/mpeg"/>',
    });
    const noType = item({ enclosure: '<enclosure url="https://cdn.example/b.mp3" length="12"/>' });
    const result = check(feed(noLength + noType + item()), "E02");
    expect(result).toMatchObject({
      status: "fail",
      found: { badLength: { count: 1 }, missingType: { count: 1 }, types: { "audio/mpeg": 2 } },
    });
    const zero = item({
      enclosure: '<enclosure url="https://cdn.example/c.mp3" length="0" type="audio/mpeg"/>',
    });
    expect(check(feed(zero), "E02").status).toBe("warn");
  });

  it("E03: fails Ogg and Opus, warns about a type that does not match the file", () => {
    const ogg = item({
      enclosure: '<enclosure url="https://cdn.example/a.ogg" length="1" type="audio/ogg"/>',
    });
    expect(check(feed(ogg), "E03").status).toBe("fail");
    const mismatch = item({
      enclosure: '<enclosure url="https://cdn.example/a.m4a" length="1" type="audio/mpeg"/>',
    });
    expect(check(feed(mismatch), "E03").status).toBe("warn");
  });

  it("E04: fails two episodes on one file and a file address with a space", () => {
    const a = item({
      enclosure: '<enclosure url="https://cdn.example/same.mp3" length="1" type="audio/mpeg"/>',
    });
    const b = item({
      enclosure: '<enclosure url="https://cdn.example/same.mp3" length="1" type="audio/mpeg"/>',
    });
    expect(check(feed(a + b), "E04")).toMatchObject({
      status: "fail",
      found: { duplicates: { count: 1 } },
    });
    const space = item({
      enclosure: '<enclosure url="https://cdn.example/my file.mp3" length="1" type="audio/mpeg"/>',
    });
    expect(check(feed(space), "E04")).toMatchObject({
      status: "fail",
      found: { nonAscii: { count: 1 } },
    });
  });

  it("E06: fails duplicate GUIDs, counting each extra item once", () => {
    const xml = feed(
      [item({ guid: "same" }), item({ guid: "same" }), item({ guid: "same" }), item()].join(""),
    );
    expect(check(xml, "E06")).toMatchObject({
      status: "fail",
      found: { duplicateValues: 1, duplicateItems: 2, duplicates: ["same"], unique: false },
    });
  });

  it("E06: fails items without a guid", () => {
    expect(check(feed(item({ guid: null }) + item()), "E06")).toMatchObject({
      status: "fail",
      found: { missing: { count: 1 }, unique: false },
    });
  });

  it("E07: fails a pubDate in the future, and one that cannot be read", () => {
    const future = item({ date: "Mon, 01 Feb 2027 09:00:00 GMT" });
    expect(check(feed(future + item()), "E07")).toMatchObject({
      status: "fail",
      found: { future: { count: 1 } },
    });
    expect(check(feed(item({ date: "soon" })), "E07")).toMatchObject({
      status: "fail",
      found: { unreadable: { count: 1 } },
    });
    expect(check(feed(item({ date: null })), "E07")).toMatchObject({
      status: "fail",
      found: { missing: { count: 1 } },
    });
  });

  it("E07: warns about a readable date that is not RFC 2822", () => {
    expect(check(feed(item({ date: "2026-11-10T09:00:00Z" })), "E07")).toMatchObject({
      status: "warn",
      found: { notRfc2822: { count: 1 }, future: { count: 0 } },
    });
  });

  it("E08: warns when the last episode is older than 90 days", () => {
    const old = item({ date: "Mon, 01 Jun 2026 09:00:00 GMT" });
    expect(check(feed(old), "E08")).toMatchObject({
      status: "warn",
      found: { daysSinceLastEpisode: 167 },
    });
  });

  it("E09: warns about titles that start with a number or the show's name", () => {
    expect(check(feed(item({ title: "Ep 12: Roses" })), "E09").status).toBe("warn");
    expect(check(feed(item({ title: "Garden Hour: Roses" })), "E09").status).toBe("warn");
    expect(check(feed(item({ title: "" })), "E09").status).toBe("fail");
  });

  it("E10: warns about HTML outside CDATA and missing notes", () => {
    const raw = item({ notes: "<description><p>Roses <b>and</b> tulips</p></description>" });
    expect(check(feed(raw), "E10")).toMatchObject({
      status: "warn",
      found: { htmlOutsideCdata: { count: 1 } },
    });
    expect(check(feed(item({ notes: "" })), "E10")).toMatchObject({
      status: "warn",
      found: { missing: { count: 1 } },
    });
    const escaped = item({ notes: "<description>&lt;p&gt;Roses&lt;/p&gt;</description>" });
    expect(check(feed(escaped), "E10").status).toBe("pass");
  });

  it("E11: warns about episodes without a duration", () => {
    expect(check(feed(item({ extra: "" })), "E11").status).toBe("warn");
  });

  it("E12: is not applicable without episode art, and warns about a GIF", () => {
    expect(check(goodFeed(), "E12").status).toBe("na");
    const gif = item({
      extra:
        '<itunes:image href="https://garden.example/e.gif"/><itunes:duration>5</itunes:duration>',
    });
    expect(check(feed(gif), "E12").status).toBe("warn");
  });

  it("E13: warns without a trailer", () => {
    expect(check(feed(item()), "E13").status).toBe("warn");
  });

  it("lets a larger saved file hold as many more elements as it has characters", () => {
    const crowded = feed(item({ extra: "<x/>".repeat(310_000) }));
    const bytes = new TextEncoder().encode(crowded);
    expect(readCheckup(bytes, { httpCharset: null, now: NOW })).toMatchObject({
      ok: false,
      reason: "oversized_elements",
    });
    const saved = readCheckup(bytes, { httpCharset: null, now: NOW, maxCharacters: 32 << 20 });
    expect(saved.ok).toBe(true);
    // Parsing 310,000 elements takes a second or two alone, several on a loaded machine.
  }, 30_000);

  it("judges a 2,000-episode feed on its rules, one count per item", () => {
    const items = Array.from({ length: 2000 }, (_, i) =>
      item({ guid: i % 2 === 0 ? `g${i}` : `g${i - 1}`, extra: "" }),
    ).join("");
    const started = performance.now();
    const result = facts(feed(items));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.checks.find((c) => c.id === "E06")?.found).toMatchObject({
      duplicateItems: 1000,
      duplicateValues: 1000,
    });
    expect(result.checks.find((c) => c.id === "E11")?.found).toMatchObject({
      missing: { count: 2000 },
    });
    expect(result.checks.find((c) => c.id === "E11")?.status).toBe("warn");
  });
});

describe("Podcasting 2.0 checks", () => {
  it("P01: fails podcast: tags without the namespace, na without the tags", () => {
    const undeclared = DECLARATIONS.replace(/xmlns:podcast="[^"]*"/, "");
    expect(check(feed(item(), GOOD_CHANNEL, undeclared), "P01").status).toBe("fail");
    const wrong = DECLARATIONS.replace(
      "https://podcastindex.org/namespace/1.0",
      "https://example.com/podcast",
    );
    expect(check(feed(item(), GOOD_CHANNEL, wrong), "P01").status).toBe("fail");
    const plain = GOOD_CHANNEL.replace(/<podcast:[^]*$/, "");
    expect(check(feed(item({ extra: "" }), plain), "P01").status).toBe("na");
  });

  it("P02 to P08: warn when the tags are missing", () => {
    const plain = GOOD_CHANNEL.replace(/<podcast:[^]*$/, "");
    const result = facts(feed(item({ extra: "" }), plain)).checks;
    for (const id of ["P02", "P03", "P04", "P05", "P06", "P07", "P08"]) {
      expect(result.find((c) => c.id === id)?.status, id).toBe("warn");
    }
  });

  it("P03: counts transcripts on the latest published episodes only", () => {
    const withTranscript = item({ date: "Tue, 10 Nov 2026 09:00:00 GMT" });
    const without = item({ date: "Mon, 01 Jan 2024 09:00:00 GMT", extra: "" });
    expect(check(feed(withTranscript + without), "P03")).toMatchObject({
      status: "warn",
      found: { latest: 2, withTranscript: 1 },
    });
  });

  it("P07: fails a medium the namespace does not define", () => {
    const channel = GOOD_CHANNEL.replace(
      "<podcast:medium>podcast</podcast:medium>",
      "<podcast:medium>radio</podcast:medium>",
    );
    expect(check(feed(item(), channel), "P07").status).toBe("fail");
  });
});

describe("the summary", () => {
  it("names the directories that refuse the feed and three things to fix first", () => {
    const channel = GOOD_CHANNEL.replace(/<itunes:owner>.*?<\/itunes:owner>/, "").replace(
      "<itunes:explicit>false</itunes:explicit>",
      "",
    );
    const xml = feed(item({ guid: "a" }) + item({ guid: "a" }), channel);
    const report = buildReport(facts(xml), { kind: "saved-file" }, { feed: "f.xml", readAt: NOW });
    expect(report.summary.refusedBy.map((r) => [r.audience, r.ids])).toEqual([
      ["apple", ["C05"]],
      ["spotify", ["C11", "E06"]],
      ["youtube", ["C11"]],
    ]);
    expect(report.summary.fixFirst.map((f) => f.id)).toEqual(["C11", "C05", "E06"]);
  });
});
