import { describe, expect, it } from "vitest";
import { planNameList, planRangeLabel, planRangeStart, plansWith } from "./plan-range";

describe("the plans a row of the pricing table is on, in words", () => {
  it("reads plans.ts: a row on every plan, from Pro, or from Expert", () => {
    expect(planRangeLabel(["Audio to Text"])).toBe("Every plan");
    expect(planRangeLabel(["LinkedIn Post"])).toBe("Every plan");
    expect(planRangeLabel(["X threads"])).toBe("Pro and up");
    expect(planRangeLabel(["Content Scheduling"])).toBe("Expert and Agency");
    expect(planRangeLabel(["Managed Workflow"])).toBe("Agency");
    expect(planRangeLabel([])).toBe("No plan");
  });

  it("takes several rows as the plans that include any of them", () => {
    expect(planRangeLabel(["Content Scheduling", "X threads"])).toBe("Pro and up");
    expect(plansWith(["White Label"]).map((plan) => plan.name)).toEqual(["Expert", "Agency"]);
  });

  it("gives where a row starts, for the badge's color", () => {
    expect(planRangeStart(["Summarization"])).toBe(0);
    expect(planRangeStart(["Carousel Images"])).toBe(1);
    expect(planRangeStart(["White Label"])).toBe(2);
  });

  it("lists names in prose", () => {
    expect(planNameList(["Pro"])).toBe("Pro");
    expect(planNameList(["Pro", "Expert", "Agency"])).toBe("Pro, Expert and Agency");
  });
});
