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

export type Tier = "Core" | "Pro" | "Premium";

/** The sample kit (content/examples/<slug>.yaml) the feature cards open, each at its asset. */
export const featuredKitPath = "/examples/open-kitchen-hours";

export type Feature = {
  title: string;
  description: string;
  tier: Tier;
  icon: LucideIcon;
  /** The asset of the featured sample kit that shows this feature (its URL fragment). */
  example: ExampleAssetId;
};

export const features = [
  {
    title: "Audio to Text",
    description:
      "Upload an episode and get a clean, speaker-labeled transcript you can search, quote and publish.",
    tier: "Core",
    icon: AudioLines,
    example: "transcript",
  },
  {
    title: "Summarization",
    description:
      "A tight episode summary that tells listeners what they will learn before they press play.",
    tier: "Core",
    icon: FileText,
    example: "summary",
  },
  {
    title: "Key Points Extraction",
    description:
      "The takeaways, quotes and timestamps worth sharing, pulled out so you never re-listen to find them.",
    tier: "Core",
    icon: ListChecks,
    example: "key-points",
  },
  {
    title: "Tweet Threads",
    description:
      "X thread drafts that turn one conversation into a story your followers can scroll through.",
    tier: "Pro",
    icon: MessageSquareText,
    example: "x-thread",
  },
  {
    title: "LinkedIn Posts",
    description:
      "Professional posts in your voice that bring the episode's best insight to your network.",
    tier: "Pro",
    icon: BriefcaseBusiness,
    example: "linkedin-post",
  },
  {
    title: "Carousel Images",
    description:
      "Swipeable slide decks built from your key points, sized for Instagram and LinkedIn.",
    tier: "Premium",
    icon: Images,
    example: "carousel",
  },
  {
    title: "Content Templates",
    description:
      "Reusable formats for show notes, newsletters and posts so every episode ships with the same polish.",
    tier: "Premium",
    icon: LayoutTemplate,
    example: "template",
  },
  {
    title: "Caption Generation",
    description:
      "Captions and hashtags matched to each platform, written to stop the scroll and start a listen.",
    tier: "Premium",
    icon: Subtitles,
    example: "video-captions",
  },
] as const satisfies readonly Feature[];
