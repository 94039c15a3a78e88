import { plansIncluding, type ExampleAsset } from "~/examples/example-assets";
import { sentencesOf } from "./billing-statements";

/**
 * An asset built from another (the show notes are the content template filled): every plan that
 * offers it must include what it is built from, or a panel sells it on a plan that lacks it.
 */
export function checkBuiltFrom(
  assets: readonly ExampleAsset[],
  builtFrom: Readonly<Record<string, readonly string[]>>,
): string[] {
  const problems: string[] = [];
  for (const asset of assets) {
    for (const sourceId of builtFrom[asset.id] ?? []) {
      const source = assets.find((candidate) => candidate.id === sourceId);
      if (!source) {
        problems.push(`${asset.id}: built from "${sourceId}", which is not an asset`);
        continue;
      }
      const sourcePlans = new Set(plansIncluding(source).map(({ plan }) => plan.name));
      for (const { plan } of plansIncluding(asset)) {
        if (!sourcePlans.has(plan.name)) {
          problems.push(
            `${asset.id}: offered on ${plan.name}, which lacks the ${source.label} it is built from`,
          );
        }
      }
    }
  }
  return problems;
}

// Who makes the clip: the explorer's copy may caption or subtitle a clip, but no plan cuts one,
// so a sentence about a clip says that the visitor cuts it.
const clip = /\bclips?\b/i;
const cutByVisitor = /\byou cut\b|\bcut (?:it |one )?yourself\b|\bno plan (?:cuts|makes)\b/i;

/** Every sentence that speaks of a clip as if a plan made it. */
export function checkClipClaims(sources: Readonly<Record<string, string>>): string[] {
  return Object.entries(sources).flatMap(([source, text]) =>
    sentencesOf(text)
      .filter((sentence) => clip.test(sentence) && !cutByVisitor.test(sentence))
      .map((sentence) => `${source}: "${sentence}" speaks of a clip no plan makes as if one did`),
  );
}

/**
 * Each asset a row delivers that the row's own description must name, so the pricing table
 * promises what the kits show (subtitle files under Caption Generation).
 */
export function checkRowDescriptions(
  assets: readonly ExampleAsset[],
  rows: readonly { name: string; description?: string }[],
  named: Readonly<Record<string, RegExp>>,
): string[] {
  return assets.flatMap((asset) => {
    const word = named[asset.id];
    const row = rows.find((candidate) => candidate.name === asset.planRow);
    if (!word || word.test(row?.description ?? "")) return [];
    return [
      `${asset.planRow}: the kits show ${asset.label} under this row, but its description is "${row?.description ?? ""}"`,
    ];
  });
}
