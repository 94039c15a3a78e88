import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { parseKit } from "./kit-loader.server";
import { isInTranscript, misquotes, quotationsIn, quoteWords, type QuotedKit } from "./quotes";

const transcript = [
  {
    at: "00:00:04",
    speaker: "Host",
    text: "Welcome back. My guest changed the price of a loaf.",
  },
  {
    at: "00:00:10",
    speaker: "Guest",
    text: "People respect a number more than an apology. The week we changed the price, not one person argued.",
  },
  { at: "00:00:20", speaker: "Host", text: "Did anyone quietly stop coming?" },
  {
    at: "00:00:24",
    speaker: "Guest",
    text: "Yes. Two cafés dropped their orders. That hurt, and I'd do it again.",
  },
];

describe("quoteWords", () => {
  it("ignores case, punctuation, whitespace and apostrophes", () => {
    expect(quoteWords("  I'd rather —\nthey ARGUE, with me… ")).toEqual([
      "id",
      "rather",
      "they",
      "argue",
      "with",
      "me",
    ]);
    expect(quoteWords("ten-second clip")).toEqual(quoteWords("ten second clip"));
  });
});

describe("quotationsIn", () => {
  it("finds text between curly or straight quotation marks", () => {
    expect(quotationsIn('He said “Boring is the goal.” and "One clear change."')).toEqual([
      "Boring is the goal.",
      "One clear change.",
    ]);
  });
});

describe("isInTranscript", () => {
  it("passes a faithful quote whatever its punctuation and case", () => {
    expect(isInTranscript("people respect a number — more than an apology", transcript)).toBe(true);
  });

  it("passes two exact parts joined by an ellipsis, in order, from one speaker", () => {
    expect(isInTranscript("People respect a number … not one person argued.", transcript)).toBe(
      true,
    );
    expect(isInTranscript("People respect a number... That hurt.", transcript)).toBe(true);
    expect(isInTranscript("[...] the week we changed the price", transcript)).toBe(true);
  });

  it("fails a changed word, parts out of order, and parts from two speakers", () => {
    expect(isInTranscript("People respect a number more than an excuse.", transcript)).toBe(false);
    expect(isInTranscript("That hurt … People respect a number.", transcript)).toBe(false);
    expect(isInTranscript("Welcome back … That hurt.", transcript)).toBe(false);
    expect(isInTranscript("…", transcript)).toBe(false);
  });

  it("never joins words across a cut in the transcript", () => {
    const cut = [{ at: "00:00:04", speaker: "Host", text: "Welcome back. […] My guest is here." }];
    expect(isInTranscript("Welcome back. My guest is here.", cut)).toBe(false);
    expect(isInTranscript("Welcome back … My guest is here.", cut)).toBe(true);
  });

  it("with a speaker, looks only at that speaker's turns", () => {
    expect(isInTranscript("Did anyone quietly stop coming?", transcript, "Host")).toBe(true);
    expect(isInTranscript("Did anyone quietly stop coming?", transcript, "Guest")).toBe(false);
  });
});

function kit(change: (kit: QuotedKit) => void = () => {}): QuotedKit {
  const base: QuotedKit = {
    episode: { show: "Open Kitchen", title: "Pricing the loaf" },
    transcript,
    summary: "A baker on pricing.",
    showNotes: {
      chapters: [{ title: "Welcome" }],
      guestBio: "A baker.",
      links: [{ label: "The bakery" }],
      callToAction: "Share it.",
    },
    keyPoints: [
      { point: "Numbers persuade.", quote: "People respect a number more than an apology." },
    ],
    xThread: [
      "1/ “People respect a number more than an apology.”",
      "2/ Episode: “Pricing the loaf”",
    ],
    linkedinPost: "Post.",
    instagram: { caption: "Caption." },
    shortVideo: { tiktok: "Clip.", youtubeShorts: { title: "Title", description: "Description." } },
    carousel: [{ title: "Slide", body: "“People respect a number … not one person argued.”" }],
    subtitles: {
      clipStart: "00:00:18",
      cues: [
        { start: 2.2, end: 4.5, speaker: "Host", text: "Did anyone quietly stop coming?" },
        { start: 6.2, end: 7.0, speaker: "Guest", text: "- Yes." },
      ],
    },
  };
  change(base);
  return base;
}

describe("misquotes", () => {
  it("passes faithful quotes, an ellipsis join, the episode's title and the clip", () => {
    expect(misquotes(kit())).toEqual([]);
  });

  it("names the field and the quote of a planted misquote in a post", () => {
    const found = misquotes(kit((k) => void (k.xThread[0] = "1/ “People respect a price.”")));
    expect(found).toEqual([
      {
        path: ["xThread", 0],
        quote: "People respect a price.",
        message: "the quote “People respect a price.” is not in the transcript",
      },
    ]);
  });

  it("checks a key point's quote whole, with or without quotation marks", () => {
    const found = misquotes(kit((k) => void (k.keyPoints[0]!.quote = "Numbers beat apologies.")));
    expect(found.map((item) => item.path)).toEqual([["keyPoints", 0, "quote"]]);
  });

  it("rejects a caption its speaker never says, or says outside the clip", () => {
    const words = misquotes(kit((k) => void (k.subtitles.cues[1]!.text = "- Yes, all of them.")));
    expect(words[0]?.message).toMatch(/is not what Guest says in the transcript/);
    const speaker = misquotes(kit((k) => void (k.subtitles.cues[1]!.speaker = "Host")));
    expect(speaker[0]?.path).toEqual(["subtitles", "cues", 1, "text"]);
    const late = misquotes(kit((k) => void (k.subtitles.clipStart = "00:00:00")));
    expect(late.map((item) => item.message)).toEqual([
      "the quote “Did anyone quietly stop coming?” is not said by Host at that point of the clip",
      "the quote “Yes.” is not said by Guest at that point of the clip",
    ]);
  });
});

describe("the kit loader runs the check", () => {
  for (const slug of ["open-kitchen-hours", "the-slow-build"]) {
    const file = `content/examples/${slug}.yaml`;
    const source = readFileSync(file, "utf8");

    it(`${slug}: every quote is in its transcript`, () => {
      expect(misquotes(parse(source) as QuotedKit)).toEqual([]);
    });

    it(`${slug}: a planted misquote fails the build, naming kit, output and quote`, () => {
      const planted = parse(source) as QuotedKit;
      const quote = planted.keyPoints[2]!.quote;
      const wrong = quote.replace(/\b(\w+)([.!?]?)$/, "nonsense$2");
      planted.linkedinPost += `\n\n“${wrong}”`;
      expect(() => parseKit(stringify(planted), file)).toThrow(
        `${file}: field "linkedinPost": the quote “${wrong}” is not in the transcript`,
      );
    });
  }
});
