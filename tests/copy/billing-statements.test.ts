import { describe, expect, it } from "vitest";
import { markdownFiles, stringsIn } from "./copy-sources.server";
import { getAllKits } from "~/examples/kit-loader.server";
import { checkBillingStatements, sentencesOf } from "./billing-statements";
import { getLegalMarkdown } from "~/content/legal.server";
import { about } from "~/data/about-page";
import { billingFaqCopy, billingFaqs } from "~/plans/billing-faqs";
import { billingMentions } from "./billing-mentions";
import { billingStatements } from "~/plans/billing-rules";
import { billingTopics } from "./billing-topics";
import { renewalDisclosure } from "~/plans/subscription-terms";
import { faqs } from "~/plans/faqs";
import { features } from "~/data/feature-list";
import { siteLegalTokens } from "~/data/legal-tokens";
import { fixedPages } from "~/site/pages";
import { finderCopy, finderEpisodes, recommendPlan } from "~/plans/plan-finder";
import { plans, pricingCopy, startsCheckout } from "~/plans/plans";
import { testimonials } from "~/data/testimonial-quotes";
import { tools } from "~/data/tool-list";

const legal = Object.fromEntries(
  ["terms", "privacy", "cookies"].map((slug) => [
    `content/legal/${slug}.md`,
    getLegalMarkdown(slug, siteLegalTokens()),
  ]),
);

const finderAdvice = Array.from({ length: finderEpisodes.max }, (_, i) =>
  recommendPlan({ episodes: i + 1, needs: [] }),
).flatMap((rec) => [rec.reason, rec.costNote, rec.below?.lacks ?? ""]);

/** Everything a visitor reads about plans and billing, by the file that holds it. */
const sources: Record<string, string> = {
  ...markdownFiles("content/blog"),
  ...legal,
  "app/plans/faqs.ts": faqs.flatMap((faq) => [faq.question, faq.answer]).join("\n"),
  "app/plans/billing-faqs.ts": [
    ...billingFaqs.flatMap((faq) => [faq.question, faq.answer]),
    billingFaqCopy.heading,
    billingFaqCopy.intro,
  ].join("\n"),
  "app/plans/plan-finder.ts": [...stringsIn(finderCopy), ...finderAdvice].join("\n"),
  "app/plans/plans.ts": stringsIn([pricingCopy, plans.map((plan) => plan.summary)]).join("\n"),
  "app/plans/billing-rules.ts": plans
    .filter(startsCheckout)
    .flatMap((plan) => Object.values(renewalDisclosure(plan)))
    .join("\n"),
  "app/site/pages.ts": stringsIn(fixedPages).join("\n"),
  "app/data/testimonial-quotes.ts": stringsIn(testimonials).join("\n"),
  "app/data/about-page.ts": stringsIn(about).join("\n"),
  "app/data/feature-list.ts": stringsIn(features).join("\n"),
  "app/data/tool-list.ts": stringsIn(tools).join("\n"),
  ...Object.fromEntries(
    getAllKits().map((kit) => [`content/examples/${kit.slug}.yaml`, stringsIn(kit).join("\n")]),
  ),
};

const check = (overrides: Record<string, string> = {}) =>
  checkBillingStatements(billingTopics, billingMentions, { ...sources, ...overrides });

describe("billing rules in the copy", () => {
  it("are stated only in billing-rules.ts's words, everywhere", () => {
    expect(check()).toEqual([]);
  });

  it("reach the billing FAQ, the Help Center, the Terms and the plan finder", () => {
    const statedIn = {
      "content/legal/terms.md": [
        billingStatements.upgrade,
        billingStatements.downgrade,
        billingStatements.rollover,
        billingStatements.noOverage,
        billingStatements.postCounts,
        billingStatements.cancelMarkdown,
      ],
      "app/plans/billing-faqs.ts": [
        billingStatements.upgrade,
        billingStatements.rollover,
        billingStatements.cancel,
        billingStatements.postCounts,
        ...billingStatements.extraEpisodes.slice(0, 2),
      ],
      "app/plans/plan-finder.ts": [billingStatements.extraEpisodes[1], billingStatements.rollover],
    };
    for (const [source, rules] of Object.entries(statedIn)) {
      for (const rule of rules) expect(sources[source], source).toContain(rule);
    }
  });
});

describe("cancelling without a portal link (this build leaves VITE_BILLING_PORTAL_URL unset)", () => {
  it("names the support address, in the Terms and the billing FAQ", () => {
    expect(billingStatements.cancel).toBe(
      "Send our ready-made cancellation e-mail to support@castloop.com from the address you subscribed with, and we cancel it for you within one business day, then e-mail you a written confirmation with the date it takes effect.",
    );
    expect(sources["content/legal/terms.md"]).toContain(billingStatements.cancelMarkdown);
    expect(sources["app/plans/billing-faqs.ts"]).toContain(billingStatements.cancel);
  });
});

describe("the billing statements check", () => {
  // Each plants a sentence that contradicts a rule, in a file a visitor reads.
  it.each([
    ["app/plans/faqs.ts", "Move up a plan whenever you need to; the change applies next month."],
    ["content/legal/terms.md", "An upgrade applies from your next billing period."],
    ["content/legal/terms.md", "Any plan change applies from your next billing period."],
    ["app/plans/billing-faqs.ts", "Unused episodes carry over to the next month."],
    ["app/plans/plan-finder.ts", "A fifth episode costs $30 on Pro."],
    ["app/plans/plans.ts", "Every self-serve plan comes with a 14-day money-back guarantee."],
    ["content/legal/terms.md", "You can cancel from the billing page of your account."],
    ["app/plans/billing-faqs.ts", "Open the billing portal from the link in your receipt email."],
    ["app/plans/faqs.ts", "Each regeneration gives you one more LinkedIn post."],
  ])("fails on a contradiction planted in %s: %s", (source, planted) => {
    const problems = check({ [source]: `${sources[source]}\n${planted}\n` });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${source}: "${planted.replace(/[$.?]/g, "\\$&")}"`));
  });

  it("fails when a listed mention is gone from its source", () => {
    const about = sources["app/data/about-page.ts"]!.replace("move up as your show grows", "grow");
    expect(check({ "app/data/about-page.ts": about })).toEqual([
      'app/data/about-page.ts: the mention "Start with the essentials and move up as your show grows" is no longer in the text',
    ]);
  });

  it("reads Markdown as the reader sees it", () => {
    expect(sentencesOf("**Bold.** A [link](https://x.example) here. Why?")).toEqual([
      "Bold.",
      "A link here.",
      "Why?",
    ]);
  });
});
