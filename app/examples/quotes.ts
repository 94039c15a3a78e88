// Every quotation a sample kit's outputs put in a speaker's mouth must be words the transcript
// has: a producer sends these drafts to the guest, and a misquote is the error nobody forgives.
// Pure and browser-safe; the kit loader calls `misquotes` during validation, so a bad quote
// fails the build.
import { cutMark } from "~/examples/kit";

/** The parts of a kit this check reads (a structural subset of the validated kit). */
export type QuotedKit = {
  episode: { show: string; title: string };
  transcript: { at: string; speaker: string; text: string }[];
  summary: string;
  showNotes: {
    chapters: { title: string }[];
    guestBio?: string;
    challenge?: string;
    links: { label: string }[];
    callToAction: string;
  };
  keyPoints: { point: string; quote: string }[];
  xThread: string[];
  linkedinPost: string;
  instagram: { caption: string };
  shortVideo: { tiktok: string; youtubeShorts: { title: string; description: string } };
  carousel: { title: string; body: string }[];
  subtitles: {
    clipStart: string;
    cues: { start: number; end: number; speaker: string; text: string }[];
  };
};

export type Misquote = { path: (string | number)[]; quote: string; message: string };

/**
 * Words of a passage, for comparison: case, punctuation and whitespace do not count, and an
 * apostrophe never splits a word ("I’d" and "I'd" agree, as do "ten-second" and "ten second").
 */
export function quoteWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

// A pair of quotation marks, curly or straight, around text on one line.
const quotation = /“([^”\n]+)”|"([^"\n]+)"/g;
// An ellipsis inside a quote marks words left out: "…", "...", or either in brackets.
const ellipsis = /\[?(?:…|\.\.\.)\]?/;

/** The passages of `text` inside quotation marks, in order. */
export function quotationsIn(text: string): string[] {
  return [...text.matchAll(quotation)].map((match) => (match[1] ?? match[2] ?? "").trim());
}

