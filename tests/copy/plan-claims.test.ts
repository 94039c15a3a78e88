import { describe, expect, it } from "vitest";
import { markdownFiles, stringsIn } from "./copy-sources.server";
import { siteConfig } from "~/config/site";
import { getAllKits } from "~/examples/kit-loader.server";
import { checkAssertion, checkPlanClaims, planStatements, type PlanClaim } from "./plan-claims";
import { about } from "~/data/about-page";
import { exampleAssets, outputsMissingFrom } from "~/examples/example-assets";
import { faqs } from "~/plans/billing/faqs";
import { features } from "~/data/feature-list";
import { planClaims } from "./plan-claims-table";
import { describePlanOutputs } from "~/plans/plan-outputs";
import { planFeatureRows, plans } from "~/plans/plans";
import { testimonials } from "~/data/testimonial-quotes";
import { tools } from "~/data/tool-list";

const data = { plans, rows: planFeatureRows };

// The FAQ's outputs answer is written from plans.ts (plan-outputs.ts), so it is true by
// construction; content-data.test.ts pins its wording. The tools' "Available on all pricing
// plans" (toolAvailability) is docs/product.md's fixed wording and is left out; their descriptions are in.
// The Terms' plan prices are the `{{prices}}` token, also written from plans.ts.
const generated = new Set<string>(
  faqs.map((faq) => faq.answer).filter((answer) => answer.includes(describePlanOutputs())),
);

const sources: Record<string, string> = {
  ...markdownFiles("content/blog"),
  ...markdownFiles("content/legal"),
  "app/plans/billing/faqs.ts": stringsIn(faqs)
    .filter((text) => !generated.has(text))
    .join("\n"),
  "app/data/testimonial-quotes.ts": stringsIn(testimonials).join("\n"),
  "app/data/about-page.ts": stringsIn(about).join("\n"),
  "app/data/feature-list.ts": stringsIn(features).join("\n"),
  "app/data/tool-list.ts": stringsIn(tools).join("\n"),
  "app/config/site.ts": [siteConfig.tagline, siteConfig.description].join("\n"),
  "app/examples/example-assets.ts": stringsIn(exampleAssets).join("\n"),
  // The sample kits' copy: a fictional post that names a plan must be listed like any other.
  ...Object.fromEntries(
    getAllKits().map((kit) => [`content/examples/${kit.slug}.yaml`, stringsIn(kit).join("\n")]),
  ),
};

describe("claims about plans in the copy", () => {
  it("are all in the claims table, found in their source, and true to plans.ts", () => {
    expect(checkPlanClaims(data, planClaims, sources)).toEqual([]);
  });
});

describe("the sample kits", () => {
  // Each kit shows one of every asset in the explorer, all made on the plan it names.
  it("show only outputs the plan they were made on includes", () => {
    const kits = getAllKits();
    expect(kits.length).toBeGreaterThan(0);
    for (const kit of kits) expect(outputsMissingFrom(kit.plan), kit.slug).toEqual([]);
  });

  it("would fail on a plan without the thread, the carousel or the captions", () => {
    expect(outputsMissingFrom("Starter")).toEqual([
      'Show notes (plans.ts row "Content Templates")',
      'X thread (plans.ts row "X threads")',
      'Instagram caption (plans.ts row "Instagram Posts")',
      'Carousel (plans.ts row "Carousel Images")',
      'TikTok and Shorts captions (plans.ts row "Caption Generation")',
      'Subtitles (plans.ts row "Caption Generation")',
      'Content template (plans.ts row "Content Templates")',
    ]);
  });
});

describe("the claims check", () => {
  const claim = (quote: string, says: PlanClaim["says"]): PlanClaim => ({
    source: "planted.md",
    quote,
    says,
  });

  it("fails on a planted contradiction in an article", () => {
    const source = "content/blog/content-repurposing.md";
    const planted = `${sources[source]}\nOn Starter, Castloop also drafts the X thread and the carousel.\n`;
    expect(checkPlanClaims(data, planClaims, { ...sources, [source]: planted })).toEqual([
      `${source}: a statement about plans is not in the claims table: "On Starter, Castloop also drafts the X thread and the carousel."`,
    ]);
  });

  it("fails when a listed claim says what plans.ts does not", () => {
    const wrong = claim("On Starter, Castloop also drafts the X thread.", [
      ["Starter", "X threads", true],
    ]);
    expect(
      checkPlanClaims(data, [wrong], {
        "planted.md": "On Starter, Castloop also drafts the X thread.",
      }),
    ).toEqual([
      'planted.md: "On Starter, Castloop also drafts the X thread." ["Starter", "X threads", true] contradicts plans.ts (Starter: false)',
    ]);
  });

  it("fails when a claim's quote is gone from its source, or it says nothing without a reason", () => {
    expect(
      checkPlanClaims(data, [claim("Pro includes one X thread", [])], {
        "planted.md": "Nothing here.",
      }),
    ).toEqual([
      'planted.md: the claim "Pro includes one X thread" is no longer in the text',
      'planted.md: "Pro includes one X thread" says nothing; give a reason in because',
    ]);
  });

  it("checks counts, ranges of plans, episodes and prices", () => {
    expect(checkAssertion(data, ["Starter", "LinkedIn Post", "1"])).toBeUndefined();
    expect(checkAssertion(data, ["Expert+", "LinkedIn Post", "Unlimited"])).toBeUndefined();
    expect(checkAssertion(data, ["Pro+", "White Label", true])).toMatch(/Pro: false/);
    expect(checkAssertion(data, ["every plan", "Audio to Text", true])).toBeUndefined();
    expect(checkAssertion(data, ["every plan", "LinkedIn Post", "1"])).toMatch(
      /Expert: "Unlimited"/,
    );
    expect(checkAssertion(data, ["some plan", "Managed Workflow", true])).toBeUndefined();
    expect(checkAssertion(data, ["Pro", "episodes", 4])).toBeUndefined();
    expect(checkAssertion(data, ["Expert", "episodes", 16])).toMatch(/Expert: 6/);
    expect(checkAssertion(data, ["Agency", "episodes", "Custom"])).toBeUndefined();
    expect(checkAssertion(data, ["Pro", "price", 149])).toBeUndefined();
    expect(checkAssertion(data, ["Gold", "price", 1])).toMatch(/no plan is called Gold/);
    expect(checkAssertion(data, ["Pro", "Video Clips" as "X threads", true])).toMatch(/no row/);
  });

  it("finds statements in sentences, paragraphs and plan tables, not in code", () => {
    const text = [
      "Castloop writes the summary. Plan your posts around each release.",
      "Our studio is on Agency. Threads arrive every Monday.",
      "An expert guest can carry a thread.",
      '```xml\n<itunes:category text="Business"/> Castloop transcript\n```',
      "| Output | Starter | Pro |",
      "| --- | --- | --- |",
      "| X thread | no | one |",
    ].join("\n");
    expect(planStatements(text)).toEqual([
      "Castloop writes the summary.",
      "Our studio is on Agency. Threads arrive every Monday.",
      "X thread no one",
    ]);
  });
});
