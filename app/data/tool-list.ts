import type { LucideIcon } from "lucide-react";
import { BarChart3, CalendarClock, Clapperboard, FileAudio, Recycle, Search } from "lucide-react";

export type Tool = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
};

/** Every tool is included in every plan; the cards say so. */
export const toolAvailability = ["Available on all pricing plans", "Unlimited use"] as const;

export const tools = [
  {
    id: "transcription",
    title: "Audio to Text Transcription",
    description:
      "Accurate, speaker-labeled transcripts of every episode, ready to search, edit and publish.",
    icon: FileAudio,
  },
  {
    id: "video-clips",
    title: "Video Clip Generator",
    description:
      "Short vertical clips and audiograms cut around your strongest moments, with captions burned in.",
    icon: Clapperboard,
  },
  {
    id: "repurposing",
    title: "Content Repurposing",
    description:
      "Turn a transcript into blog posts, newsletters, threads and carousels without starting from a blank page.",
    icon: Recycle,
  },
  {
    id: "analytics",
    title: "Analytics Dashboard",
    description:
      "See which episodes and posts bring listeners in, so you know what to make more of.",
    icon: BarChart3,
  },
  {
    id: "scheduling",
    title: "Social Media Scheduler",
    description:
      "Queue every post for the week across platforms from one calendar, straight from your episode.",
    icon: CalendarClock,
  },
  {
    id: "seo",
    title: "SEO Optimization",
    description:
      "Titles, descriptions and keyword-rich show notes that help new listeners find your show in search.",
    icon: Search,
  },
] as const satisfies readonly Tool[];
