import { formatPrice } from "~/lib/format";
import {
  plans,
  startsCheckout,
  type FeatureName,
  type Plan,
  type PlanFeatureValue,
  type PriceId,
} from "~/plans/plans";

/** The feature row of the plan table that says whether a plan includes an asset. */
type PlanRowName = FeatureName;

/**
 * The assets of a sample kit, in the explorer's tab order. `id` is the panel's URL fragment
 * (`/examples/<slug>#x-thread`); `planRow` ties the asset to the plan table, so which plans
 * include it is read from app/plans/plans.ts and never typed twice.
 */
export const exampleAssets = [
  { id: "transcript", label: "Transcript", planRow: "Audio to Text" },
  { id: "summary", label: "Summary", planRow: "Summarization" },
  // The show notes are the content template (the last tab) filled from the episode.
  { id: "show-notes", label: "Show notes", planRow: "Content Templates" },
  { id: "key-points", label: "Key points", planRow: "Key Point Extraction" },
  { id: "x-thread", label: "X thread", planRow: "X threads" },
  { id: "linkedin-post", label: "LinkedIn post", planRow: "LinkedIn Post" },
  { id: "instagram", label: "Instagram caption", planRow: "Instagram Posts" },
  { id: "carousel", label: "Carousel", planRow: "Carousel Images" },
  { id: "video-captions", label: "TikTok and Shorts captions", planRow: "Caption Generation" },
  { id: "subtitles", label: "Subtitles", planRow: "Caption Generation" },
  { id: "template", label: "Content template", planRow: "Content Templates" },
] as const satisfies readonly { id: string; label: string; planRow: PlanRowName }[];

export type ExampleAsset = (typeof exampleAssets)[number];
export type ExampleAssetId = ExampleAsset["id"];

export const examplesPath = "/examples";

export function kitPath(slug: string, asset?: ExampleAssetId): string {
  return `${examplesPath}/${slug}${asset ? `#${asset}` : ""}`;
}

export type PlanInclusion = {
  plan: Plan;
  /** The plan table's value when it is a count ("1", "Unlimited"); undefined for a tick. */
  allowance?: string;
};

/** The plans whose table row for this asset is a tick or a count, cheapest first. */
export function plansIncluding(asset: ExampleAsset): PlanInclusion[] {
  return plans.flatMap((plan): PlanInclusion[] => {
    const value: PlanFeatureValue = plan.features[asset.planRow];
    if (value === true) return [{ plan }];
    if (typeof value === "string" && value !== "") return [{ plan, allowance: value }];
    return [];
  });
}

/**
 * The assets a kit made on `planName` would show but that plan does not include, as
 * `X thread (plans.ts row "X threads")`. Empty when the plan includes them all.
 */
export function outputsMissingFrom(planName: string): string[] {
  return exampleAssets
    .filter((asset) => !plansIncluding(asset).some(({ plan }) => plan.name === planName))
    .map((asset) => `${asset.label} (plans.ts row "${asset.planRow}")`);
}

/** The cheapest plan that includes the asset and can be bought by checkout (not Agency). */
export function cheapestPlanFor(asset: ExampleAsset): Plan | undefined {
  return plansIncluding(asset)
    .map(({ plan }) => plan)
    .filter(startsCheckout)
    .sort((a, b) => Number(a.price) - Number(b.price))[0];
}

/** True when every plan in the table includes the asset. */
export function onEveryPlan(asset: ExampleAsset): boolean {
  return plansIncluding(asset).length === plans.length;
}

/** What an asset's panel says about plans, worked out at build time from the plan table. */
export type PlanOffer = {
  /** "Included in Pro (1 per episode), Expert (unlimited per episode) and Agency…" */
  included: string;
  cheapest?: { priceId: PriceId; label: string };
};

/** "Pro", "Pro and Expert", "Pro, Expert and Agency". */
function listNames(names: string[]): string {
  return names.length < 2
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function planOffer(asset: ExampleAsset): PlanOffer {
  const names = plansIncluding(asset).map(({ plan, allowance }) =>
    allowance ? `${plan.name} (${allowance.toLowerCase()} per episode)` : plan.name,
  );
  const cheapest = cheapestPlanFor(asset);
  return {
    included: onEveryPlan(asset) ? "Included in every plan" : `Included in ${listNames(names)}`,
    ...(cheapest
      ? {
          cheapest: {
            priceId: cheapest.priceId,
            label: `Start with ${cheapest.name}, ${formatPrice(cheapest.price)}/month`,
          },
        }
      : {}),
  };
}

/** The download files the build writes for a kit (scripts/example-files.ts). */
export function kitFiles(slug: string, slideCount: number) {
  const base = `${examplesPath}/${slug}/${slug}`;
  return {
    transcript: `${base}-transcript.txt`,
    srt: `${base}-clip.srt`,
    vtt: `${base}-clip.vtt`,
    pdf: `${base}-carousel.pdf`,
    slides: Array.from({ length: slideCount }, (_, index) => ({
      png: `${base}-slide-${index + 1}.png`,
      /** A half-size copy for showing on pages; the PNG is the download. */
      preview: `${base}-slide-${index + 1}-preview.webp`,
    })),
  };
}

export const slideSize = { width: 1080, height: 1350 } as const;
export const slidePreviewSize = { width: 540, height: 675 } as const;
