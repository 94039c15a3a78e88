import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { features } from "~/data/feature-list";
import { toolBadge, toolLines, tools, toolAvailability } from "~/data/tool-list";
import { planFeatureRows, plans } from "~/plans/plans";
import { planRangeLabel } from "~/plans/plan-range";
import { checkPlanClaims } from "./plan-claims";
import { planClaims } from "./plan-claims-table";
import { checkCitations, checkSampleLabel } from "./disclosures";
import { checkToolClaims, type ToolCard } from "./tool-claims";
import { sourceFiles } from "./copy-sources.server";

// The pairs of the fresh read that live in markup, data shapes or comments rather than in
// sentences: each check passes on the site and fails with the old side put back.

const cards = (): ToolCard[] =>
  tools.map((tool) => ({
    id: tool.id,
    description: tool.description,
    rows: tool.rows,
    badge: toolBadge(tool),
    lines: toolLines(tool),
  }));

describe("the tools cards", () => {
  it("claim only what the plan table backs", () => {
    expect(checkToolClaims(cards())).toEqual([]);
  });

  it("fail with the old fixed lines on every card", () => {
    const old = cards().map((card) => ({ ...card, badge: "", lines: [...toolAvailability] }));
    expect(checkToolClaims(old)).toEqual([
      'video-clips: no plan makes it, but its badge is ""',
      'video-clips: no plan makes it, but the card says "Available on all pricing plans"',
      'video-clips: no plan makes it, but the card says "Unlimited use"',
      'repurposing: "Available on all pricing plans", but X threads is not on every plan',
      'repurposing: "Available on all pricing plans", but Carousel Images is not on every plan',
      'repurposing: "Unlimited use", but a plan caps LinkedIn Post',
      'repurposing: "Unlimited use", but a plan caps X threads',
      'analytics: no plan makes it, but its badge is ""',
      'analytics: no plan makes it, but the card says "Available on all pricing plans"',
      'analytics: no plan makes it, but the card says "Unlimited use"',
      'scheduling: "Available on all pricing plans", but Content Scheduling is not on every plan',
    ]);
  });

  it("fail on the old promise of clips with captions burned in", () => {
    const old = cards().map((card) =>
      card.id === "video-clips"
        ? {
            ...card,
            description:
              "Short vertical clips and audiograms cut around your strongest moments, with captions burned in.",
          }
        : card,
    );
    expect(checkToolClaims(old)).toEqual([
      "video-clips: promises burned-in captions, which no plan makes",
    ]);
  });
});

describe("the feature badges", () => {
  it("name the plans whose row includes the format, never a plan that does not exist", () => {
    const names = new Set(["Every plan", ...plans.map((plan) => plan.name)]);
    for (const feature of features) {
      const label = planRangeLabel([feature.row]);
      expect(label, feature.title).not.toMatch(/Premium|Core/);
      expect(label.split(/ and up| and |, /).every((part) => part === "" || names.has(part))).toBe(
        true,
      );
    }
    expect(planRangeLabel(["LinkedIn Post"])).toBe("Every plan");
  });

  it("fail, in the claims check, on the old 'Pro' tag for LinkedIn posts", () => {
    const source = "app/data/feature-list.ts";
    const planted = { [source]: "LinkedIn Posts: a Pro feature, one post per episode." };
    const claims = planClaims.filter((claim) => claim.source === source);
    expect(
      checkPlanClaims({ plans, rows: planFeatureRows }, claims, planted).filter((p) =>
        p.includes("not in the claims table"),
      ),
    ).toHaveLength(1);
  });
});

describe("the testimonials' sample label", () => {
  const path = "app/components/sections/testimonials-section.tsx";

  it("stands above the list at body size", () => {
    expect(checkSampleLabel(path, readFileSync(path, "utf8"))).toEqual([]);
  });

  it("fails on the old small print under the list", () => {
    const old = [
      '<ul className={`grid gap-6 md:grid-cols-2 lg:grid-cols-3 ${showHeading ? "mt-14" : ""}`}>',
      "  {testimonials.map((testimonial) => <Quote key={testimonial.id} {...testimonial} />)}",
      "</ul>",
      "{legalConfig.sampleContent ? (",
      '  <p data-sample-note="" className="mt-6 text-xs leading-5 text-muted-foreground">',
      "    {sampleContentNotes.testimonials}",
      "  </p>",
      ") : null}",
    ].join("\n");
    expect(checkSampleLabel(path, old)).toEqual([
      `${path}: the sample label comes after the list`,
      `${path}: the sample label is small or muted print`,
    ]);
  });
});

describe("citations of the Consumer Rights Directive", () => {
  const files = Object.fromEntries(
    [...sourceFiles("app", [".ts", ".tsx"]), ...sourceFiles("supabase/functions", [".ts"])].map(
      (path) => [path, readFileSync(path, "utf8")],
    ),
  );

  it("cite the services rule where the text applies it", () => {
    expect(checkCitations(files)).toEqual([]);
  });

  it("fail on the old comment citing the digital-content rule", () => {
    const path = "supabase/functions/_shared/checkout-consent.ts";
    const old =
      "/** The required dropdown that records an express request to start at once (CRD art. 16(m)). */";
    expect(checkCitations({ [path]: `${files[path]}\n${old}\n` })).toEqual([
      `${path}: "${old}" cites art. 16(m), the digital-content rule`,
    ]);
  });
});