/** Where a run of words starts in `haystack` at or after `from`, or -1. */
function indexOfRun(haystack: string[], run: string[], from: number): number {
  outer: for (let start = from; start + run.length <= haystack.length; start++) {
    for (let offset = 0; offset < run.length; offset++) {
      if (haystack[start + offset] !== run[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

/**
 * Whether one speaker's turns hold the quote: each part between ellipses word for word inside
 * one turn, the parts in the transcript's order (a later part may come from a later turn).
 */
function heldBy(turns: string[][], parts: string[][]): boolean {
  let turn = 0;
  let from = 0;
  for (const part of parts) {
    let found = -1;
    while (turn < turns.length) {
      found = indexOfRun(turns[turn]!, part, from);
      if (found >= 0) break;
      turn += 1;
      from = 0;
    }
    if (found < 0) return false;
    from = found + part.length;
  }
  return true;
}

/**
 * The transcript's turns as words, grouped by speaker. A cut ("[…]") ends a run of words as a
 * turn does, so no quote joins words the transcript marks as not adjacent.
 */
function turnsBySpeaker(transcript: QuotedKit["transcript"]): Map<string, string[][]> {
  const bySpeaker = new Map<string, string[][]>();
  for (const line of transcript) {
    const turns = bySpeaker.get(line.speaker) ?? [];
    turns.push(...line.text.split(cutMark).map(quoteWords));
    bySpeaker.set(line.speaker, turns);
  }
  return bySpeaker;
}

/**
 * Whether the transcript has the quote, as one speaker said it. `speaker` narrows the search
 * to that speaker's turns; otherwise any one speaker must hold every part.
 */
export function isInTranscript(
  quote: string,
  transcript: QuotedKit["transcript"],
  speaker?: string,
): boolean {
  const parts = quote
    .split(ellipsis)
    .map(quoteWords)
    .filter((words) => words.length > 0);
  if (parts.length === 0) return false;
  const bySpeaker = turnsBySpeaker(transcript);
  const candidates = speaker ? [bySpeaker.get(speaker) ?? []] : [...bySpeaker.values()];
  return candidates.some((turns) => heldBy(turns, parts));
}

/** "00:03:50" → seconds. */
function seconds(timestamp: string): number {
  return timestamp.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * Every quotation in the kit's outputs that its transcript does not hold, with the field it is
 * in. Quotation marks around the episode's title or the show's name quote no speaker, so those
 * are skipped. A key point's `quote` and every subtitle cue are quotations whole; a cue must
 * also be said by its speaker in a turn that is under way while the clip shows it.
 */
export function misquotes(kit: QuotedKit): Misquote[] {
  const found: Misquote[] = [];
  const names = new Set(
    [kit.episode.title, kit.episode.show].map((name) => quoteWords(name).join(" ")),
  );
  const report = (path: (string | number)[], quote: string, why = "is not in the transcript") =>
    found.push({ path, quote, message: `the quote “${quote}” ${why}` });

  const fields: [(string | number)[], string][] = [
    [["summary"], kit.summary],
    ...kit.showNotes.chapters.map((chapter, index): [(string | number)[], string] => [
      ["showNotes", "chapters", index, "title"],
      chapter.title,
    ]),
    [["showNotes", "guestBio"], kit.showNotes.guestBio ?? ""],
    [["showNotes", "challenge"], kit.showNotes.challenge ?? ""],
    ...kit.showNotes.links.map((link, index): [(string | number)[], string] => [
      ["showNotes", "links", index, "label"],
      link.label,
    ]),
    [["showNotes", "callToAction"], kit.showNotes.callToAction],
    ...kit.keyPoints.map((item, index): [(string | number)[], string] => [
      ["keyPoints", index, "point"],
      item.point,
    ]),
    ...kit.xThread.map((post, index): [(string | number)[], string] => [["xThread", index], post]),
    [["linkedinPost"], kit.linkedinPost],
    [["instagram", "caption"], kit.instagram.caption],
    [["shortVideo", "tiktok"], kit.shortVideo.tiktok],
    [["shortVideo", "youtubeShorts", "title"], kit.shortVideo.youtubeShorts.title],
    [["shortVideo", "youtubeShorts", "description"], kit.shortVideo.youtubeShorts.description],
    ...kit.carousel.flatMap((slide, index): [(string | number)[], string][] => [
      [["carousel", index, "title"], slide.title],
      [["carousel", index, "body"], slide.body],
    ]),
  ];
  for (const [path, text] of fields) {
    for (const quote of quotationsIn(text)) {
      if (names.has(quoteWords(quote).join(" "))) continue;
      if (!isInTranscript(quote, kit.transcript)) report(path, quote);
    }
  }

  kit.keyPoints.forEach((item, index) => {
    if (!isInTranscript(item.quote, kit.transcript))
      report(["keyPoints", index, "quote"], item.quote);
  });

  const clipStart = seconds(kit.subtitles.clipStart);
  kit.subtitles.cues.forEach((cue, index) => {
    const path = ["subtitles", "cues", index, "text"];
    const said = cue.text.replace(/^- /, "").replace(/\n/g, " ");
    // The turns under way during the cue: begun by its end, not yet followed by its start.
    const during = kit.transcript.filter((line, turn) => {
      const next = kit.transcript[turn + 1];
      return (
        line.speaker === cue.speaker &&
        seconds(line.at) <= clipStart + cue.end &&
        (next === undefined || seconds(next.at) >= clipStart + cue.start)
      );
    });
    if (!isInTranscript(said, kit.transcript, cue.speaker)) {
      report(path, said, `is not what ${cue.speaker} says in the transcript`);
    } else if (!isInTranscript(said, during, cue.speaker)) {
      report(path, said, `is not said by ${cue.speaker} at that point of the clip`);
    }
  });
  return found;
}
