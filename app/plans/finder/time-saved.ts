import { formatCents, formatPrice } from "~/lib/format";
import type { FinderInput, NeedId } from "./plan-finder";
import { featureValue, type FeatureName, type Plan } from "~/plans/plans";

// The plan finder's time saved: an estimate from the visitor's hours of writing per episode by
// output (starting figures from the repurposing article's time log until they change them), times
// their episodes, less the time they spend reviewing and editing the drafts, against the plan's
// price. Labeled an estimate with its inputs; never a claim about other customers.

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
} & (
  | {
      /** The row of the repurposing article's time log the starting figure is read from. */
      logged: string;
    }
  | {
      /** An output the log never made: our guess, stated as one on the page. */
      guessHours: number;
    }
);

/** Hours of writing per episode by output: stated on the page as assumptions, editable there. */
export const writingTasks = [
  { id: "transcript", label: "Transcript", row: "Audio to Text", logged: "Transcript" },
  { id: "summary", label: "Summary", row: "Summarization", logged: "Summary" },
  {
    id: "show-notes",
    label: "Show notes from your template",
    row: "Content Templates",
    need: "templates",
    logged: "Show notes",
  },
  {
    id: "key-points",
    label: "Key points and quotes",
    row: "Key Point Extraction",
    logged: "Key points and quotes",
  },
  { id: "linkedin", label: "LinkedIn post", row: "LinkedIn Post", logged: "LinkedIn post" },
  { id: "x-thread", label: "X thread", row: "X threads", need: "x-threads", logged: "X thread" },
  {
    id: "instagram",
    label: "Instagram post",
    row: "Instagram Posts",
    need: "instagram",
    guessHours: 0.5,
  },
  {
    id: "carousel",
    label: "Carousel images",
    row: "Carousel Images",
    need: "carousels",
    logged: "Carousel images",
  },
  {
    id: "captions",
    label: "Captions and hashtags",
    row: "Caption Generation",
    need: "captions",
    logged: "Captions and hashtags",
  },
] as const satisfies readonly WritingTask[];

export type TaskId = (typeof writingTasks)[number]["id"];
export type TaskHours = Readonly<Record<TaskId, number>>;

/**
 * The starting hours: each logged output's minutes from the article's time log (label →
 * minutes), to the quarter hour the inputs step by, and the guess for the one it never made.
 * Throws when a row is gone, so the build fails rather than the finder starting at nothing.
 */
export function startingTaskHours(log: ReadonlyMap<string, number>): TaskHours {
  return Object.fromEntries(
    writingTasks.map((task) => {
      if ("guessHours" in task) return [task.id, task.guessHours];
      const minutes = log.get(task.logged);
      if (minutes === undefined) {
        throw new Error(`The repurposing article's time log has no "${task.logged}" row`);
      }
      return [task.id, Math.round(minutes / 15) / 4];
    }),
  ) as TaskHours;
}

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
  /** Hours of writing the counted drafts replace, per episode and per month. */
  perEpisode: number;
  perMonth: number;
  /** What is left after the visitor's reviewing and editing, per month; never below zero. */
  netPerMonth: number;
  /** "14 hours a month": the writing the drafts replace. */
  headline: string;
  /** The plan's monthly price per hour (of writing drafted, or got back once reviewing is
   * entered); null when priced on request or no hour is left. */
  centsPerHour: number | null;
  summary: string;
  /** How much of that writing time comes back once the drafts are reviewed and edited. */
  backNote: string;
  priceNote: string;
};

/**
 * The visitor's own hours, times their episodes, against the plan's price. Drafts still need
 * reviewing and editing, which nobody has measured for them: until they enter their own time
 * for it, the figure is the writing the drafts replace, and the page says the time back is less.
 */
export function timeSaved(
  plan: Plan,
  input: FinderInput,
  hours: TaskHours,
  reviewHours = 0,
): TimeSaved {
  const tasks = countedTasks(plan, input);
  const perEpisode = tasks.reduce((sum, task) => sum + hours[task.id], 0);
  const perMonth = perEpisode * input.episodes;
  const netPerMonth = Math.max(0, (perEpisode - reviewHours) * input.episodes);
  const reviewed = reviewHours > 0;
  const basis = reviewed ? netPerMonth : perMonth;
  const centsPerHour =
    plan.price === "Custom" || basis === 0 ? null : Math.round((plan.price * 100) / basis);
  const counted = tasks.map((task) => `${task.label}: ${formatHours(hours[task.id])}`).join("; ");
  const episodes = `${input.episodes} episode${input.episodes === 1 ? "" : "s"}`;
  const summary = `An estimate, not a measurement: ${formatHours(perEpisode)} of writing per episode${counted ? ` (${counted})` : ""} × ${episodes}.`;

  let backNote: string;
  if (!reviewed) {
    backNote = timeSavedCopy.unmeasuredReview;
  } else if (netPerMonth > 0) {
    backNote = `Time you get back after reviewing and editing: ${formatHours(netPerMonth)} a month, with your ${formatHours(reviewHours)} per episode taken off.`;
  } else {
    backNote = `Time you get back after reviewing and editing: none. At ${formatHours(reviewHours)} per episode, reviewing and editing the drafts takes as long as writing them yourself.`;
  }

  let priceNote: string;
  if (perMonth === 0) {
    priceNote = "Enter the hours you spend writing today to see what the plan drafts for you.";
  } else if (plan.price === "Custom") {
    priceNote = `${plan.name} is quoted to your volume; weigh the quote against these hours.`;
  } else if (centsPerHour === null) {
    priceNote = `At these hours the plan gives you drafts but no time back, so weigh ${formatPrice(plan.price)} a month against the drafts alone.`;
  } else if (reviewed) {
    priceNote = `At ${formatPrice(plan.price)} a month, that is ${formatCents(centsPerHour)} for each hour you get back after reviewing and editing.`;
  } else {
    priceNote = `At ${formatPrice(plan.price)} a month, that is ${formatCents(centsPerHour)} for each hour of writing it drafts, before your reviewing and editing.`;
  }
  const headline = `${formatHours(perMonth)} a month`;
  return {
    perEpisode,
    perMonth,
    netPerMonth,
    headline,
    centsPerHour,
    summary,
    backNote,
    priceNote,
  };
}

export const timeSavedCopy = {
  heading: "Estimated writing the plan drafts for you",
  unmeasuredReview:
    "The time you get back is less than this: reviewing and editing the drafts still takes some of yours, and we have not measured how much. Enter your own below to take it off.",
  hoursLegend: "Hours you spend writing each output for one episode today",
  hoursHint:
    "The starting figures are illustrations, not measurements: all but the Instagram post's come from the time log of the worked example in our repurposing article, and that one is our guess. Change them to your own hours; the estimate is only as good as they are. Only outputs on the recommended plan that you asked for are counted.",
  reviewLabel: "Reviewing and editing the drafts, per episode",
  reviewHint:
    "Nobody has measured this for your show, so it starts empty: time yourself on one episode's drafts and enter the hours.",
} as const;
