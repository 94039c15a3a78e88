import { describe, expect, it } from "vitest";
import { legalConfig } from "~/config/legal-entity";
import { siteConfig } from "~/config/site";
import { billingStatements } from "~/plans/billing/billing-rules";
import { siteLegalTokens } from "~/data/legal-tokens";
import { fillTokens, getLegalFrontmatter, getLegalPage } from "~/content/legal.server";

const headings = (html: string) => [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x26;/g, "&")
    .replace(/\s+/g, " ");

describe("legal pages", () => {
  const terms = getLegalPage("terms", siteLegalTokens());
  const privacy = getLegalPage("privacy", siteLegalTokens());
  const cookies = getLegalPage("cookies", siteLegalTokens());

  it("keep docs/product.md's sections and last-updated date", () => {
    expect(headings(terms.html)).toEqual([
      "Introduction",
      "Accounts",
      "Content",
      "Subscriptions",
      "Termination",
      "Indemnity",
      "Limitation of Liability",
      "Governing Law and Disputes",
      "General",
      "Changes",
      "Contact Us",
    ]);
    expect(headings(privacy.html)).toEqual([
      "Introduction",
      "Information We Collect",
      "How We Use Your Information",
      "Disclosure",
      "Data Retention",
      "Your Rights",
      "Changes",
      "Contact Us",
    ]);
    expect(headings(cookies.html)).toHaveLength(7);
    for (const page of [terms, privacy, cookies]) expect(page.updated).toBe("2025-04-18");
  });

  it("fill every token from the site and legal config", () => {
    for (const page of [terms, privacy, cookies]) {
      expect(page.html).not.toMatch(/\{\{|\}\}/);
      expect(page.description).not.toMatch(/\{\{|\}\}/);
    }
    expect(() => fillTokens("{{nope}}", {})).toThrow("Unknown content token {{nope}}");
  });

  it("read their front matter without the site's configuration, for page metadata", () => {
    const { slug, title, description, updated, revised } = terms;
    expect(getLegalFrontmatter("terms")).toEqual({ slug, title, revised, description, updated });
    expect(description).toContain(siteConfig.name);
  });

  it("Terms: entity, cancellation, renewal and price notice, refund claim, law and venue, copyright", () => {
    const body = text(terms.html);
    for (const value of [
      `operated by ${legalConfig.entityName}, ${legalConfig.entityDescription}`,
      legalConfig.postalAddress,
      `laws of ${legalConfig.governingLaw}`,
      `exclusively in ${legalConfig.venue}`,
      legalConfig.copyrightEmail,
      `at least ${legalConfig.priceChangeNoticeDays} days before the renewal`,
      billingStatements.renewal,
      billingStatements.tax,
      billingStatements.receipt,
      billingStatements.price,
      // The Terms link the cancellation page where the sentence elsewhere quotes its label.
      'linked at the foot of every page, enter the e-mail address you subscribed with and press "Cancel my subscription", with no sign-in.',
      billingStatements.upgrade,
      billingStatements.downgrade,
      billingStatements.rollover,
      `to ${billingStatements.guaranteeScope} only`,
      "withdraw from a new subscription within 14 days",
      "your right of withdrawal ends once the service has been fully performed",
      "Entire agreement.",
      "Severability.",
      "Assignment.",
      legalConfig.copyrightAgent.name,
      legalConfig.copyrightAgent.phone,
      `by telephone on ${legalConfig.consumerPhone.number} (${legalConfig.consumerPhone.hours})`,
      "Your legal guarantee of conformity.",
      "Directive (EU) 2019/770",
      billingStatements.firstFortnightRefund,
      billingStatements.expressStartMeaning,
      billingStatements.otherPayments,
      billingStatements.cancelWhen,
      billingStatements.guaranteeClaim,
      billingStatements.guaranteeAccess,
      billingStatements.guaranteeTiming,
      billingStatements.guaranteeAgency,
      billingStatements.account,
      billingStatements.afterEnd,
      "small-claims court",
      "limited to the amount you paid us in the twelve months",
    ]) {
      expect(body).toContain(value);
    }
  });

  it("Privacy: controller, bases, processors, no training, retention, transfers, rights, children", () => {
    const body = text(privacy.html);
    for (const value of [
      `The controller of your personal information is ${legalConfig.entityName}`,
      legalConfig.privacyEmail,
      legalConfig.euRepresentative!.name,
      "Lawful basis",
      "Complying with a legal obligation",
      "Payments: Stripe",
      "Server functions and their database: Supabase",
      "The feed reader behind our plan finder receives the feed address you paste",
      "Transcription and generation",
      "We do not use your audio, transcripts or generated content to train",
      "unless you opt in",
      "7 years after the payment",
      "Server logs",
      "Standard Contractual Clauses",
      "We reply within one month",
      "children under 16",
      billingStatements.account,
      `you can also call us on ${legalConfig.consumerPhone.number}`,
      billingStatements.feedStorage,
      billingStatements.contactForm,
    ]) {
      expect(body).toContain(value);
    }
  });

  it("Cookies: still no cookies on the marketing site; contact on the privacy address", () => {
    const body = text(cookies.html);
    expect(body).toContain("Our marketing website sets no cookies");
    expect(cookies.html).toContain(`mailto:${legalConfig.privacyEmail}`);
    expect(cookies.html).not.toContain(`mailto:${siteConfig.supportEmail}`);
  });
});
