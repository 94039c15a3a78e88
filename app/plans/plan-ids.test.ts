import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../supabase/functions/create-checkout/schema.ts";
import {
  EXPRESS_START,
  MANAGE_LABEL,
  PLAN_PRICES_USD,
} from "../../supabase/functions/create-checkout/consent.ts";
import { plans, startsCheckout } from "./plans";
import { cancelLabel, expressStart } from "./subscription-terms";

describe("plan ids", () => {
  it("are the same in the plan data and in the checkout function's allow-list", () => {
    const selfServe = plans.filter(startsCheckout).map((plan) => plan.priceId);
    expect([...PLAN_IDS].sort()).toEqual([...selfServe].sort());
  });

  it("charge in Stripe's texts the price the site shows", () => {
    const shown = Object.fromEntries(
      plans.filter(startsCheckout).map((plan) => [plan.priceId, plan.price]),
    );
    expect(PLAN_PRICES_USD).toEqual(shown);
  });

  it("name the footer's cancel link in Stripe's texts as the site names it", () => {
    expect(MANAGE_LABEL).toBe(cancelLabel);
  });

  it("ask in Checkout for the express start the Terms quote", () => {
    expect(EXPRESS_START.label).toBe(expressStart.label);
    expect(EXPRESS_START.option.label).toBe(expressStart.option);
  });
});
