import type { Cue } from "~/lib/subtitles";
import { countWords } from "~/lib/words";

// The shape of a sample kit once validated (app/examples/kit-schema.server.ts), and the plain-text
// forms of its assets. Browser-safe: the explorer's copy buttons copy these strings, and the
// build writes the same strings into the download files, so what is copied is what is shown.

export type Speaker = { name: string; role: string };

export type ExampleKit = {
  slug: string;
  /** The plan the kit was made on (a name from app/plans/plans.ts). */
  plan: string;
  episode: {
    show: string;
    number: number;
    title: string;
    duration: string;
    format: "Interview" | "Solo";
    premise: string;
    speakers: Speaker[];
  };
  transcript: { at: string; speaker: string; text: string }[];
  summary: string;
  /** What the template needs beyond the other assets; the show notes are the template filled. */
  showNotes: ShowNotesParts;
  keyPoints: { at: string; point: string; quote: string }[];
  xThread: string[];
  linkedinPost: string;
  instagram: { caption: string; hashtags: string[] };
  shortVideo: { tiktok: string; youtubeShorts: { title: string; description: string } };
  carousel: { title: string; body: string }[];
  /** Each cue names who says it; a change of speaker opens the cue with "- ". */
  subtitles: { clipStart: string; cues: (Cue & { speaker: string })[] };
  template: { name: string; body: string };
};

export type ShowNotesParts = {
  chapters: { at: string; title: string }[];
  /** An interview's guest, in a few sentences; a solo episode has none. */
  guestBio?: string;
  /** A solo episode's "try it this week"; an interview has none. */
  challenge?: string;
  links: { label: string; url: string }[];
  callToAction: string;
};

/** Placeholders a show-notes template may use; each is filled from the kit. */
export const templatePlaceholders = [
  "show",
  "number",
  "title",
  "premise",
  "host",
  "guest",
  "guestBio",
  "duration",
  "summary",
  "chapters",
  "keyPoints",
  "challenge",
  "links",
  "callToAction",
] as const;

export type TemplatePlaceholder = (typeof templatePlaceholders)[number];

/** The parts of a kit its template is filled from (a structural subset, so the schema can call it). */
export type TemplateSource = Pick<ExampleKit, "episode" | "summary" | "keyPoints" | "template"> & {
  showNotes: ShowNotesParts;
};

/** Where a transcript skips ahead: words are cut up to the next timestamp, or inside a turn. */
export const cutMark = "[…]";

/** "Dana Whitcombe, potter at Whitcombe Clayworks" from the role "Host, potter at …". */
function speakerLine(speaker: Speaker | undefined): string | undefined {
  if (!speaker) return undefined;
  const role = speaker.role.replace(/^(?:Host|Guest),?\s*/, "");
  return role ? `${speaker.name}, ${role}` : speaker.name;
}

/** What each placeholder becomes for this kit; undefined where the kit has nothing to fill it. */
export function templateValues(
  kit: TemplateSource,
): Record<TemplatePlaceholder, string | undefined> {
  const { episode, showNotes } = kit;
  const host = episode.speakers.find((speaker) => speaker.role.startsWith("Host"));
  const guest = episode.speakers.find((speaker) => speaker.role.startsWith("Guest"));
  return {
    show: episode.show,
    number: String(episode.number),
    title: episode.title,
    premise: episode.premise,
    host: speakerLine(host),
    guest: speakerLine(guest),
    guestBio: showNotes.guestBio,
    duration: formatDuration(episode.duration),
    summary: kit.summary,
    chapters: showNotes.chapters.map((chapter) => `- ${chapterLine(chapter)}`).join("\n"),
    keyPoints: kit.keyPoints.map((item) => `- ${item.point} (${item.at})`).join("\n"),
    challenge: showNotes.challenge,
    links: showNotes.links.map((link) => `- ${link.label}: ${link.url}`).join("\n"),
    callToAction: showNotes.callToAction,
  };
}

/** `{{ name }}` in a template, with the name captured. */
export const placeholderPattern = /\{\{\s*([^}]*?)\s*\}\}/g;

