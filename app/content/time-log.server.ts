import { readContentFile } from "~/content/collections.server";

// The repurposing article's time log is the one place its minutes are written: the plan finder
// starts from them (the pricing route reads them at build time), so the two never differ.

/** The article whose worked example logs the minutes each output takes by hand. */
export const timeLogArticle = "content-repurposing";

/**
 * The rows of a Markdown time log, label → minutes: a table row whose first cell is the label
 * (emphasis allowed) and whose second is whole minutes ("60", "60 min", "60 minutes").
 */
export function timeLogRows(markdown: string): Map<string, number> {
  return new Map(
    [...markdown.matchAll(/^\|\s*([^|]+?)\s*\|\s*(\d+)(?:\s*min(?:utes|s)?\.?)?\s*\|/gm)].map(
      ([, label, minutes]) => [label!.replace(/[*_`]+/g, "").trim(), Number(minutes)],
    ),
  );
}

/** The article's logged minutes by row. */
export function repurposingTimeLog(): Map<string, number> {
  return timeLogRows(readContentFile("blog", timeLogArticle));
}
