import { describe, expect, it } from "vitest";
import { comparisonRows } from "./plan-comparison";
import { costPerEpisodeCents, planFeatureRows, plans } from "./plans";

describe("the comparison table's rows", () => {
  const rows = comparisonRows(plans);

  it("are price, episodes, cost per episode, then the 13 feature rows, each described", () => {
    expect(rows.map((row) => row.name)).toEqual([
      "Price",
      "Episodes",
      "Cost per episode",
      ...planFeatureRows.map((row) => row.name),
    ]);
    for (const row of rows) {
      expect(row.description.length).toBeGreaterThan(5);
      expect(row.values).toHaveLength(plans.length);
    }
  });

  it("show the prices, episodes and cost per episode from the plans", () => {
    const value = (name: string) => rows.find((row) => row.name === name)?.values;
    expect(value("Price")).toEqual(["$79", "$149", "$299", "Custom"]);
    expect(value("Episodes")).toEqual(["2", "4", "6", "Custom"]);
    expect(value("Cost per episode")).toEqual(["$39.50", "$37.25", "$49.83", "Custom"]);
    expect(value("X threads")).toEqual([false, "1", "Unlimited", "Unlimited"]);
  });

  it("divide the price by the episodes: $79 / 2 = $39.50", () => {
    expect(plans.map(costPerEpisodeCents)).toEqual([3950, 3725, 4983, null]);
  });
});
