import { describe, expect, it } from "vitest";
import { about } from "./about-page";
import { faqs } from "~/plans/billing/faqs";
import { features } from "./feature-list";
import { describePlanOutputs } from "~/plans/plan-outputs";
import {
  ctaBandPlan,
  planFeatureRows,
  plans,
  startsCheckout,
  type FeatureName,
} from "~/plans/plans";
import { testimonials } from "./testimonial-quotes";
import { toolBadge, toolLines, toolPlanNote, tools } from "./tool-list";
import { planRangeLabel } from "~/plans/plan-range";

// docs/product.md badges the features Core, Pro and Premium, but a "Pro" badge on a format every
// plan includes, and "Premium" with no Premium plan, would be untrue: each badge names the plans
// that include the format, worked out from plans.ts.
describe("features (the home and features pages)", () => {
  it("has the 8 features, each badged with the plans whose row includes it", () => {
    expect(features.map((f) => [f.title, planRangeLabel([f.row])])).toEqual([
      ["Audio to Text", "Every plan"],
      ["Summarization", "Every plan"],
      ["Key Points Extraction", "Every plan"],
      ["Tweet Threads", "Pro and up"],
      ["LinkedIn Posts", "Every plan"],
      ["Carousel Images", "Pro and up"],
      ["Content Templates", "Pro and up"],
      ["Caption Generation", "Pro and up"],
    ]);
  });
});

describe("plans", () => {
  it("has four tiers with prices, episodes and the popular flag", () => {
    expect(plans.map((p) => [p.name, p.price, p.episodesPerMonth, p.popular])).toEqual([
      ["Starter", 79, 2, false],
      ["Pro", 149, 4, true],
      ["Expert", 299, 6, false],
      ["Agency", "Custom", "Custom", false],
    ]);
  });

  it("uses docs/product.md's price ids and sends only Agency to the contact form", () => {
    expect(plans.map((p) => p.priceId)).toEqual([
      "price_starter",
      "price_pro",
      "price_expert",
      "price_agency",
    ]);
    expect(plans.filter((p) => !startsCheckout(p)).map((p) => p.name)).toEqual(["Agency"]);
    expect(plans.find((p) => p.name === "Agency")?.ctaLabel).toBe("Contact Us");
  });

  it("has the 13 feature rows, and one value per row for every plan", () => {
    expect(planFeatureRows.map((r) => r.name)).toEqual([
      "Audio to Text",
      "Summarization",
      "Key Point Extraction",
      "Full Repurpose Kit",
      "LinkedIn Post",
      "Carousel Images",
      "Content Templates",
      "X threads",
      "Instagram Posts",
      "Caption Generation",
      "White Label",
      "Content Scheduling",
      "Managed Workflow",
    ]);
    expect(planFeatureRows.at(-1)?.description).toMatch(
      /fully managed workflow for agencies and teams/i,
    );
    const rowNames = planFeatureRows.map((r) => r.name).sort();
    for (const plan of plans) expect(Object.keys(plan.features).sort()).toEqual(rowNames);
  });

  const value = (plan: string, row: string) =>
    plans.find((p) => p.name === plan)?.features[row as FeatureName];

  it("gives Starter only the core tools plus 1 LinkedIn post", () => {
    expect(value("Starter", "Audio to Text")).toBe(true);
    expect(value("Starter", "Summarization")).toBe(true);
    expect(value("Starter", "Key Point Extraction")).toBe(true);
    expect(value("Starter", "LinkedIn Post")).toBe("1");
    for (const row of ["Full Repurpose Kit", "Carousel Images", "X threads", "White Label"]) {
      expect(value("Starter", row)).toBe(false);
    }
  });

  it("gives Pro the repurpose kit and one post of each kind", () => {
    for (const row of [
      "Full Repurpose Kit",
      "Carousel Images",
      "Content Templates",
      "Caption Generation",
    ]) {
      expect(value("Pro", row)).toBe(true);
    }
    for (const row of ["LinkedIn Post", "X threads", "Instagram Posts"])
      expect(value("Pro", row)).toBe("1");
    expect(value("Pro", "White Label")).toBe(false);
  });

  it("sells the full repurpose kit in the call-to-action band, whose copy names its plan", () => {
    expect(value(ctaBandPlan.name, "Full Repurpose Kit")).toBe(true);
  });

  it("gives Expert white label, scheduling and unlimited posts; Agency adds the managed workflow", () => {
    expect(value("Expert", "White Label")).toBe(true);
    expect(value("Expert", "Content Scheduling")).toBe(true);
    for (const row of ["LinkedIn Post", "X threads", "Instagram Posts"]) {
      expect(value("Expert", row)).toBe("Unlimited");
    }
    expect(value("Expert", "Managed Workflow")).toBe(false);
    expect(value("Agency", "Managed Workflow")).toBe(true);
  });
});

