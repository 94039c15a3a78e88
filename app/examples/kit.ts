import type { Cue } from "~/lib/subtitles";

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
  showNotes: { intro: string; chapters: { at: string; title: string }[]; body: string };
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

/** Paragraphs of a text field: blank lines separate them. */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
}

export function transcriptText(kit: ExampleKit): string {
  return kit.transcript.map((line) => `[${line.at}] ${line.speaker}: ${line.text}`).join("\n\n");
}

/** The transcript download: a heading naming the episode, then the transcript. */
export function transcriptFile(kit: ExampleKit): string {
  const { show, number, title } = kit.episode;
  return `${show}, episode ${number}: ${title}\nTranscript excerpt\n\n${transcriptText(kit)}\n`;
}

export function chapterLine(chapter: { at: string; title: string }): string {
  return `${chapter.at} ${chapter.title}`;
}

export function showNotesText(kit: ExampleKit): string {
  const { intro, chapters, body } = kit.showNotes;
  return [intro, "Chapters", chapters.map(chapterLine).join("\n"), ...paragraphs(body)].join(
    "\n\n",
  );
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
