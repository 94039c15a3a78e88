import { plainText } from "./plan-claims";
import { timeLogRows } from "~/content/time-log.server";

/**
 * A billing rule as the copy states it: `finds` picks the sentences about it, and each must
 * contain one of `says` (the wordings billing-rules.ts writes) or be a listed mention.
 */
export type BillingTopic = { id: string; finds: RegExp; says: readonly string[] };

/** A sentence that touches a billing topic without stating the rule, and why that is fine. */
export type BillingMention = { source: string; quote: string; because: string };

const normalize = (text: string) => plainText(text).toLowerCase();

/** The sentences of Markdown or plain text, as a reader sees them; fenced code left out. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/^```[\s\S]*?^```/gm, "")
    .split("\n")
    .map((line) => plainText(line.replace(/\|/g, " ")))
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/))
    .filter((sentence) => sentence !== "");
}

/**
 * Every sentence in `sources` (file name → text) that speaks to a billing topic in words other
 * than the rule's own, and every listed mention that is no longer in its source. A question
 * states nothing, so questions pass.
 */
export function checkBillingStatements(
  topics: readonly BillingTopic[],
  mentions: readonly BillingMention[],
  sources: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const mention of mentions) {
    const text = sources[mention.source];
    if (text === undefined || !normalize(text).includes(normalize(mention.quote))) {
      problems.push(`${mention.source}: the mention "${mention.quote}" is no longer in the text`);
    }
  }
  for (const [source, text] of Object.entries(sources)) {
    const listed = mentions.filter((m) => m.source === source).map((m) => normalize(m.quote));
    for (const sentence of sentencesOf(text)) {
      if (sentence.endsWith("?")) continue;
      const plain = normalize(sentence);
      if (listed.some((quote) => plain.includes(quote))) continue;
      for (const topic of topics) {
        if (!topic.finds.test(sentence)) continue;
        if (topic.says.some((rule) => plain.includes(normalize(rule)))) continue;
        problems.push(`${source}: "${sentence}" speaks to ${topic.id} in its own words`);
      }
    }
  }
  return problems;
}

/** A plan's name and monthly price as the table states them. */
export type PlanPrice = { name: string; price: number };

/** Every sentence that prices a plan a month ("Pro ($149 a month)") at other than its price. */
export function checkPlanPrices(
  prices: readonly PlanPrice[],
  sources: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const names = prices.map((p) => p.name).join("|");
  const priced = new RegExp(
    `\\b(${names})\\b\\W{0,3}(?:costs? |is |at |for )?\\$(\\d+)(?: a month| per month|/mo\\b)`,
    "g",
  );
  for (const [source, text] of Object.entries(sources)) {
    for (const sentence of sentencesOf(text)) {
      for (const [, name, dollars] of sentence.matchAll(priced)) {
        const plan = prices.find((p) => p.name === name)!;
        if (Number(dollars) !== plan.price) {
          problems.push(
            `${source}: "${sentence}" prices ${name} at $${dollars}, not $${plan.price}`,
          );
        }
      }
    }
  }
  return problems;
}

/** A plan-finder output whose starting figure the finder reads from a row of the article's log. */
export type LoggedTask = { label: string; logged?: string };

/**
 * Each row the finder reads its starting hours from must still be in the article's log (the
 * finder reads the minutes themselves, so they cannot differ).
 */
export function checkLoggedMinutes(
  tasks: readonly LoggedTask[],
  article: { source: string; text: string },
): string[] {
  const rows = timeLogRows(article.text);
  return tasks.flatMap((task) =>
    task.logged && !rows.has(task.logged)
      ? [
          `${article.source}: no "${task.logged}" row in the time log, which the finder starts ${task.label} from`,
        ]
      : [],
  );
}
