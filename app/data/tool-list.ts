import type { LucideIcon } from "lucide-react";
import { BarChart3, CalendarClock, Clapperboard, FileAudio, Recycle, Search } from "lucide-react";
import { planNameList, planRangeLabel, plansWith } from "~/plans/plan-range";
import { featureValue, plans, type FeatureName } from "~/plans/plans";

// The tools page's six cards. A tool is either made of rows of the pricing table, which say
// which plans include it, or it is one we are still building and is labeled so; nothing here
// types a plan's name or claims a plan the table does not give it.

export type Tool = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** The pricing table's rows for what the tool makes; none for a tool no plan includes yet. */
  rows: readonly FeatureName[];
};

export const tools = [
  {
    id: "transcription",
    title: "Audio to Text Transcription",
    description:
      "Accurate, speaker-labeled transcripts of every episode, ready to search, edit and publish.",
    icon: FileAudio,
    rows: ["Audio to Text"],
  },
  {
    id: "video-clips",
    title: "Video Clip Generator",
    description:
      "Short vertical clips and audiograms cut around your strongest moments, for Reels, Shorts and TikTok.",
    icon: Clapperboard,
    rows: [],
  },
  {
    id: "repurposing",
    title: "Content Repurposing",
    description:
      "A summary, key points, LinkedIn posts, X threads and carousel slides drafted from the transcript, so no post starts from a blank page.",
    icon: Recycle,
    rows: [
      "Summarization",
      "Key Point Extraction",
      "LinkedIn Post",
      "X threads",
      "Carousel Images",
    ],
  },
  {
    id: "analytics",
    title: "Analytics Dashboard",
    description:
      "See which episodes and posts bring listeners in, so you know what to make more of.",
    icon: BarChart3,
    rows: [],
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
      "Search engines read words, not audio: a full transcript and an episode summary for your show notes give each episode text new listeners can find.",
    icon: Search,
    rows: ["Audio to Text", "Summarization"],
  },
] as const satisfies readonly Tool[];

/** The badge of a tool that no plan includes yet. */
export const comingLater = "Coming later";

/** docs/product.md's two lines for the tools cards, each shown only where it is true (`toolLines`). */
export const toolAvailability = ["Available on all pricing plans", "Unlimited use"] as const;

/** Whether some plan includes the tool: its rows are in the table and on a plan. */
export const isIncluded = (tool: Tool): boolean => plansWith(tool.rows).length > 0;

/** The card's badge: the plans that include any part of the tool, or "Coming later". */
export function toolBadge(tool: Tool): string {
  return isIncluded(tool) ? planRangeLabel(tool.rows) : comingLater;
}

/**
 * docs/product.md's lines, qualified so they hold: "Available on all pricing plans" only for what every
 * plan includes (naming those parts when the rest needs a larger plan), and "Unlimited use" only
 * where no plan that includes a part caps it at a count, bounded by the plan's episodes.
 */
export function toolLines(tool: Tool): string[] {
  if (!isIncluded(tool)) return [];
  const lines: string[] = [];
  const everywhere = tool.rows.filter((row) => plansWith([row]).length === plans.length);
  if (everywhere.length === tool.rows.length) lines.push(toolAvailability[0]);
  else if (everywhere.length > 0) lines.push(`${toolAvailability[0]}: ${planNameList(everywhere)}`);
  const uncapped = tool.rows.every((row) =>
    plans.every((plan) => {
      const value = featureValue(plan, row);
      return value === false || value === true || value === "Unlimited";
    }),
  );
  if (uncapped) lines.push(`${toolAvailability[1]}, within your plan's episodes a month`);
  return lines;
}

/**
 * Where the plans differ on what a tool makes, which plans make it per episode ("Per episode,
 * Content Scheduling comes with Expert and Agency; LinkedIn Post: 1 on Starter and Pro,
 * unlimited on Expert and Agency."); null where every plan makes all of it alike.
 */
export function toolPlanNote(tool: Tool): string | null {
  const byPlans = new Map<string, FeatureName[]>();
  const counts: string[] = [];
  for (const row of tool.rows) {
    const on = plansWith([row]).map((plan) => plan.name);
    if (on.length < plans.length) {
      const key = planNameList(on);
      byPlans.set(key, [...(byPlans.get(key) ?? []), row]);
    } else if (new Set(plans.map((plan) => featureValue(plan, row))).size > 1) {
      counts.push(countNote(row));
    }
  }
  const parts = [
    ...[...byPlans].map(
      ([names, rows]) =>
        `${planNameList(rows)} ${rows.length === 1 ? "comes" : "come"} with ${names}`,
    ),
    ...counts,
  ];
  return parts.length === 0 ? null : `Per episode, ${parts.join("; ")}.`;
}

/** "LinkedIn Post: 1 on Starter and Pro, unlimited on Expert and Agency". */
function countNote(row: FeatureName): string {
  const byValue = new Map<string, string[]>();
  for (const plan of plans) {
    const value = String(featureValue(plan, row));
    byValue.set(value, [...(byValue.get(value) ?? []), plan.name]);
  }
  const parts = [...byValue].map(
    ([value, names]) => `${value === "Unlimited" ? "unlimited" : value} on ${planNameList(names)}`,
  );
  return `${row}: ${parts.join(", ")}`;
}
