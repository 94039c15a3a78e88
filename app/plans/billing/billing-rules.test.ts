import { describe, expect, it } from "vitest";
import { extraEpisodeRoute } from "./billing-rules";
import { plans } from "~/plans/plans";

const plan = (name: string) => plans.find((p) => p.name === name)!;

describe("extraEpisodeRoute", () => {
  it("sends an episode over a plan's allowance to the next plan with more episodes", () => {
    expect(extraEpisodeRoute(plan("Starter"))).toEqual({
      upgradeTo: plan("Pro"),
      maxExtraDollars: 70,
    });
    expect(extraEpisodeRoute(plan("Pro"))).toEqual({
      upgradeTo: plan("Expert"),
      maxExtraDollars: 150,
    });
  });

  it("has no self-serve answer above Expert or for the Agency plan", () => {
    expect(extraEpisodeRoute(plan("Expert"))).toBeNull();
    expect(extraEpisodeRoute(plan("Agency"))).toBeNull();
  });
});
