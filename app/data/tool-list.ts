import type { LucideIcon } from "lucide-react";
import { BarChart3, CalendarClock, Clapperboard, FileAudio, Recycle, Search } from "lucide-react";
import { featureValue, type FeatureRowName } from "~/plans/finder/plan-finder";
import { plans } from "~/plans/plans";

export type Tool = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** The pricing table's rows for what the tool makes, where the plans differ on them. */
  rows?: readonly FeatureRowName[];
};

/** The spec's two lines on every card; `toolPlanNote` says what each plan makes with it. */
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
    rows: ["Full Repurpose Kit", "X threads", "Carousel Images"],
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
    rows: ["Content Scheduling"],
  },
  {
    id: "seo",
    title: "SEO Optimization",
    description:
      "Titles, descriptions and keyword-rich show notes that help new listeners find your show in search.",
    icon: Search,
  },
] as const satisfies readonly Tool[];

const nameList = (names: readonly string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * Where the plans differ on what a tool makes, which plans make it per episode
 * ("Per episode, Content Scheduling comes with Expert and Agency."); null where every plan does.
 */
export function toolPlanNote(tool: Tool): string | null {
  const rowsByPlans = new Map<string, FeatureRowName[]>();
  for (const row of tool.rows ?? []) {
    const on = plans.filter((plan) => featureValue(plan, row) !== false).map((plan) => plan.name);
    if (on.length === plans.length) continue;
    const key = nameList(on);
    rowsByPlans.set(key, [...(rowsByPlans.get(key) ?? []), row]);
  }
  const parts = [...rowsByPlans].map(
    ([planNames, rows]) =>
      `${nameList(rows)} ${rows.length === 1 ? "comes" : "come"} with ${planNames}`,
  );
  return parts.length === 0 ? null : `Per episode, ${parts.join("; ")}.`;
}
