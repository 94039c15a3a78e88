import type { Plan, PlanFeatureValue, planFeatureRows } from "~/plans/plans";

export type RowName = (typeof planFeatureRows)[number]["name"];

/**
 * One thing a statement says about the plans:
 * - `[plan, row, value]`: the plan's value for that row of the pricing table. `true` means
 *   "included" in any form (a tick, "1" or "Unlimited"), `false` means not included, a string
 *   is the exact count. `plan` may also be "Pro+" (Pro and every plan after it in plans.ts),
 *   "every plan" or "some plan".
 * - `[plan, "episodes", n]`: the plan allows at least n episodes a month ("Custom": exactly
 *   that, a volume agreed per customer).
 * - `[plan, "price", dollars]`: the plan's monthly price.
 */
export type Assertion =
  | readonly [plan: string, row: RowName, value: PlanFeatureValue]
  | readonly [plan: string, subject: "episodes", atLeast: number | "Custom"]
  | readonly [plan: string, subject: "price", dollars: number | "Custom"];

/**
 * A statement in the copy that names a plan (or the product) and something it produces, with
 * what it says. `quote` is words from the statement, enough to find it; `says` may be empty
 * only with `because`, for a sentence that matches the search but makes no plan claim.
 */
export type PlanClaim = {
  source: string;
  quote: string;
  says: readonly Assertion[];
  because?: string;
};

type PlanData = {
  plans: readonly Pick<Plan, "name" | "price" | "episodesPerMonth" | "features">[];
  rows: readonly { name: string }[];
};

// A plan by name (capitalized: "an expert guest" is not the Expert plan), a phrase about plans
// in general, or the product itself.
const planNames = /\b(?:Starter|Pro|Expert|Agency)\b(?! tip)|\bCastloop\b|\{\{brand\}\}/;
const planPhrases =
  /\b(?:every|all|any|each|your|higher|a|the|which|self-serve|paid|our|pricing) (?:pricing )?(?:plans?|tiers?)\b/i;
const namesPlan = (text: string) => planNames.test(text) || planPhrases.test(text);
// Anything the plans table lists, formats readers could take for a plan feature, volumes ("four
// weekly shows", "6 episodes") and prices ("$79").
const outputWords =
  /transcri|summar|key points?|linkedin|\bx threads?\b|\bthreads?\b|instagram|carousel|caption|template|white[- ]label|schedul|managed workflow|repurpose kit|\bclips?\b|audiogram|show notes|\bposts?\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|ten|twelve|sixteen|twenty)\b[\w -]{0,20}\b(?:episodes?|shows?)\b|\$\d/i;

/** Markdown or plain text as the reader sees it: no emphasis, link targets or list markers. */
export function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]+/g, "")
    .replace(/^\s*(?:[-+>]|\d+\.)\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The statements of a text that name a plan or the product and an output: sentences of its
 * prose (fenced code left out) and, for a table whose header names a plan, each body row.
 */
export function planStatements(text: string): string[] {
  const statements: string[] = [];
  const lines = text.replace(/^```[\s\S]*?^```/gm, "").split("\n");
  let tableHeader: string | undefined;
  for (const line of lines) {
    if (line.trimStart().startsWith("|")) {
      if (tableHeader === undefined) {
        tableHeader = line;
        continue;
      }
      if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) continue;
      const row = plainText(line.replace(/\|/g, " "));
      if (namesPlan(tableHeader) && outputWords.test(row)) statements.push(row);
      else if (namesPlan(row) && outputWords.test(row)) statements.push(row);
      continue;
    }
    tableHeader = undefined;
    const paragraph = plainText(line);
    const sentences = paragraph
      .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
      .filter((sentence) => namesPlan(sentence) && outputWords.test(sentence));
    // A claim can span sentences ("We run four shows on Agency. Threads come out..."), so a
    // paragraph that names both counts as one statement when none of its sentences does.
    if (sentences.length === 0 && namesPlan(paragraph) && outputWords.test(paragraph)) {
      sentences.push(paragraph);
    }
    statements.push(...sentences);
  }
  return statements;
}

const normalize = (text: string) => plainText(text).toLowerCase();

function valueOf(data: PlanData, plan: PlanData["plans"][number], row: string) {
  return data.rows.some((candidate) => candidate.name === row)
    ? plan.features[row as RowName]
    : undefined;
}

/** Why an assertion is false against the plan data, or undefined when it holds. */
export function checkAssertion(data: PlanData, assertion: Assertion): string | undefined {
  const [planName, subject, expected] = assertion;
  const shown = `[${assertion.map((part) => JSON.stringify(part)).join(", ")}]`;
  const from = data.plans.findIndex((plan) => `${plan.name}+` === planName);
  const targets =
    planName === "every plan" || planName === "some plan"
      ? data.plans
      : from >= 0
        ? data.plans.slice(from)
        : data.plans.filter((plan) => plan.name === planName);
  if (targets.length === 0) return `${shown}: no plan is called ${planName}`;

  const holds = (plan: PlanData["plans"][number]): boolean => {
    if (subject === "episodes") {
      if (expected === "Custom") return plan.episodesPerMonth === "Custom";
      return plan.episodesPerMonth === "Custom" || plan.episodesPerMonth >= Number(expected);
    }
    if (subject === "price") return plan.price === expected;
    const actual = valueOf(data, plan, subject);
    if (expected === true) return actual !== undefined && actual !== false;
    return actual === expected;
  };
  if (
    subject !== "episodes" &&
    subject !== "price" &&
    valueOf(data, targets[0]!, subject) === undefined
  ) {
    return `${shown}: the plans table has no row called ${subject}`;
  }
  const ok = planName === "some plan" ? targets.some(holds) : targets.every(holds);
  if (ok) return undefined;
  // Name the plans that break it; for "some plan", all of them do.
  const actual = (planName === "some plan" ? targets : targets.filter((plan) => !holds(plan)))
    .map((plan) => {
      const value =
        subject === "episodes"
          ? plan.episodesPerMonth
          : subject === "price"
            ? plan.price
            : valueOf(data, plan, subject);
      return `${plan.name}: ${JSON.stringify(value)}`;
    })
    .join(", ");
  return `${shown} contradicts plans.ts (${actual})`;
}

/**
 * Every problem with the claims about plans in `sources` (file name → text): a claim whose
 * quote is no longer in its source, an assertion that contradicts the plan data, and a
 * statement about plans or the product that no claim covers.
 */
export function checkPlanClaims(
  data: PlanData,
  claims: readonly PlanClaim[],
  sources: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const claim of claims) {
    const text = sources[claim.source];
    if (text === undefined) {
      problems.push(`${claim.source}: not among the checked sources`);
      continue;
    }
    if (!normalize(text).includes(normalize(claim.quote))) {
      problems.push(`${claim.source}: the claim "${claim.quote}" is no longer in the text`);
    }
    if (claim.says.length === 0 && !claim.because) {
      problems.push(`${claim.source}: "${claim.quote}" says nothing; give a reason in because`);
    }
    for (const assertion of claim.says) {
      const problem = checkAssertion(data, assertion);
      if (problem) problems.push(`${claim.source}: "${claim.quote}" ${problem}`);
    }
  }
  for (const [source, text] of Object.entries(sources)) {
    const quotes = claims.filter((claim) => claim.source === source).map((c) => normalize(c.quote));
    for (const statement of planStatements(text)) {
      const sentence = normalize(statement);
      if (!quotes.some((quote) => sentence.includes(quote) || quote.includes(sentence))) {
        problems.push(
          `${source}: a statement about plans is not in the claims table: "${statement}"`,
        );
      }
    }
  }
  return problems;
}
