import { describe, expect, it } from "vitest";
import { exampleAssets } from "~/examples/example-assets";
import { planFeatureRows, plans } from "~/plans/plans";
import { features } from "~/data/feature-list";
import { repurposingTimeLog } from "~/content/time-log.server";
import { startingTaskHours, timeSaved, timeSavedCopy } from "~/plans/finder/time-saved";
import { finderEpisodes, finderNeeds, recommendPlan } from "~/plans/finder/plan-finder";
import { checkBillingStatements } from "./billing-statements";
import { billingMentions } from "./billing-mentions";
import { billingTopics } from "./billing-topics";
import { sourceFiles, sourceStrings, stringsIn } from "./copy-sources.server";
import { checkBuiltFrom, checkClipClaims, checkRowDescriptions } from "./kit-claims";

// Three pairs a third fresh read found, each put back where it was: the kits' show notes sold on
// every plan though filled from a Pro template, captions for a clip no plan cuts, and writing
// time counted as time got back with no reviewing or editing taken off.

/** The show notes are the kit's template filled (kit.ts's showNotesText). */
const builtFrom = { "show-notes": ["template"] };

describe("the kits' show notes", () => {
  it("are offered only on the plans that include the template they are filled from", () => {
    expect(checkBuiltFrom(exampleAssets, builtFrom)).toEqual([]);
  });

  it("fail with the old Summarization row put back", () => {
    const old = exampleAssets.map((asset) =>
      asset.id === "show-notes" ? { ...asset, planRow: "Summarization" as const } : asset,
    );
    expect(checkBuiltFrom(old as never, builtFrom)).toEqual([
      "show-notes: offered on Starter, which lacks the Content template it is built from",
    ]);
  });
});

describe("the kits' captions and subtitles", () => {
  const explorer = Object.fromEntries(
    sourceFiles("app/examples/components", [".tsx"]).map((path) => [
      path,
      sourceStrings(path, () => undefined).join("\n"),
    ]),
  );
  const sources: Record<string, string> = {
    ...explorer,
    "app/examples/example-assets.ts": stringsIn(exampleAssets).join("\n"),
    "app/data/feature-list.ts": stringsIn(features).join("\n"),
  };
  const subtitleRow = { subtitles: /\bsubtitle/i };

  it("never speak of a clip as if a plan cut it", () => {
    expect(checkClipClaims(sources)).toEqual([]);
  });

  it.each([
    [
      "app/examples/components/social-assets.tsx",
      "Captions for the episode’s short clip on TikTok and YouTube Shorts.",
    ],
    [
      "app/examples/components/media-assets.tsx",
      "Subtitles for a 30-second clip that starts at 00:22:50, as SubRip (.srt) and WebVTT (.vtt) files.",
    ],
  ])("fail with the old intro put back in %s", (source, old) => {
    expect(checkClipClaims({ ...sources, [source]: `${sources[source]}\n${old}\n` })).toEqual([
      `${source}: "${old}" speaks of a clip no plan makes as if one did`,
    ]);
  });

  it("sit under a row whose description promises subtitle files", () => {
    expect(checkRowDescriptions(exampleAssets, planFeatureRows, subtitleRow)).toEqual([]);
  });

  it("fail with the old Caption Generation description put back", () => {
    const old = planFeatureRows.map((row) =>
      row.name === "Caption Generation"
        ? { ...row, description: "Platform-ready captions and hashtags" }
        : row,
    );
    expect(checkRowDescriptions(exampleAssets, old, subtitleRow)).toEqual([
      'Caption Generation: the kits show Subtitles under this row, but its description is "Platform-ready captions and hashtags"',
    ]);
  });
});

describe("the plan finder's writing time", () => {
  const hours = startingTaskHours(repurposingTimeLog());
  const source = "app/plans/finder/time-saved.ts";
  // Every sentence the finder can show: its copy, and its result for each plan, episode count
  // and need, with no reviewing entered, some, and more than the writing itself.
  const shown = [
    ...stringsIn(timeSavedCopy),
    ...Array.from({ length: finderEpisodes.max }, (_, i) => i + 1).flatMap((episodes) =>
      [[], finderNeeds.map((need) => need.id)].flatMap((needs) => {
        const input = { episodes, needs };
        const { plan } = recommendPlan(input);
        return [0, 1, 24].flatMap((review) => {
          const saved = timeSaved(plan, input, hours, review);
          return [saved.summary, saved.backNote, saved.priceNote];
        });
      }),
    ),
  ].join("\n");
  const check = (text: string) =>
    checkBillingStatements(
      billingTopics,
      billingMentions.filter((mention) => mention.source === source),
      { [source]: text },
    );

  it("never calls writing time got back without reviewing and editing taken off", () => {
    expect(check(shown)).toEqual([]);
  });

  it.each([
    "Estimated writing time you get back",
    "At $149 a month, that is $12.42 for each hour you get back.",
  ])("fails with the old wording put back: %s", (old) => {
    expect(check(`${shown}\n${old}\n`)).toEqual([
      `${source}: "${old}" speaks to time saved in its own words`,
    ]);
  });

  it("starts from the article's logged minutes, and takes reviewing off", () => {
    expect(hours.transcript).toBe(3.25);
    const pro = plans.find((plan) => plan.name === "Pro")!;
    const input = { episodes: 4, needs: [] };
    expect(timeSaved(pro, input, hours).netPerMonth).toBe(timeSaved(pro, input, hours).perMonth);
    expect(timeSaved(pro, input, hours, 1).netPerMonth).toBe(
      timeSaved(pro, input, hours).perMonth - 4,
    );
  });
});
