import twitter from "twitter-text";
import { z } from "zod";
import {
  placeholderPattern,
  showNotesText,
  templatePlaceholders,
  templateValues,
  toSeconds,
} from "~/examples/kit";
import { outputsMissingFrom } from "~/examples/example-assets";
import { plans } from "~/plans/plans";
import { countWords } from "~/lib/words";
import { editorialProblems } from "~/examples/editorial";
import { misquotes } from "~/examples/quotes";

/** Every limit a kit must keep; the build fails naming the file, the field and the limit. */
export const kitLimits = {
  transcriptWords: { min: 800, max: 1200 },
  summaryWords: { min: 120, max: 200 },
  showNotesWords: { min: 300, max: 500 },
  keyPoints: { min: 5, max: 7 },
  threadPosts: { min: 6, max: 8 },
  /** X's limit in weighted characters, as twitter-text counts them (a link counts 23). */
  postWeight: 280,
  linkedinChars: 3000,
  instagramChars: 2200,
  hashtags: { min: 3, max: 5 },
  tiktokChars: 4000,
  shortsTitleChars: 100,
  shortsDescriptionChars: 5000,
  slides: { min: 6, max: 8 },
  slideTitleChars: 60,
  slideBodyChars: 120,
  clipSeconds: 30,
  cueLines: 2,
  cueLineChars: 42,
  /** Reading speed: characters (line breaks not counted) per second of a cue, at most. */
  cueCharsPerSecond: 20,
} as const;

// Words a caption line may not end on: the phrase they start or bind runs on to the next line
// ("not one / person"), which a reader has to hold in mind across the break.
const phraseOpeners = new Set(
  (
    "a an the not no one to of in on at by for from with and or but nor than that as if so " +
    "my your his her its our their this these those very is was are were be been I we you he " +
    "she they who which"
  ).split(" "),
);

