import { describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import { plansIncluding, exampleAssets } from "~/examples/example-assets";
import { plans } from "~/plans/plans";
import type { ReportedCheck } from "~/plans/finder/feed-check-client";
import { productNote } from "./product-note";

const finding = (makes: ReportedCheck["makes"], status: ReportedCheck["status"]) =>
  ({ makes, status }) as ReportedCheck;

describe("productNote", () => {
  it("says a transcript is made on every plan, as the plan table says", () => {
    const transcript = exampleAssets.find((asset) => asset.id === "transcript")!;
    expect(plansIncluding(transcript)).toHaveLength(plans.length);
    expect(productNote({ checks: [finding("transcript", "warn")] })).toEqual({
      text: `${brand.name} writes a transcript of every episode, on every plan:`,
      linkText: "see one in a sample kit",
      href: "/examples/open-kitchen-hours#transcript",
    });
  });

  it("names the plans that fill show notes from a template, not every plan", () => {
    const names = plansIncluding(exampleAssets.find((asset) => asset.id === "show-notes")!).map(
      ({ plan }) => plan.name,
    );
    expect(names).toEqual(["Pro", "Expert", "Agency"]);
    expect(productNote({ checks: [finding("show-notes", "warn")] })).toMatchObject({
      text: `${brand.name} writes show notes from your own template, on Pro, Expert and Agency:`,
      href: "/examples/open-kitchen-hours#show-notes",
    });
    expect(productNote({ checks: [finding("chapters", "warn")] })?.text).toBe(
      `${brand.name}'s show notes list chapter times (as text, not a podcast:chapters file), on Pro, Expert and Agency:`,
    );
  });

  it("gives one sentence, the transcript first, and none when nothing is missing", () => {
    const checks = [
      finding("show-notes", "warn"),
      finding("chapters", "fail"),
      finding("transcript", "warn"),
    ];
    expect(productNote({ checks })?.href).toBe("/examples/open-kitchen-hours#transcript");
    expect(
      productNote({ checks: [finding("transcript", "pass"), finding(undefined, "fail")] }),
    ).toBeNull();
  });
});
