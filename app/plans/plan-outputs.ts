import { planFeatureRows, plans, type PlanFeatureValue } from "./plans";

type RowName = (typeof planFeatureRows)[number]["name"];

/**
 * How copy names each row of the plans table. Rows with a count ("1", "Unlimited") say it. Typed
 * by row name, so a new row in plans.ts fails the type check until it has a phrase here.
 */
const rowPhrases: Record<RowName, { one: string; many?: string }> = {
  "Audio to Text": { one: "a transcript" },
  Summarization: { one: "a summary" },
  "Key Point Extraction": { one: "key points" },
  "Full Repurpose Kit": { one: "the full repurpose kit" },
  "LinkedIn Post": { one: "LinkedIn post", many: "LinkedIn posts" },
  "Carousel Images": { one: "carousel images" },
  "Content Templates": { one: "content templates" },
  "X threads": { one: "X thread", many: "X threads" },
  "Instagram Posts": { one: "Instagram post", many: "Instagram posts" },
  "Caption Generation": { one: "captions" },
  "White Label": { one: "white label" },
  "Content Scheduling": { one: "content scheduling" },
  "Managed Workflow": { one: "a fully managed workflow" },
};

function phrase(row: RowName, value: PlanFeatureValue): string {
  const { one, many } = rowPhrases[row];
  if (typeof value !== "string") return one;
  if (value === "Unlimited") return `unlimited ${many ?? one}`;
  return value === "1" ? `one ${one}` : `${value} ${many ?? one}`;
}

function list(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What each plan includes, in words, from plans.ts: the first plan's outputs, then what each
 * next plan adds or makes unlimited. The FAQ answers "What content do I get" with it, so the
 * answer cannot drift from the pricing table.
 */
export function describePlanOutputs(): string {
  const sentences = plans.map((plan, index) => {
    const previous = plans[index - 1];
    const added: string[] = [];
    const unlimited: string[] = [];
    planFeatureRows.forEach(({ name }) => {
      const value = plan.features[name];
      const before = previous?.features[name] ?? false;
      if (value === false || value === before) return;
      if (before !== false && value === "Unlimited") unlimited.push(rowPhrases[name].many ?? name);
      else added.push(phrase(name, value));
    });
    if (!previous) return `${plan.name} includes ${list(added)} for each episode.`;
    const parts = [
      ...(added.length ? [`adds ${list(added)}`] : []),
      ...(unlimited.length ? [`makes ${list(unlimited)} unlimited`] : []),
    ];
    return `${plan.name} ${parts.join(", and ")}.`;
  });
  return sentences.join(" ");
}
