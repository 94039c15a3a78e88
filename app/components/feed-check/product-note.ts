import { brand } from "~/config/brand";
import {
  exampleAssets,
  kitPath,
  onEveryPlan,
  plansIncluding,
  type ExampleAsset,
} from "~/examples/example-assets";
import type { CheckupReport, ReportedCheck } from "~/plans/finder/feed-check-client";

// The one sentence a report gives when a finding is something the product makes. Which plans
// make it is read from the plan table (app/plans/plans.ts through example-assets.ts), so the
// sentence cannot promise a plan more than the pricing page does.

type Made = NonNullable<ReportedCheck["makes"]>;

/** The sample kit whose tabs show a transcript and show notes with chapter times. */
export const productNoteKit = "open-kitchen-hours";

/** The kit's tab for each finding: chapter times are part of the show notes. */
const assetFor: Record<Made, ExampleAsset["id"]> = {
  transcript: "transcript",
  "show-notes": "show-notes",
  chapters: "show-notes",
};

/** When several findings are made by the product, the note names the first of these. */
const preference: readonly Made[] = ["transcript", "show-notes", "chapters"];

export type ProductNote = { text: string; linkText: string; href: string };

function planList(asset: ExampleAsset): string {
  if (onEveryPlan(asset)) return "on every plan";
  const names = plansIncluding(asset).map(({ plan }) => plan.name);
  const list =
    names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `on ${list}`;
}

const what: Record<Made, (plans: string) => string> = {
  transcript: (plans) => `${brand.name} writes a transcript of every episode, ${plans}:`,
  "show-notes": (plans) => `${brand.name} writes show notes from your own template, ${plans}:`,
  chapters: (plans) =>
    `${brand.name}'s show notes list chapter times (as text, not a podcast:chapters file), ${plans}:`,
};

/** The note for a report, or null when nothing the product makes is missing. */
export function productNote(report: Pick<CheckupReport, "checks">): ProductNote | null {
  const missing = new Set(
    report.checks.flatMap((check) =>
      check.makes !== undefined && (check.status === "fail" || check.status === "warn")
        ? [check.makes]
        : [],
    ),
  );
  const made = preference.find((kind) => missing.has(kind));
  if (made === undefined) return null;
  const asset = exampleAssets.find((candidate) => candidate.id === assetFor[made])!;
  return {
    text: what[made](planList(asset)),
    linkText: made === "transcript" ? "see one in a sample kit" : "see them in a sample kit",
    href: kitPath(productNoteKit, asset.id),
  };
}