/**
 * The template with every placeholder filled from the kit: the show notes, in the template's
 * Markdown. `leaveOut` empties placeholders (to count the prose without the lists).
 */
export function fillTemplate(kit: TemplateSource, leaveOut: TemplatePlaceholder[] = []): string {
  const values = templateValues(kit);
  return kit.template.body.replace(placeholderPattern, (whole, name: string) => {
    if (leaveOut.includes(name as TemplatePlaceholder)) return "";
    return values[name as TemplatePlaceholder] ?? whole;
  });
}

export function transcriptText(kit: ExampleKit): string {
  return kit.transcript.map((line) => `[${line.at}] ${line.speaker}: ${line.text}`).join("\n\n");
}

/** True when the transcript leaves parts of the episode out, each marked where it is cut. */
export function isExcerpt(kit: Pick<ExampleKit, "transcript">): boolean {
  return kit.transcript.some((line) => line.text.includes(cutMark));
}

/** Words a second in conversation: the rough pace that turns an episode's length into words. */
export const conversationalPace = 2.5;

/** "1,000": a word count to the nearest hundred, as a reader takes in an estimate. */
const hundreds = (words: number) => (Math.round(words / 100) * 100).toLocaleString("en-US");

/**
 * What the transcript is, said the same way on the page and in the download; an excerpt says
 * how much of the episode it keeps, against the words its length holds at a conversational pace.
 */
export function transcriptLabel(kit: Pick<ExampleKit, "transcript" | "episode">): string {
  const length = formatDuration(kit.episode.duration);
  if (!isExcerpt(kit)) return `Full transcript of the episode (${length})`;
  const kept = countWords(
    kit.transcript.map((line) => line.text.replaceAll(cutMark, " ")).join(" "),
  );
  const spoken = toSeconds(kit.episode.duration) * conversationalPace;
  return `Transcript excerpt of the episode (${length}): about ${hundreds(kept)} of its roughly ${hundreds(spoken)} spoken words, with ${cutMark} marking each cut and the timestamps showing how much is left out`;
}

/** The transcript download: a heading naming the episode and what the text is, then the transcript. */
export function transcriptFile(kit: ExampleKit): string {
  const { show, number, title } = kit.episode;
  return `${show}, episode ${number}: ${title}\n${transcriptLabel(kit)}.\n\n${transcriptText(kit)}\n`;
}

export function chapterLine(chapter: { at: string; title: string }): string {
  return `${chapter.at} ${chapter.title}`;
}

/** The show notes: the kit's template, filled. */
export function showNotesText(kit: TemplateSource): string {
  return fillTemplate(kit);
}

export function keyPointsText(kit: ExampleKit): string {
  return kit.keyPoints
    .map((item, index) => `${index + 1}. ${item.point} (${item.at})\n“${item.quote}”`)
    .join("\n\n");
}

export function threadText(kit: ExampleKit): string {
  return kit.xThread.join("\n\n");
}

export function hashtagLine(kit: ExampleKit): string {
  return kit.instagram.hashtags.join(" ");
}

export function instagramText(kit: ExampleKit): string {
  return `${kit.instagram.caption}\n\n${hashtagLine(kit)}`;
}

export function shortsText(kit: ExampleKit): string {
  const { title, description } = kit.shortVideo.youtubeShorts;
  return `${title}\n\n${description}`;
}

/** A slide's text, which is also its image's alternative text. */
export function slideText(slide: { title: string; body: string }): string {
  const stop = /[.!?…]$/.test(slide.title) ? "" : ".";
  return `${slide.title}${stop} ${slide.body}`;
}

/** "00:38:45" → seconds. */
export function toSeconds(timestamp: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = timestamp.split(":").map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** "00:38:45" → "38 min", "01:02:00" → "1 h 2 min". */
export function formatDuration(timestamp: string): string {
  const minutes = Math.round(toSeconds(timestamp) / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** "00:38:45" → "PT0H38M45S", for a `<time datetime>`. */
export function isoDuration(timestamp: string): string {
  const [hours, minutes, seconds] = timestamp.split(":").map(Number);
  return `PT${hours}H${minutes}M${seconds}S`;
}
