import twitter from "twitter-text";
import { instagramText, showNotesText, transcriptLabel, type ExampleKit } from "~/examples/kit";
import { exampleAssets, planOffer } from "~/examples/example-assets";
import { charCount } from "~/examples/kit-schema.server";
import { toSrt, toVtt } from "~/lib/subtitles";

/** The subtitle files' text; the explorer shows the same strings the build writes. */
export function kitSubtitles(kit: ExampleKit): { srt: string; vtt: string } {
  const title = `${kit.episode.show}, episode ${kit.episode.number}`;
  return { srt: toSrt(kit.subtitles.cues), vtt: toVtt(kit.subtitles.cues, title) };
}

/**
 * What the explorer shows beside the assets, worked out here so twitter-text, the plan logic and
 * the template filling stay off pages.
 */
export function kitMeasures(kit: ExampleKit) {
  return {
    showNotes: showNotesText(kit),
    transcriptLabel: transcriptLabel(kit),
    threadWeights: kit.xThread.map((post) => twitter.parseTweet(post).weightedLength),
    linkedinChars: charCount(kit.linkedinPost),
    instagramChars: charCount(instagramText(kit)),
    ...kitSubtitles(kit),
    offers: Object.fromEntries(
      exampleAssets.map((asset) => [asset.id, planOffer(asset)]),
    ) as Record<(typeof exampleAssets)[number]["id"], ReturnType<typeof planOffer>>,
  };
}