describe("testimonials, tools, FAQ, about", () => {
  it("has five testimonials rated 5 or 4 out of 5", () => {
    expect(testimonials).toHaveLength(5);
    for (const t of testimonials) {
      expect([4, 5]).toContain(t.rating);
      expect(t.quote.length).toBeGreaterThan(40);
    }
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(5);
  });

  it("has the six tools with their exact titles, each badged from its rows", () => {
    expect(tools.map((t) => t.title)).toEqual([
      "Audio to Text Transcription",
      "Video Clip Generator",
      "Content Repurposing",
      "Analytics Dashboard",
      "Social Media Scheduler",
      "SEO Optimization",
    ]);
    expect(tools.map((t) => toolBadge(t))).toEqual([
      "Every plan",
      "Coming later",
      "Every plan",
      "Coming later",
      "Expert and Agency",
      "Every plan",
    ]);
  });

  it("says 'Available on all pricing plans' and 'Unlimited use' only where they hold", () => {
    const lines = (id: string) => toolLines(tools.find((t) => t.id === id)!);
    const unlimited = "Unlimited use, within your plan's episodes a month";
    expect(lines("transcription")).toEqual(["Available on all pricing plans", unlimited]);
    expect(lines("seo")).toEqual(["Available on all pricing plans", unlimited]);
    // The LinkedIn post is one per episode on Starter and Pro, so nothing here is unlimited.
    expect(lines("repurposing")).toEqual([
      "Available on all pricing plans: Summarization, Key Point Extraction and LinkedIn Post",
    ]);
    expect(lines("scheduling")).toEqual([unlimited]);
    expect(lines("video-clips")).toEqual([]);
    expect(lines("analytics")).toEqual([]);
  });

  it("qualifies a tool whose outputs differ by plan with the plans that make them", () => {
    const note = (id: string) => toolPlanNote(tools.find((t) => t.id === id)!);
    expect(note("scheduling")).toBe(
      "Per episode, Content Scheduling comes with Expert and Agency.",
    );
    expect(note("repurposing")).toBe(
      "Per episode, X threads and Carousel Images come with Pro, Expert and Agency; LinkedIn Post: 1 on Starter and Pro, unlimited on Expert and Agency.",
    );
    expect(note("transcription")).toBeNull();
  });

  it("promises no burned-in captions, dashboards or rankings that no plan row makes", () => {
    const text = tools.map((t) => t.description).join("\n");
    expect(text).not.toMatch(/burned in|burnt in|rank/i);
  });

  it("answers what each plan includes from plans.ts", () => {
    expect(describePlanOutputs()).toBe(
      "Starter includes a transcript, a summary, key points and one LinkedIn post for each episode. " +
        "Pro adds the full repurpose kit, carousel images, content templates, one X thread, one Instagram post and captions. " +
        "Expert adds white label and content scheduling, and makes LinkedIn posts, X threads and Instagram posts unlimited. " +
        "Agency adds a fully managed workflow.",
    );
    expect(faqs.find((faq) => faq.id === "outputs")?.answer).toContain(describePlanOutputs());
  });

  it("has eight FAQ items that state docs/product.md's claims", () => {
    expect(faqs).toHaveLength(8);
    expect(new Set(faqs.map((f) => f.id)).size).toBe(8);
    const text = faqs.map((f) => `${f.question} ${f.answer}`).join(" ");
    for (const claim of ["MP3", "WAV", "AAC", "M4A", "95%+", "14-day money-back guarantee"]) {
      expect(text).toContain(claim);
    }
    expect(text).toMatch(/cancel anytime/i);
    expect(text).toMatch(/until the end of the billing period/i);
  });

  it("has the about page's four parts", () => {
    expect(about.mission.length).toBeGreaterThan(100);
    expect(about.vision.length).toBeGreaterThan(100);
    expect(about.whyChooseUs.length).toBeGreaterThanOrEqual(3);
    expect(about.values.length).toBeGreaterThanOrEqual(3);
  });
});
