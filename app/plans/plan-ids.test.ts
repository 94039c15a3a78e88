import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../supabase/functions/create-checkout/schema.ts";
import { plans, startsCheckout } from "./plans";

describe("plan ids", () => {
  it("are the same in the plan data and in the checkout function's allow-list", () => {
    const selfServe = plans.filter(startsCheckout).map((plan) => plan.priceId);
    expect([...PLAN_IDS].sort()).toEqual([...selfServe].sort());
  });
});
