import { describe, expect, it } from "vitest";
import { legalConfig } from "~/config/legal-entity";
import { plans, startsCheckout } from "~/plans/plans";
import { keepLinkValidity } from "../../../supabase/functions/_shared/contract.ts";
import { cancelEmail, cancelMailto, cancelRule, renewalDisclosure } from "./subscription-terms";

const selfServe = plans.filter(startsCheckout);

describe("the renewal terms beside a checkout button", () => {
  it.each(selfServe.map((plan) => [plan.name, plan] as const))(
    "state %s's amount, the monthly renewal, tax, price changes and canceling",
    (_name, plan) => {
      const text = Object.values(renewalDisclosure(plan)).join(" ");
      expect(text).toContain(`$${plan.price} a month, taxes included, charged today`);
      expect(text).toContain("every month until you cancel");
      expect(text).not.toMatch(/plus (?:any )?(?:sales )?tax/i);
      expect(text).toContain(`at least ${legalConfig.priceChangeNoticeDays} days before`);
      // The note links the cancellation page, which needs no sign-in.
      expect(text).toContain("Cancel anytime online, with no sign-in:");
      expect(text).toContain(cancelRule.effect);
    },
  );
});

describe("the ready-made cancellation e-mail", () => {
  it("opens a message to support with the subject and body filled in", () => {
    const url = new URL(cancelMailto);
    expect(url.pathname).toBe("support@castloop.com");
    const raw = Object.fromEntries(
      url.search
        .slice(1)
        .split("&")
        .map((pair) => pair.split("=") as [string, string]),
    );
    expect(decodeURIComponent(raw.subject ?? "")).toBe(cancelEmail.subject);
    expect(decodeURIComponent(raw.body ?? "")).toBe(cancelEmail.body.replace(/\n/g, "\r\n"));
    // The e-mail asks for what the Terms give: the first fortnight's end at once with its
    // refund, and otherwise the period's end.
    expect(cancelEmail.body).toMatch(
      /cancel my .+ subscription: at once, with the refund your Terms give, if this is my first subscription and within its first 14 days; otherwise at the end of the current billing period/,
    );
  });

  it("is a link Markdown can carry whole (no parentheses or spaces)", () => {
    expect(cancelMailto).not.toMatch(/[()\s]/);
  });
});

describe("the undo link in the cancellation rule", () => {
  it("states the contract's validity, window included", () => {
    expect(cancelRule.sentence).toContain(`a link that undoes it ${keepLinkValidity}`);
    expect(cancelRule.markdown).toContain(`a link that undoes it ${keepLinkValidity}`);
  });
});