/** The word a caption line leaves hanging, or undefined when the line ends a phrase. */
function hangingWord(line: string): string | undefined {
  if (/[,.;:!?…”")\]]$/.test(line.trim())) return undefined;
  const last = line.trim().split(/\s+/).at(-1) ?? "";
  return phraseOpeners.has(last) || phraseOpeners.has(last.toLowerCase()) ? last : undefined;
}

/** A cue's reading speed in characters per second, line breaks not counted. */
function charsPerSecond(cue: { start: number; end: number; text: string }): number {
  return charCount(cue.text.replace(/\n/g, "")) / (cue.end - cue.start);
}

const timestamp = z
  .string()
  .regex(/^\d{2}:[0-5]\d:[0-5]\d$/, { error: "must be a timestamp written hh:mm:ss" });
const text = (max = 5000) => z.string().trim().min(1).max(max);

/** Unicode code points: what people mean by "characters", an emoji counting once. */
export const charCount = (value: string) => [...value].length;

/** "1,200": a limit as the messages print it. */
const count = (value: number) => value.toLocaleString("en-US");
/** "800–1,200": a range as the messages print it. */
const range = ({ min, max }: { min: number; max: number }) => `${count(min)}–${count(max)}`;

const between = (value: number, { min, max }: { min: number; max: number }) =>
  value >= min && value <= max;

export const exampleKitSchema = z
  .strictObject({
    plan: z.enum(plans.map((plan) => plan.name)),
    episode: z.strictObject({
      show: text(80),
      number: z.number().int().positive(),
      title: text(100),
      duration: timestamp,
      format: z.enum(["Interview", "Solo"]),
      premise: text(160),
      speakers: z.array(z.strictObject({ name: text(80), role: text(120) })).min(1),
    }),
    transcript: z.array(z.strictObject({ at: timestamp, speaker: text(80), text: text() })).min(1),
    summary: text(),
    showNotes: z.strictObject({
      chapters: z.array(z.strictObject({ at: timestamp, title: text(100) })).min(3),
      guestBio: text(1000).optional(),
      challenge: text(1000).optional(),
      links: z.array(z.strictObject({ label: text(100), url: z.url() })).min(1),
      callToAction: text(1000),
    }),
    keyPoints: z.array(z.strictObject({ at: timestamp, point: text(200), quote: text(200) })),
    xThread: z.array(text()),
    linkedinPost: text(10_000),
    instagram: z.strictObject({
      caption: text(10_000),
      hashtags: z.array(
        z.string().regex(/^#[\p{L}\p{N}_]+$/u, { error: "must be one # and letters or digits" }),
      ),
    }),
    shortVideo: z.strictObject({
      tiktok: text(10_000),
      youtubeShorts: z.strictObject({ title: text(1000), description: text(10_000) }),
    }),
    carousel: z.array(z.strictObject({ title: text(1000), body: text(1000) })),
    subtitles: z.strictObject({
      clipStart: timestamp,
      cues: z
        .array(
          z.strictObject({
            start: z.number().min(0),
            end: z.number(),
            /** Who says it: a change of speaker opens the cue with "- ". */
            speaker: text(200),
            text: text(),
          }),
        )
        .min(1),
    }),
    template: z.strictObject({ name: text(100), body: text() }),
  })
  .superRefine((kit, ctx) => {
    const fail = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    const duration = toSeconds(kit.episode.duration);
    const withinEpisode = (path: (string | number)[], at: string) => {
      if (toSeconds(at) >= duration) {
        fail(path, `${at} is not inside the episode's duration of ${kit.episode.duration}`);
      }
    };

    // A kit shows one of every asset, so its plan must include each (a count of 1 is enough).
    for (const missing of outputsMissingFrom(kit.plan)) {
      fail(["plan"], `${kit.plan} does not include ${missing}, which the kit shows`);
    }

    const speakers = kit.episode.speakers.map((speaker) => speaker.name);
    const expectedSpeakers = kit.episode.format === "Interview" ? 2 : 1;
    if (speakers.length !== expectedSpeakers) {
      fail(
        ["episode", "speakers"],
        `an ${kit.episode.format.toLowerCase()} episode has ${expectedSpeakers} speaker(s), not ${speakers.length}`,
      );
    }

    kit.transcript.forEach((line, index) => {
      if (!speakers.includes(line.speaker)) {
        fail(["transcript", index, "speaker"], `"${line.speaker}" is not one of episode.speakers`);
      }
      const previous = kit.transcript[index - 1];
      if (previous && toSeconds(line.at) <= toSeconds(previous.at)) {
        fail(["transcript", index, "at"], `${line.at} must come after ${previous.at}`);
      }
      withinEpisode(["transcript", index, "at"], line.at);
    });
    const transcriptWords = countWords(kit.transcript.map((line) => line.text).join(" "));
    if (!between(transcriptWords, kitLimits.transcriptWords)) {
      fail(
        ["transcript"],
        `${transcriptWords} words; the limit is ${range(kitLimits.transcriptWords)} words`,
      );
    }

    const summaryWords = countWords(kit.summary);
    if (!between(summaryWords, kitLimits.summaryWords)) {
      fail(
        ["summary"],
        `${summaryWords} words; the limit is ${range(kitLimits.summaryWords)} words`,
      );
    }

    const { chapters } = kit.showNotes;
    const notesWords = countWords(showNotesText(kit));
    if (!between(notesWords, kitLimits.showNotesWords)) {
      fail(
        ["showNotes"],
        `${notesWords} words; the limit is ${range(kitLimits.showNotesWords)} words`,
      );
    }
    chapters.forEach((chapter, index) => {
      const previous = chapters[index - 1];
      if (previous && toSeconds(chapter.at) <= toSeconds(previous.at)) {
        fail(
          ["showNotes", "chapters", index, "at"],
          `${chapter.at} must come after ${previous.at}`,
        );
      }
      withinEpisode(["showNotes", "chapters", index, "at"], chapter.at);
    });

    if (!between(kit.keyPoints.length, kitLimits.keyPoints)) {
      fail(
        ["keyPoints"],
        `${kit.keyPoints.length} key points; the limit is ${range(kitLimits.keyPoints)}`,
      );
    }
    kit.keyPoints.forEach((item, index) => withinEpisode(["keyPoints", index, "at"], item.at));

    if (!between(kit.xThread.length, kitLimits.threadPosts)) {
      fail(
        ["xThread"],
        `${kit.xThread.length} posts; the limit is ${range(kitLimits.threadPosts)} posts`,
      );
    }
    kit.xThread.forEach((post, index) => {
      const { weightedLength, valid } = twitter.parseTweet(post);
      if (weightedLength > kitLimits.postWeight || !valid) {
        fail(
          ["xThread", index],
          `${weightedLength} weighted characters; X's limit is ${count(kitLimits.postWeight)} (as twitter-text counts them)`,
        );
      }
    });

    const linkedin = charCount(kit.linkedinPost);
    if (linkedin > kitLimits.linkedinChars) {
      fail(
        ["linkedinPost"],
        `${linkedin} characters; LinkedIn's limit is ${count(kitLimits.linkedinChars)}`,
      );
    }

    const { caption, hashtags } = kit.instagram;
    const instagram = charCount(`${caption}\n\n${hashtags.join(" ")}`);
    if (instagram > kitLimits.instagramChars) {
      fail(
        ["instagram", "caption"],
        `${instagram} characters with the hashtags; Instagram's limit is ${count(kitLimits.instagramChars)}`,
      );
    }
    if (!between(hashtags.length, kitLimits.hashtags)) {
      fail(
        ["instagram", "hashtags"],
        `${hashtags.length} hashtags; the limit is ${range(kitLimits.hashtags)}`,
      );
    }
    if (new Set(hashtags.map((tag) => tag.toLowerCase())).size !== hashtags.length) {
      fail(["instagram", "hashtags"], "a hashtag appears twice");
    }

    const tiktok = charCount(kit.shortVideo.tiktok);
    if (tiktok > kitLimits.tiktokChars) {
      fail(
        ["shortVideo", "tiktok"],
        `${tiktok} characters; TikTok's limit is ${count(kitLimits.tiktokChars)}`,
      );
    }
    const { title: shortsTitle, description } = kit.shortVideo.youtubeShorts;
    if (charCount(shortsTitle) > kitLimits.shortsTitleChars) {
      fail(
        ["shortVideo", "youtubeShorts", "title"],
        `${charCount(shortsTitle)} characters; YouTube's title limit is ${count(kitLimits.shortsTitleChars)}`,
      );
    }
    if (charCount(description) > kitLimits.shortsDescriptionChars) {
      fail(
        ["shortVideo", "youtubeShorts", "description"],
        `${charCount(description)} characters; YouTube's description limit is ${count(kitLimits.shortsDescriptionChars)}`,
      );
    }

    if (!between(kit.carousel.length, kitLimits.slides)) {
      fail(
        ["carousel"],
        `${kit.carousel.length} slides; the limit is ${range(kitLimits.slides)} slides`,
      );
    }
    kit.carousel.forEach((slide, index) => {
      if (charCount(slide.title) > kitLimits.slideTitleChars) {
        fail(
          ["carousel", index, "title"],
          `${charCount(slide.title)} characters; the limit is ${kitLimits.slideTitleChars}`,
        );
      }
      if (charCount(slide.body) > kitLimits.slideBodyChars) {
        fail(
          ["carousel", index, "body"],
          `${charCount(slide.body)} characters; the limit is ${kitLimits.slideBodyChars}`,
        );
      }
    });

    const clipStart = toSeconds(kit.subtitles.clipStart);
    if (clipStart + kitLimits.clipSeconds > duration) {
      fail(
        ["subtitles", "clipStart"],
        `a 30-second clip from ${kit.subtitles.clipStart} runs past the episode's end`,
      );
    }
    kit.subtitles.cues.forEach((cue, index) => {
      const path = ["subtitles", "cues", index];
      if (cue.end <= cue.start) fail([...path, "end"], "a cue must end after it starts");
      if (cue.end > kitLimits.clipSeconds) {
        fail(
          [...path, "end"],
          `${cue.end} s is past the clip's length of ${kitLimits.clipSeconds} seconds`,
        );
      }
      const previous = kit.subtitles.cues[index - 1];
      if (previous && cue.start < previous.end) {
        fail([...path, "start"], `cues must not overlap: starts before cue ${index} ends`);
      }
      const lines = cue.text.split("\n");
      if (lines.length > kitLimits.cueLines) {
        fail(
          [...path, "text"],
          `${lines.length} lines; the limit is ${kitLimits.cueLines} lines a cue`,
        );
      }
      lines.forEach((line) => {
        if (charCount(line) > kitLimits.cueLineChars) {
          fail(
            [...path, "text"],
            `a line of ${charCount(line)} characters; the limit is ${kitLimits.cueLineChars}`,
          );
        }
        if (line.trim() === "") fail([...path, "text"], "a cue may not contain a blank line");
      });
      if (cue.text.includes("-->")) {
        fail([...path, "text"], 'cue text may not contain "-->" (SRT and WebVTT forbid it)');
      }
      lines.slice(0, -1).forEach((line) => {
        const word = hangingWord(line);
        if (word) fail([...path, "text"], `a line ends on "${word}", splitting a phrase`);
      });
      if (cue.end > cue.start) {
        const speed = charsPerSecond(cue);
        if (speed > kitLimits.cueCharsPerSecond) {
          fail(
            [...path, "text"],
            `${speed.toFixed(1)} characters per second; the limit is ${kitLimits.cueCharsPerSecond}`,
          );
        }
      }
      if (!kit.episode.speakers.some((speaker) => speaker.name === cue.speaker)) {
        fail([...path, "speaker"], `${cue.speaker} is not one of the episode's speakers`);
      }
      const changed = previous !== undefined && previous.speaker !== cue.speaker;
      if (changed !== cue.text.startsWith("- ")) {
        fail(
          [...path, "text"],
          changed
            ? 'the speaker changes here: start the cue with "- "'
            : '"- " marks a change of speaker, and the speaker does not change here',
        );
      }
    });

    // The blog's advice (content/blog): 3 to 5 specific hashtags on LinkedIn, and an episode
    // number is not a hashtag anywhere.
    const tags = (text: string) => text.match(/(?<![\w&])#\w+/g) ?? [];
    const linkedinTags = tags(kit.linkedinPost).length;
    if (linkedinTags < kitLimits.hashtags.min || linkedinTags > kitLimits.hashtags.max) {
      fail(
        ["linkedinPost"],
        `${linkedinTags} hashtags; the blog advises ${kitLimits.hashtags.min} to ${kitLimits.hashtags.max} on LinkedIn`,
      );
    }
    for (const [path, text] of [
      [["linkedinPost"], kit.linkedinPost],
      [["instagram", "caption"], kit.instagram.caption],
      [["shortVideo", "tiktok"], kit.shortVideo.tiktok],
      [["xThread"], kit.xThread.join("\n")],
    ] as const) {
      const numbered = tags(text).find((tag) => /^#\d+$/.test(tag));
      if (numbered) fail([...path], `${numbered} is an episode number, not a hashtag`);
    }

    for (const { path, message } of misquotes(kit)) fail(path, message);
    for (const { path, message } of editorialProblems(kit)) fail(path, message);

    // The show notes are the template filled: every placeholder needs the kit's value, and
    // every part written for the show notes needs a placeholder, or the notes would drop it.
    const values = templateValues(kit);
    const used = new Set<string>();
    for (const match of kit.template.body.matchAll(placeholderPattern)) {
      const name = match[1] ?? "";
      used.add(name);
      if (!(templatePlaceholders as readonly string[]).includes(name)) {
        fail(
          ["template", "body"],
          `unknown placeholder {{${name}}}; known: ${templatePlaceholders.join(", ")}`,
        );
      } else if (values[name as keyof typeof values] === undefined) {
        fail(["template", "body"], `{{${name}}} has nothing to fill it in this kit`);
      }
    }
    for (const part of ["guestBio", "challenge", "links", "callToAction"] as const) {
      if (kit.showNotes[part] !== undefined && !used.has(part)) {
        fail(["showNotes", part], `the template has no {{${part}}}, so the show notes drop it`);
      }
    }
    if (kit.episode.format === "Interview" && kit.showNotes.guestBio === undefined) {
      fail(["showNotes", "guestBio"], "an interview's show notes introduce the guest");
    }
  });
