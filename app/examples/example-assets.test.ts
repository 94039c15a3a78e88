import { describe, expect, it } from "vitest";
import { downloadFileName } from "../../server/static-files.ts";
import {
  cheapestPlanFor,
  exampleAssets,
  kitFiles,
  onEveryPlan,
  planOffer,
  plansIncluding,
  type ExampleAssetId,
} from "./example-assets";
import { listKitSlugs } from "~/examples/kit-loader.server";
import { featuredKitPath, features } from "~/data/feature-list";
import { planFeatureRows } from "~/plans/plans";

const asset = (id: ExampleAssetId) => exampleAssets.find((candidate) => candidate.id === id)!;

describe("example assets and the plans that include them", () => {
  it("each asset is governed by a row of the plan table", () => {
    const rows = planFeatureRows.map((row) => row.name as string);
    for (const item of exampleAssets) expect(rows).toContain(item.planRow);
  });

  it("reads inclusion from plans.ts: ticks and counts include, false does not", () => {
    expect(plansIncluding(asset("transcript")).map(({ plan }) => plan.name)).toEqual([
      "Starter",
      "Pro",
      "Expert",
      "Agency",
    ]);
    expect(plansIncluding(asset("x-thread"))).toMatchObject([
      { plan: { name: "Pro" }, allowance: "1" },
      { plan: { name: "Expert" }, allowance: "Unlimited" },
      { plan: { name: "Agency" }, allowance: "Unlimited" },
    ]);
    expect(plansIncluding(asset("linkedin-post"))[0]).toMatchObject({
      plan: { name: "Starter" },
      allowance: "1",
    });
  });

  it("offers the cheapest plan that starts a checkout", () => {
    expect(cheapestPlanFor(asset("transcript"))?.priceId).toBe("price_starter");
    expect(cheapestPlanFor(asset("carousel"))?.priceId).toBe("price_pro");
    expect(cheapestPlanFor(asset("template"))?.priceId).toBe("price_pro");
    expect(onEveryPlan(asset("summary"))).toBe(true);
    expect(onEveryPlan(asset("subtitles"))).toBe(false);
  });

  it("names downloads after their files, and only downloads", () => {
    const files = kitFiles("the-slow-build", 7);
    expect(downloadFileName(files.pdf)).toBe("the-slow-build-carousel.pdf");
    expect(downloadFileName(files.srt)).toBe("the-slow-build-clip.srt");
    expect(downloadFileName(files.slides[6]!.png)).toBe("the-slow-build-slide-7.png");
    expect(downloadFileName(files.slides[0]!.preview)).toBeUndefined();
    expect(downloadFileName("/examples/the-slow-build/index.html")).toBeUndefined();
    expect(downloadFileName("/robots.txt")).toBeUndefined();
  });

  it("words the offer each panel shows", () => {
    expect(planOffer(asset("x-thread"))).toEqual({
      included:
        "Included in Pro (1 per episode), Expert (unlimited per episode) and Agency (unlimited per episode)",
      cheapest: { priceId: "price_pro", label: "Start with Pro, $149/month" },
    });
    expect(planOffer(asset("summary")).included).toBe("Included in every plan");
  });

  it("the feature cards open an existing kit at one of its assets", () => {
    expect(listKitSlugs()).toContain(featuredKitPath.replace(/^\/examples\//, ""));
    const ids: string[] = exampleAssets.map((item) => item.id);
    for (const feature of features) expect(ids).toContain(feature.example);
  });
});
