import type { ReactNode } from "react";
import {
  exampleAssets,
  kitFiles,
  type ExampleAssetId,
  type PlanOffer as Offer,
} from "~/examples/example-assets";
import type { ExampleKit } from "~/examples/kit";
import { AssetTabs } from "./asset-tabs";
import { CarouselAsset, SubtitlesAsset } from "./media-assets";
import { PlanOffer } from "./plan-offer";
import { InstagramAsset, LinkedInAsset, ThreadAsset, VideoCaptionsAsset } from "./social-assets";
import {
  KeyPointsAsset,
  ShowNotesAsset,
  SummaryAsset,
  TemplateAsset,
  TranscriptAsset,
} from "./text-assets";

/** Worked out at build time: counts (twitter-text is not shipped), filled text, plan offers. */
export type KitMeasures = {
  /** The show notes: the kit's template, filled. */
  showNotes: string;
  /** "Full transcript of the episode (7 min)", or what an excerpt leaves out. */
  transcriptLabel: string;
  threadWeights: number[];
  linkedinChars: number;
  instagramChars: number;
  srt: string;
  vtt: string;
  offers: Record<ExampleAssetId, Offer>;
};

/** One tab per asset of the kit, each ending with the plans that include it. */
export function KitExplorer({ kit, measures }: { kit: ExampleKit; measures: KitMeasures }) {
  const files = kitFiles(kit.slug, kit.carousel.length);
  const content: Record<ExampleAssetId, ReactNode> = {
    transcript: (
      <TranscriptAsset kit={kit} file={files.transcript} label={measures.transcriptLabel} />
    ),
    summary: <SummaryAsset kit={kit} />,
    "show-notes": <ShowNotesAsset kit={kit} text={measures.showNotes} />,
    "key-points": <KeyPointsAsset kit={kit} />,
    "x-thread": <ThreadAsset kit={kit} weights={measures.threadWeights} />,
    "linkedin-post": <LinkedInAsset kit={kit} chars={measures.linkedinChars} />,
    instagram: <InstagramAsset kit={kit} chars={measures.instagramChars} />,
    carousel: <CarouselAsset kit={kit} files={files} />,
    "video-captions": <VideoCaptionsAsset kit={kit} />,
    subtitles: <SubtitlesAsset kit={kit} files={files} srt={measures.srt} vtt={measures.vtt} />,
    template: <TemplateAsset kit={kit} />,
  };
  const tabs = exampleAssets.map((asset) => ({
    id: asset.id,
    label: asset.label,
    heading: asset.label,
    content: (
      <>
        {content[asset.id]}
        <PlanOffer offer={measures.offers[asset.id]} />
      </>
    ),
  }));
  return <AssetTabs label={`What episode ${kit.episode.number} became`} tabs={tabs} />;
}
