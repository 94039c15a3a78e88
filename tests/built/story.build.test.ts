import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { siteRoutes } from "../e2e/site-routes.ts";
import { builtPage, builtXml, clientDir, siteUrl } from "./built-site.ts";
import { consumerPhoneHref, legalConfig } from "~/config/legal-entity";
import {
  FIRST_FORTNIGHT_REFUND,
  SUBSCRIBER_ACCESS,
  SUBSCRIBER_APP,
} from "../../supabase/functions/_shared/contract.ts";
import { sampleContentNotes } from "~/data/testimonial-quotes";

// The built site tells one story: prices are the total, the testimonials and the creators
// figure say they are illustrative where a reader meets them, the legal pages show when they
// last changed, and the accessibility statement is on every page's footer and in the sitemap.

const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
const count = (text: string, phrase: RegExp) => text.match(phrase)?.length ?? 0;

/** Every HTML file of the build, by path under build/client. */
function builtHtmlFiles(): string[] {
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .sort();
}

describe("prices", () => {
  it("are never followed by tax on top, in any built HTML file", () => {
    const files = builtHtmlFiles();
    expect(files.length).toBeGreaterThan(siteRoutes.length - 1);
    const onTop =
      /plus (?:any )?(?:applicable )?(?:sales )?tax|plus (?:any )?VAT|excl(?:\.|udes?|uding) (?:sales )?tax|before tax|\+ ?tax/i;
    for (const file of files) {
      const text = squash(readFileSync(join(clientDir, file), "utf8").replace(/<[^>]*>/g, " "));
      expect(text.match(onTop)?.[0], file).toBeUndefined();
    }
  });

  it.each(siteRoutes.map((route) => route.path))(
    "%s says taxes included once in each block that shows a price",
    (path) => {
      for (const block of builtPage(path).querySelectorAll("[data-price-block]")) {
        const text = squash(block.textContent);
        expect(text, `${path}: ${text.slice(0, 80)}`).toMatch(/\$\d/);
        expect(count(text, /taxes included/gi), `${path}: ${text.slice(0, 80)}`).toBe(1);
      }
    },
  );

  it("mark every plan card and renewal note as a price block", () => {
    const pricing = builtPage("/pricing");
    expect(pricing.querySelectorAll("article[data-price-block]")).toHaveLength(3);
    for (const note of pricing.querySelectorAll("[data-renewal-note]")) {
      expect(note.hasAttribute("data-price-block")).toBe(true);
    }
  });
});

describe("social proof while it is sample content", () => {
  it.each(["/", "/testimonials"])(
    "%s labels the testimonials illustrative, at body size, above them",
    (path) => {
      expect(legalConfig.sampleContent).toBe(true);
      const page = builtPage(path);
      const quote = page.querySelector("figure blockquote");
      const label = [...page.querySelectorAll("[data-sample-note]")].find(
        (element) => squash(element.textContent) === sampleContentNotes.testimonials,
      );
      expect(quote, path).not.toBeNull();
      expect(label, path).toBeDefined();
      expect(label!.compareDocumentPosition(quote!) & 4, "the label comes first").toBeTruthy();
      expect(label!.className).toContain("text-base");
      expect(label!.className).not.toMatch(/\btext-(?:xs|sm)\b|text-muted/);
    },
  );

  it.each(siteRoutes.map((route) => route.path))(
    "%s qualifies the 200+ figure wherever it stands",
    (path) => {
      const text = squash(builtPage(path).body.textContent);
      for (const match of text.matchAll(/200\+/g)) {
        const sentence = text.slice(match.index, match.index + 140);
        expect(sentence, path).toContain(sampleContentNotes.creatorsServed);
      }
    },
  );
});

describe("the testimonials' share card and description while they are samples", () => {
  it("say illustrative, as the page does", () => {
    expect(legalConfig.sampleContent).toBe(true);
    const page = builtPage("/testimonials");
    const content = (selector: string) => page.querySelector(selector)?.getAttribute("content");
    expect(content('meta[name="description"]')).toContain("illustrative");
    expect(content('meta[property="og:description"]')).toContain("illustrative");
    expect(content('meta[property="og:image:alt"]')).toContain("illustrative");
    expect(squash(page.querySelector("h1")?.textContent)).toBe("What Our Customers Say");
  });
});

