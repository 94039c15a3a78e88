import { describe, expect, it } from "vitest";
import { siteRoutes } from "../e2e/site-routes.ts";
import { builtPage } from "./built-site.ts";
import { legalConfig } from "~/config/legal-entity";
import { plans, startsCheckout } from "~/plans/plans";
import { expressStart } from "../../supabase/functions/_shared/contract.ts";
import {
  cancelEmail,
  cancelLabel,
  cancelMailto,
  cancelPath,
  withdrawLabel,
  withdrawPath,
} from "~/plans/billing/subscription-terms";

const prices = new Map(
  plans.filter(startsCheckout).map((plan) => [plan.priceId as string, `$${plan.price}`]),
);
const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

// The renewal terms are clear and conspicuous beside every subscribe control, in the
// built HTML of every page, including the checkout forms on pages without
// JavaScript. Tailwind's text-base is 16px, body size; pricing.spec checks the computed size.
describe.each(siteRoutes.map((route) => route.path))("%s", (path) => {
  const controls = () => [...builtPage(path).querySelectorAll("[data-price-id]")];

  it("states the renewal terms at body size, right after each subscribe control", () => {
    for (const control of controls()) {
      const priceId = control.getAttribute("data-price-id") ?? "";
      const amount = prices.get(priceId);
      expect(amount, priceId).toBeDefined();
      const noteId = control.getAttribute("aria-describedby") ?? "";
      const note = builtPage(path).getElementById(noteId);
      expect(note, `${path} ${priceId}: described by a renewal note`).not.toBeNull();
      expect(note?.hasAttribute("data-renewal-note")).toBe(true);
      // A checkout button sits alone in its form (laid out as if the form were not there).
      const outer = control.parentElement?.tagName === "FORM" ? control.parentElement : control;
      expect(outer.nextElementSibling, `${path} ${priceId}: the note follows it`).toBe(note);
      const classes = note?.className.split(/\s+/) ?? [];
      expect(classes).toContain("text-base");
      for (const small of ["text-xs", "text-sm", "text-muted-foreground", "text-ink-muted"]) {
        expect(classes, `${path} ${priceId}`).not.toContain(small);
      }
      const text = squash(note?.textContent);
      expect(text).toContain(
        `${amount} a month, taxes included, charged today and then every month until you cancel`,
      );
      expect(text).toContain(`at least ${legalConfig.priceChangeNoticeDays} days before`);
      expect(text).toContain("Cancel anytime");
      expect(text).toContain(
        "you keep access until the end of the billing period you have already paid for",
      );
      const cancelLink = note?.querySelector(`a[href="${cancelPath}"]`);
      expect(cancelLink?.textContent, `${path} ${priceId}: links the cancellation page`).toBe(
        cancelLabel,
      );
    }
  });

  it("links cancelling and withdrawing from the footer, by their labels", () => {
    // The site footer is the page's last <footer>; an article has one of its own.
    const footer = [...builtPage(path).querySelectorAll("footer")].at(-1);
    expect(squash(footer?.querySelector(`a[href="${cancelPath}"]`)?.textContent)).toBe(cancelLabel);
    expect(squash(footer?.querySelector(`a[href="${withdrawPath}"]`)?.textContent)).toBe(
      withdrawLabel,
    );
  });
});

describe("the pages that carry subscribe controls", () => {
  it("include every place a plan is sold", () => {
    const withControls = siteRoutes
      .map((route) => route.path)
      .filter((path) => builtPage(path).querySelector("[data-price-id]"));
    for (const path of ["/", "/pricing", "/features", "/about", "/examples/the-slow-build"]) {
      expect(withControls).toContain(path);
    }
  });
});

describe("the cancellation page, the e-mail and the withdrawal form", () => {
  it("link the cancellation page from the Terms, /success, the billing FAQ and the Help Center", () => {
    for (const path of ["/terms", "/success", "/pricing", "/help"]) {
      const main = builtPage(path).querySelector("main");
      expect(main?.querySelector(`a[href="${cancelPath}"]`), path).not.toBeNull();
    }
  });

  it("keep the ready-made e-mail as a second way, on the cancellation page and in the Terms", () => {
    for (const path of ["/cancel", "/terms"]) {
      const main = builtPage(path).querySelector("main");
      expect(main?.querySelector(`a[href="${cancelMailto}"]`), path).not.toBeNull();
    }
    expect(decodeURIComponent(cancelMailto)).toContain(cancelEmail.subject);
  });

  it("link the withdrawal form from the Terms and /success", () => {
    for (const path of ["/terms", "/success"]) {
      const main = builtPage(path).querySelector("main");
      expect(main?.querySelector(`a[href="${withdrawPath}"]`), path).not.toBeNull();
    }
  });

  it("ask only what each form needs, with one button each and no sign-in", () => {
    const cancel = builtPage("/cancel").querySelector("main form");
    expect(
      [...(cancel?.querySelectorAll("input:not([type=hidden])") ?? [])].map((i) =>
        i.getAttribute("name"),
      ),
    ).toEqual(["email"]);
    expect(
      [...(cancel?.querySelectorAll("button") ?? [])].map((b) => squash(b.textContent)),
    ).toEqual(["Cancel my subscription"]);
    const withdraw = builtPage("/withdraw").querySelector("main form");
    expect(
      [...(withdraw?.querySelectorAll("input:not([type=hidden]), select") ?? [])].map((i) =>
        i.getAttribute("name"),
      ),
    ).toEqual(["name", "email", "plan", "subscribedOn", "confirmTo"]);
    expect(
      [...(withdraw?.querySelectorAll("button") ?? [])].map((b) => squash(b.textContent)),
    ).toEqual(["Confirm withdrawal"]);
    for (const form of [cancel, withdraw]) {
      expect(form?.getAttribute("method")).toBe("post");
      expect(form?.getAttribute("action")).toBe("/functions/v1/manage-subscription");
      expect(form?.querySelector("input[type=password]")).toBeNull();
    }
  });

  it("the Terms carry a model withdrawal form and quote the start-now choice Checkout asks", () => {
    const text = squash(builtPage("/terms").querySelector("main")?.textContent);
    expect(text).toContain("Model withdrawal form");
    expect(text).toContain("hereby give notice that I/We (*) withdraw from my/our (*) contract");
    expect(text).toContain(`"${expressStart.label}"`);
    expect(text).toContain(`"${expressStart.option.label}"`);
  });
});
