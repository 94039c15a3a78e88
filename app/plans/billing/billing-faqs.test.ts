import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { billingFaqs } from "./billing-faqs";
import { billingStatements } from "./billing-rules";
import { faqs } from "./faqs";

const answer = (id: string) => billingFaqs.find((item) => item.id === id)?.answer ?? "";

describe("billing questions", () => {
  it("have unique ids, none clashing with a Help Center question of another wording", () => {
    expect(new Set(billingFaqs.map((item) => item.id)).size).toBe(billingFaqs.length);
    for (const item of billingFaqs) {
      const help = faqs.find((faq) => faq.id === item.id || faq.question === item.question);
      // A question on both pages is the Help Center's own entry, word for word.
      if (help) expect({ ...help, inHelpCenter: true }).toEqual(item);
      expect(item.inHelpCenter).toBe(help !== undefined);
    }
  });

  it("state the billing policy", () => {
    expect(answer("money-back")).toContain("14-day money-back guarantee");
    expect(answer("claim-refund")).toContain(siteConfig.supportEmail);
    expect(answer("claim-refund")).toContain("within 14 days of your first payment");
    expect(answer("claim-refund")).toContain("Starter, Pro or Expert");
    expect(answer("cancel")).toMatch(/until the end of the billing period/);
    expect(answer("cancel-how")).toContain(billingStatements.cancel);
    expect(answer("cancel-how")).toContain(billingStatements.cancelWhen);
    expect(answer("cancel-how")).toContain("30 days");
    expect(answer("tax")).toMatch(/^Yes\. Every price is in US dollars, taxes included\./);
    expect(answer("tax")).toContain("adds nothing on top");
    expect(answer("episode")).toMatch(/one recording of up to 3 hours/);
    expect(answer("episode")).toMatch(/processed once/);
    // The upload formats docs/product.md's FAQ claims name, and no others.
    expect(answer("episode")).toContain("MP3, WAV, AAC or M4A");
    expect(answer("episode")).toMatch(/again is free/);
    expect(answer("plan-changes")).toMatch(
      /upgrade takes effect at once: Stripe charges the prorated difference, taxes included/,
    );
    expect(answer("plan-changes")).toMatch(/downgrade takes effect at the end of the period/);
    expect(answer("more-episodes")).toContain(
      "On Pro, a fifth episode in a month means moving up to Expert",
    );
    expect(answer("more-episodes")).toContain("unused episodes do not roll over");
    expect(answer("claim-refund")).toContain(billingStatements.guaranteeScope);
    expect(answer("episode")).toContain('A "1" in the pricing table means one per episode');
    for (const method of ["Visa", "Mastercard", "American Express", "Discover", "Apple Pay"]) {
      expect(answer("payment-methods")).toContain(method);
    }
    expect(answer("payment-methods")).toMatch(/Google Pay and Link/);
  });
});
