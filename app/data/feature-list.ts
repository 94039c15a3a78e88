import type { LucideIcon } from "lucide-react";
import {
  AudioLines,
  FileText,
  Images,
  LayoutTemplate,
  BriefcaseBusiness,
  ListChecks,
  MessageSquareText,
  Subtitles,
} from "lucide-react";

import type { ExampleAssetId } from "~/examples/example-assets";
import type { FeatureName } from "~/plans/plans";

/** The sample kit (content/examples/<slug>.yaml) the feature cards open, each at its asset. */
export const featuredKitPath = "/examples/open-kitchen-hours";

export type Feature = {
  title: string;
  description: string;
  /**
   * The pricing table's row for this format: the card's badge (which plans include it) is
   * worked out from plans.ts, never typed, so it cannot disagree with the table.
   */
  row: FeatureName;
  icon: LucideIcon;
  /** The asset of the featured sample kit that shows this feature (its URL fragment). */
  example: ExampleAssetId;
};

export const features = [
  {
    title: "Audio to Text",
    description:
      "Upload an episode's audio file and get a clean, speaker-labeled transcript you can search, quote and publish.",
    row: "Audio to Text",
    icon: AudioLines,
    example: "transcript",
  },
  {
    title: "Summarization",
    description:
      "A tight episode summary that tells listeners what they will learn before they press play.",
    row: "Summarization",
    icon: FileText,
    example: "summary",
  },
  {
    title: "Key Points Extraction",
    description:
      "The takeaways, quotes and timestamps worth sharing, pulled out so you never re-listen to find them.",
    row: "Key Point Extraction",
    icon: ListChecks,
    example: "key-points",
  },
  {
    title: "Tweet Threads",
    description:
      "X thread drafts that turn one conversation into a story your followers can scroll through.",
    row: "X threads",
    icon: MessageSquareText,
    example: "x-thread",
  },
  {
    title: "LinkedIn Posts",
    description:
      "Professional posts in your voice that bring the episode's best insight to your network.",
    row: "LinkedIn Post",
    icon: BriefcaseBusiness,
    example: "linkedin-post",
  },
  {
    title: "Carousel Images",
    description:
      "Swipeable slide decks built from your key points, sized for Instagram and LinkedIn.",
    row: "Carousel Images",
    icon: Images,
    example: "carousel",
  },
  {
    title: "Content Templates",
    description:
      "Reusable formats for show notes, newsletters and posts so every episode ships with the same polish.",
    row: "Content Templates",
    icon: LayoutTemplate,
    example: "template",
  },
  {
    title: "Caption Generation",
    description:
      "Captions and hashtags matched to each platform, plus subtitle files for any moment you cut into a clip yourself.",
    row: "Caption Generation",
    icon: Subtitles,
    example: "video-captions",
  },
] as const satisfies readonly Feature[];
