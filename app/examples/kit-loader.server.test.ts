import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { transcriptFile, type ExampleKit } from "./kit";
import { getAllKits, listKitSlugs, parseKit } from "./kit-loader.server";

const file = "content/examples/fixture.yaml";
const validSource = readFileSync("content/examples/open-kitchen-hours.yaml", "utf8");

/** The kit as its YAML holds it (no slug); tests break its episode with any key, so it is open. */
type Kit = Omit<ExampleKit, "slug" | "episode"> & {
  episode: Record<string, unknown> & { speakers: unknown[]; duration: string };
};

function loadValid(): Kit {
  return parse(validSource) as Kit;
}

/** Parses the valid kit after `change`, returning the error message (or "" if it passed). */
function errorAfter(change: (kit: Kit) => void): string {
  const kit = loadValid();
  change(kit);
  try {
    parseKit(stringify(kit), file);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

const words = (count: number) => Array.from({ length: count }, () => "word").join(" ");

describe("the sample kits in content/examples", () => {
  it("are two, an interview and a solo episode, and all pass validation", () => {
    const kits = getAllKits();
    expect(listKitSlugs()).toHaveLength(2);
    expect(kits.map((kit) => kit.episode.format).sort()).toEqual(["Interview", "Solo"]);
  });
});

describe("parseKit limits: each names the file, the field and the limit", () => {
  const cases: [string, (kit: Kit) => void, RegExp][] = [
    [
      "a plan that lacks an output the kit shows",
      (kit) => void (kit.plan = "Starter"),
      /field "plan": Starter does not include X thread \(plans\.ts row "X threads"\), which the kit shows/,
    ],
    ["a plan that is not in plans.ts", (kit) => void (kit.plan = "Gold"), /field "plan": /],
    [
      "transcript under 800 words",
      (kit) => void (kit.transcript = kit.transcript.slice(0, 5)),
      /field "transcript": \d+ words; the limit is 800–1,200 words/,
    ],
    [
      "transcript over 1,200 words",
      (kit) => void (kit.transcript[0]!.text += ` ${words(300)}`),
      /field "transcript": 1\d{3} words; the limit is 800–1,200/,
    ],
    [
      "a timestamp that goes backwards",
      (kit) => void (kit.transcript[3]!.at = "00:00:01"),
      /field "transcript\.3\.at": 00:00:01 must come after/,
    ],
    [
      "a timestamp past the duration",
      (kit) => void (kit.episode.duration = "00:06:00"),
      /field "transcript\.\d+\.at": .* is not inside the episode's duration of 00:06:00/,
    ],
    [
      "a speaker who is not in the episode",
      (kit) => void (kit.transcript[2]!.speaker = "Nobody"),
      /field "transcript\.2\.speaker": "Nobody" is not one of episode\.speakers/,
    ],
    [
      "summary under 120 words",
      (kit) => void (kit.summary = words(100)),
      /field "summary": 100 words; the limit is 120–200 words/,
    ],
    [
      "summary over 200 words",
      (kit) => void (kit.summary = words(201)),
      /field "summary": 201 words/,
    ],
    [
      "show notes under 300 words",
      (kit) =>
        void (kit.template.body = "# {{title}}\n\n{{guestBio}}\n\n{{links}}\n\n{{callToAction}}"),
      /field "showNotes": \d+ words; the limit is 300–500 words/,
    ],
    [
      "show notes over 500 words",
      (kit) => void (kit.showNotes.guestBio += ` ${words(300)}`),
      /field "showNotes": \d+ words; the limit is 300–500/,
    ],
    [
      "a chapter past the duration",
      (kit) => void kit.showNotes.chapters.push({ at: "00:50:00", title: "Late" }),
      /field "showNotes\.chapters\.\d+\.at": 00:50:00 is not inside/,
    ],
    [
      "four key points",
      (kit) => void (kit.keyPoints = kit.keyPoints.slice(0, 4)),
      /field "keyPoints": 4 key points; the limit is 5–7/,
    ],
    [
      "eight key points",
      (kit) => void kit.keyPoints.push(kit.keyPoints[0]!),
      /field "keyPoints": 8 key points/,
    ],
    [
      "five posts in the thread",
      (kit) => void (kit.xThread = kit.xThread.slice(0, 5)),
      /field "xThread": 5 posts; the limit is 6–8 posts/,
    ],
    [
      "nine posts in the thread",
      (kit) => void kit.xThread.push("One more.", "And another."),
      /field "xThread": 9 posts/,
    ],
    [
      "a post of 281 characters",
      (kit) => void (kit.xThread[2] = "a".repeat(281)),
      /field "xThread\.2": 281 weighted characters; X's limit is 280/,
    ],
    [
      // Emoji weigh 2 in X's count, so 141 of them break the limit that 141 letters keep.
      "a post of 141 emoji",
      (kit) => void (kit.xThread[1] = "🎙".repeat(141)),
      /field "xThread\.1": 282 weighted characters/,
    ],
    [
      "a LinkedIn post over 3,000 characters",
      (kit) => void (kit.linkedinPost = "x".repeat(3001)),
      /field "linkedinPost": 3001 characters; LinkedIn's limit is 3,000/,
    ],
    [
      "an Instagram caption over 2,200 characters with its hashtags",
      (kit) => void (kit.instagram.caption = "x".repeat(2170)),
      /field "instagram\.caption": \d+ characters with the hashtags; Instagram's limit is 2,200/,
    ],
    [
      "two hashtags",
      (kit) => void (kit.instagram.hashtags = ["#one", "#two"]),
      /field "instagram\.hashtags": 2 hashtags; the limit is 3–5/,
    ],
    [
      "six hashtags",
      (kit) => void (kit.instagram.hashtags = ["#a", "#b", "#c", "#d", "#e", "#f"]),
      /field "instagram\.hashtags": 6 hashtags/,
    ],
    [
      "a TikTok caption over 4,000 characters",
      (kit) => void (kit.shortVideo.tiktok = "x".repeat(4001)),
      /field "shortVideo\.tiktok": 4001 characters; TikTok's limit is 4,000/,
    ],
    [
      "a Shorts title over 100 characters",
      (kit) => void (kit.shortVideo.youtubeShorts.title = "x".repeat(101)),
      /field "shortVideo\.youtubeShorts\.title": 101 characters; YouTube's title limit is 100/,
    ],
    [
      "five slides",
      (kit) => void (kit.carousel = kit.carousel.slice(0, 5)),
      /field "carousel": 5 slides; the limit is 6–8 slides/,
    ],
    [
      "nine slides",
      (kit) => void kit.carousel.push(kit.carousel[0]!, kit.carousel[1]!),
      /field "carousel": 9 slides/,
    ],
    [
      "a slide title over 60 characters",
      (kit) => void (kit.carousel[2]!.title = "x".repeat(61)),
      /field "carousel\.2\.title": 61 characters; the limit is 60/,
    ],
    [
      "a clip that runs past the episode",
      (kit) => void (kit.subtitles.clipStart = "00:38:30"),
      /field "subtitles\.clipStart": a 30-second clip from 00:38:30 runs past the episode's end/,
    ],
    [
      "a cue past 30 seconds",
      (kit) => void (kit.subtitles.cues.at(-1)!.end = 30.5),
      /field "subtitles\.cues\.\d+\.end": 30\.5 s is past the clip's length of 30 seconds/,
    ],
    [
      "overlapping cues",
      (kit) => void (kit.subtitles.cues[2]!.start = 1),
      /field "subtitles\.cues\.2\.start": cues must not overlap/,
    ],
    [
      "a cue that ends before it starts",
      (kit) => void (kit.subtitles.cues[0]!.end = 0.1),
      /field "subtitles\.cues\.0\.end": a cue must end after it starts/,
    ],
    [
      "a cue of three lines",
      (kit) => void (kit.subtitles.cues[0]!.text = "one\ntwo\nthree"),
      /field "subtitles\.cues\.0\.text": 3 lines; the limit is 2 lines a cue/,
    ],
    [
      "a cue line over 42 characters",
      (kit) => void (kit.subtitles.cues[0]!.text = "x".repeat(43)),
      /field "subtitles\.cues\.0\.text": a line of 43 characters; the limit is 42/,
    ],
    [
      "an arrow in a cue",
      (kit) => void (kit.subtitles.cues[0]!.text = "before --> after"),
      /field "subtitles\.cues\.0\.text": cue text may not contain "-->"/,
    ],
    // Captions a producer would not send back.
    [
      "a cue that splits a phrase across its lines",
      (kit) =>
        void (kit.subtitles.cues[3]!.text =
          "The week we changed the price, not one\nperson argued with the chalkboard."),
      /field "subtitles\.cues\.3\.text": a line ends on "one", splitting a phrase/,
    ],
    [
      "a cue read faster than 20 characters a second",
      (kit) => void (kit.subtitles.cues[0]!.end = 1.5),
      /field "subtitles\.cues\.0\.text": 25\.4 characters per second; the limit is 20/,
    ],
    [
      "a change of speaker without its dash",
      (kit) => void (kit.subtitles.cues[6]!.text = "Did anyone quietly stop coming?"),
      /field "subtitles\.cues\.6\.text": the speaker changes here: start the cue with "- "/,
    ],
    [
      "a dash where the speaker goes on",
      (kit) =>
        void (kit.subtitles.cues[2]!.text = "- But people respect a number\nmore than an apology."),
      /field "subtitles\.cues\.2\.text": "- " marks a change of speaker/,
    ],
    [
      "a cue by someone not in the episode",
      (kit) => void (kit.subtitles.cues[0]!.speaker = "Nobody"),
      /field "subtitles\.cues\.0\.speaker": Nobody is not one of the episode's speakers/,
    ],
    [
      "a LinkedIn post with one hashtag",
      (kit) => void (kit.linkedinPost = kit.linkedinPost.replace(/ #Bakery #PricingStrategy/, "")),
      /field "linkedinPost": 1 hashtags; the blog advises 3 to 5 on LinkedIn/,
    ],
    [
      "an episode number as a hashtag",
      (kit) => void (kit.shortVideo.tiktok += " #87"),
      /field "shortVideo\.tiktok": #87 is an episode number, not a hashtag/,
    ],
    [
      "an unknown template placeholder",
      (kit) => void (kit.template.body += "\n{{sponsor}}"),
      /field "template\.body": unknown placeholder \{\{sponsor\}\}/,
    ],
    [
      "an interview with one speaker",
      (kit) => void kit.episode.speakers.pop(),
      /field "episode\.speakers": an interview episode has 2 speaker\(s\), not 1/,
    ],
    // The show notes are the template filled, so the two cannot disagree.
    [
      "a template placeholder the kit has nothing for",
      (kit) => void (kit.template.body += "\n\n## Try it this week\n\n{{challenge}}"),
      /field "template\.body": \{\{challenge\}\} has nothing to fill it in this kit/,
    ],
    [
      "a template that drops the guest's bio",
      (kit) => void (kit.template.body = kit.template.body.replace("{{guestBio}}", "")),
      /field "showNotes\.guestBio": the template has no \{\{guestBio\}\}, so the show notes drop it/,
    ],
    [
      "an interview's show notes without a guest bio",
      (kit) => {
        delete kit.showNotes.guestBio;
        kit.template.body = kit.template.body.replace("{{guestBio}}", "");
      },
      /field "showNotes\.guestBio": an interview's show notes introduce the guest/,
    ],
    [
      "show notes without links",
      (kit) => void (kit.showNotes.links = []),
      /field "showNotes\.links": /,
    ],
    [
      "a link to a name someone else may own",
      (kit) => void (kit.showNotes.links[0]!.url = "https://crumbandcompass.com"),
      /field "showNotes\.links\.0\.url": crumbandcompass\.com may be someone's real site/,
    ],
    [
      "a link in a post that is not https",
      (kit) => void (kit.xThread[6] = kit.xThread[6]!.replace("https://", "http://")),
      /field "xThread\.6": http:\/\/openkitchenhours\.example\/87 must use https/,
    ],
    // A transcript that skips part of the episode says where.
    [
      "minutes of the episode that the transcript skips without a mark",
      (kit) => void (kit.episode.duration = "00:08:00"),
      /field "transcript\.31\.text": 00:06:42 to the end \(00:08:00\) holds 17 words in 78 s: mark where it is cut with "\[…\]"/,
    ],
    [
      "more words than the time between two turns holds",
      (kit) => void (kit.transcript[0]!.text += ` ${words(60)}`),
      /field "transcript\.0\.text": 00:00:04 to 00:00:27 holds 121 words in 23 s, faster than anyone speaks/,
    ],
    ["a missing field", (kit) => void delete (kit as Partial<Kit>).summary, /field "summary": /],
  ];

  it("accepts the unchanged kit", () => {
    expect(errorAfter(() => {})).toBe("");
  });

  for (const [name, change, message] of cases) {
    it(`rejects ${name}`, () => {
      const error = errorAfter(change);
      expect(error).toMatch(/^content\/examples\/fixture\.yaml: /);
      expect(error).toMatch(message);
    });
  }

  it("counts a link as 23 characters, as X does", () => {
    const link = `https://${"a".repeat(200)}.example/episode`;
    expect(errorAfter((kit) => void (kit.xThread[0] = `1/ Listen: ${link}`))).toBe("");
  });

  it("accepts skipped minutes marked where the transcript is cut", () => {
    const marked = (kit: Kit) => {
      kit.episode.duration = "00:08:00";
      kit.transcript.at(-1)!.text += " […]";
    };
    expect(errorAfter(marked)).toBe("");
  });

  it("labels a transcript with cuts an excerpt, and one without the full transcript", () => {
    const kits = getAllKits();
    const full = kits.find((kit) => kit.slug === "open-kitchen-hours")!;
    const excerpt = kits.find((kit) => kit.slug === "the-slow-build")!;
    expect(transcriptFile(full)).toContain("\nFull transcript of the episode (7 min).\n");
    expect(transcriptFile(excerpt)).toContain(
      "\nTranscript excerpt of the episode (24 min): about 1,000 of its roughly 3,600 spoken words, with […] marking each cut",
    );
  });

  it("rejects a file name that is not a slug and YAML that does not parse", () => {
    expect(() => parseKit(validSource, "content/examples/Bad Name.yaml")).toThrow(
      /kebab-case slug/,
    );
    expect(() => parseKit("episode: [", file)).toThrow(/fixture\.yaml: not valid YAML/);
  });
});
