import { describe, expect, it } from "vitest";
import { checkoutPlanPrices, expressStart } from "./contract.ts";
import {
  consentTexts,
  MAX_CUSTOM_TEXT,
  MAX_FIELD_LABEL,
  MAX_OPTION_LABEL,
} from "./checkout-consent.ts";

describe("the consent texts sent to Stripe Checkout", () => {
  it("stay within Stripe's limits for every plan, even with a long site URL", () => {
    const siteUrl = `https://${"a".repeat(200)}.example`;
    for (const price of Object.values(checkoutPlanPrices)) {
      const { termsAcceptance, submit } = consentTexts(price, siteUrl);
      expect(termsAcceptance.length).toBeLessThanOrEqual(MAX_CUSTOM_TEXT);
      expect(submit.length).toBeLessThanOrEqual(MAX_CUSTOM_TEXT);
    }
    expect(expressStart.label.length).toBeLessThanOrEqual(MAX_FIELD_LABEL);
    expect(expressStart.option.label.length).toBeLessThanOrEqual(MAX_OPTION_LABEL);
    expect(expressStart.key).toMatch(/^[A-Za-z0-9]+$/);
    expect(expressStart.option.value).toMatch(/^[A-Za-z0-9]+$/);
  });

  it("group the thousands of a larger amount", () => {
    expect(consentTexts(1299, "https://castloop.test").submit).toContain("You pay $1,299 today");
  });

  it("ask expressly to start at once and acknowledge the end of the right to withdraw", () => {
    expect(expressStart.option.label).toMatch(/^Yes, start now/);
    expect(expressStart.option.label).toContain(
      "right to withdraw ends once it is fully performed",
    );
  });
});