describe("the trader's telephone number", () => {
  it.each(["/terms", "/privacy", "/contact"])("%s shows it as a tel: link", (path) => {
    const link = builtPage(path).querySelector(`main a[href="${consumerPhoneHref}"]`);
    expect(squash(link?.textContent), path).toBe(legalConfig.consumerPhone.number);
  });
});

describe("the first fortnight's refund", () => {
  it("is the same rule in the Terms and on /withdraw, with no 'fully performed' example", () => {
    const terms = squash(builtPage("/terms").body.textContent);
    expect(terms).toContain(FIRST_FORTNIGHT_REFUND);
    expect(terms).not.toContain("for example when the episodes");
    expect(squash(builtPage("/withdraw").body.textContent)).toContain(FIRST_FORTNIGHT_REFUND);
  });
});

describe("the account story", () => {
  it("is told on /success, with a link to the web app", () => {
    const page = builtPage("/success");
    expect(squash(page.body.textContent)).toContain(SUBSCRIBER_ACCESS);
    expect(page.querySelector(`a[href="${SUBSCRIBER_APP.url}"]`)).not.toBeNull();
  });
});

describe("the legal pages", () => {
  it.each(["/terms", "/privacy", "/cookies"])(
    "%s keeps docs/product.md's Last updated line and adds the Revised date",
    (path) => {
      const header = squash(builtPage(path).querySelector("h1")?.parentElement?.textContent);
      expect(header).toContain("Last updated April 18, 2025");
      expect(header).toMatch(/Revised [A-Z][a-z]+ \d{1,2}, \d{4}/);
      const revised = builtPage(path).querySelectorAll("time")[1]?.getAttribute("datetime");
      expect(revised! > "2025-04-18").toBe(true);
    },
  );
});

describe("the accessibility statement", () => {
  it("is linked from the footer of every page", () => {
    for (const route of siteRoutes) {
      const links = builtPage(route.path).querySelectorAll('footer a[href="/accessibility"]');
      expect(links.length, route.path).toBe(1);
    }
    expect(builtPage("/404.html").querySelector('footer a[href="/accessibility"]')).not.toBeNull();
  });

  it("is in the sitemap", () => {
    const locations = [...builtXml("sitemap.xml").getElementsByTagName("loc")].map(
      (loc) => loc.textContent,
    );
    expect(locations).toContain(`${siteUrl}/accessibility`);
  });

  it("states the standard, the testing, known limits, a contact and the review date, without a script", () => {
    const page = builtPage("/accessibility");
    const text = squash(page.body.textContent);
    expect(text).toContain("WCAG) 2.2 at level AA");
    expect(text).toContain("axe");
    expect(text).toContain("Keyboard-only runs");
    expect(text).toContain("JavaScript turned off");
    expect(text).toContain("Known limits");
    expect(squash(page.querySelector("[data-conformance-status] p")?.textContent)).toBe(
      "Partially conforms.",
    );
    expect(text).toContain("This website partially conforms with WCAG 2.2 level AA");
    expect(text).toContain("What we have not tested");
    expect(text).toContain("Stripe Checkout");
    expect(text).toContain("you can subscribe another way: write to");
    expect(text).toContain("2.2.1 Timing Adjustable (level A)");
    expect(text).toMatch(/We reply within \d+ business days/);
    for (const body of legalConfig.accessibility.complaintsBodies) {
      expect(page.querySelector(`a[href="${body.url}"]`)?.textContent).toBe(body.name);
    }
    // This build's Sign up opens the contact page, so no other company hosts a form.
    expect(text).not.toContain("hosted by another company");
    expect(page.querySelector('main a[href^="mailto:"]')).not.toBeNull();
    expect(text).toMatch(/last reviewed on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(page.querySelectorAll("script[src], script[type='module']")).toHaveLength(0);
  });
});
