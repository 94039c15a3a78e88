import { formatCents, formatPrice } from "~/lib/format";
import type { FinderInput, NeedId } from "./plan-finder";
import { featureValue, type FeatureName, type Plan } from "~/plans/plans";

// The plan finder's time saved: an estimate from the visitor's hours of writing per episode by
// output (illustrative starting figures until they change them), times their episodes, against
// the plan's price. Labeled an estimate with its inputs; never a claim about other customers.

/** "1 hour", "2.5 hours", "0.33 hours": at most two decimals, no trailing zeros. */
export function formatHours(hours: number): string {
  const rounded = Math.round(hours * 100) / 100;
  return `${rounded} hour${rounded === 1 ? "" : "s"}`;
}

type WritingTask = {
  id: string;
  label: string;
  /** The feature row that produces this output. */
  row: FeatureName;
  /** Counted only when the visitor asked for it; outputs without a need come with every plan. */
  need?: NeedId;
  /** The starting figure the page states; the visitor edits it. */
  hours: number;
  /** The row of the repurposing article's time log this figure is taken from, to the quarter hour. */
  logged?: string;
};

/** Hours of writing per episode by output: stated on the page as assumptions, editable there. */
export const writingTasks = [
  {
    id: "transcript",
    label: "Transcript",
    row: "Audio to Text",
    hours: 1,
    logged: "Transcript",
  },
  {
    id: "summary",
    label: "Summary and show notes",
    row: "Summarization",
    hours: 1,
    logged: "Summary and show notes",
  },
  {
    id: "key-points",
    label: "Key points and quotes",
    row: "Key Point Extraction",
    hours: 0.5,
    logged: "Key points and quotes",
  },
  {
    id: "linkedin",
    label: "LinkedIn post",
    row: "LinkedIn Post",
    hours: 0.5,
    logged: "LinkedIn post",
  },
  {
    id: "x-thread",
    label: "X thread",
    row: "X threads",
    need: "x-threads",
    hours: 0.75,
    logged: "X thread",
  },
  {
    id: "instagram",
    label: "Instagram post",
    row: "Instagram Posts",
    need: "instagram",
    hours: 0.5,
  },
  {
    id: "carousel",
    label: "Carousel images",
    row: "Carousel Images",
    need: "carousels",
    hours: 1,
    logged: "Carousel images",
  },
  {
    id: "captions",
    label: "Captions and hashtags",
    row: "Caption Generation",
    need: "captions",
    hours: 0.25,
    logged: "Captions and hashtags",
  },
] as const satisfies readonly WritingTask[];

export type TaskId = (typeof writingTasks)[number]["id"];
export type TaskHours = Readonly<Record<TaskId, number>>;

export const defaultTaskHours = Object.fromEntries(
  writingTasks.map((task) => [task.id, task.hours]),
) as TaskHours;

/** The most hours per output per episode the finder accepts. */
export const maxTaskHours = 24;

/** A typed-in number of hours: empty or invalid reads as 0, and it stays within 0–24. */
export function parseHours(raw: string): number {
  const hours = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(hours) || hours < 0) return 0;
  return Math.min(hours, maxTaskHours);
}

/** The outputs whose writing the plan takes over: on the plan, and asked for when optional. */
export function countedTasks(plan: Plan, input: FinderInput) {
  return writingTasks.filter(
    (task) =>
      featureValue(plan, task.row) !== false &&
      (!("need" in task) || input.needs.includes(task.need)),
  );
}

export type TimeSaved = {
  perEpisode: number;
  perMonth: number;
  /** "14 hours a month". */
  headline: string;
  /** The plan's monthly price per hour saved; null when priced on request or nothing is saved. */
  centsPerHour: number | null;
  summary: string;
  priceNote: string;
};

/** The visitor's own hours, times their episodes, against the plan's price. */
export function timeSaved(plan: Plan, input: FinderInput, hours: TaskHours): TimeSaved {
  const perEpisode = countedTasks(plan, input).reduce((sum, task) => sum + hours[task.id], 0);
  const perMonth = perEpisode * input.episodes;
  const centsPerHour =
    plan.price === "Custom" || perMonth === 0 ? null : Math.round((plan.price * 100) / perMonth);
  const counted = countedTasks(plan, input)
    .map((task) => `${task.label}: ${formatHours(hours[task.id])}`)
    .join("; ");
  const summary = `An estimate, not a measurement: ${formatHours(perEpisode)} of writing per episode${counted ? ` (${counted})` : ""} × ${input.episodes} episode${input.episodes === 1 ? "" : "s"}.`;
  let priceNote: string;
  if (perMonth === 0) {
    priceNote = "Enter the hours you spend today to see what the plan gives back.";
  } else if (centsPerHour === null) {
    priceNote = `${plan.name} is quoted to your volume; weigh the quote against these hours.`;
  } else {
    priceNote = `At ${formatPrice(plan.price)} a month, that is ${formatCents(centsPerHour)} for each hour you get back.`;
  }
  const headline = `${formatHours(perMonth)} a month`;
  return { perEpisode, perMonth, headline, centsPerHour, summary, priceNote };
}

export const timeSavedCopy = {
  heading: "Estimated writing time you get back",
  hoursLegend: "Hours you spend writing each output for one episode today",
  hoursHint:
    "The starting figures are illustrations, not measurements: all but the Instagram post's come from the time log of the worked example in our repurposing article, and that one is our guess. Change them to your own hours; the estimate is only as good as they are. Only outputs on the recommended plan that you asked for are counted.",
} as const;
