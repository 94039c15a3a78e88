import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownFiles, sourceFiles, sourceStrings, stringsIn } from "./copy-sources.server";
import { getAllKits } from "~/examples/kit-loader.server";
import {
  checkBillingStatements,
  checkLoggedMinutes,
  checkPlanPrices,
  sentencesOf,
} from "./billing-statements";
import { getLegalMarkdown } from "~/content/legal.server";
import { about, creatorsClaim } from "~/data/about-page";
import { billingFaqCopy, billingFaqs } from "~/plans/billing/billing-faqs";
import { billingMentions } from "./billing-mentions";
import { billingStatements } from "~/plans/billing/billing-rules";
import { billingTopics } from "./billing-topics";
import { renewalDisclosure } from "~/plans/billing/subscription-terms";
import { faqs } from "~/plans/billing/faqs";
import { features } from "~/data/feature-list";
import { siteLegalTokens } from "~/data/legal-tokens";
import { fixedPages } from "~/site/pages";
import { finderCopy, finderEpisodes, recommendPlan } from "~/plans/finder/plan-finder";
import { plans, startsCheckout } from "~/plans/plans";
import { pricingCopy } from "~/plans/billing/pricing-copy";
import { testimonials } from "~/data/testimonial-quotes";
import { tools } from "~/data/tool-list";
import { guaranteeShort } from "~/plans/billing/guarantee";
import { cancelLabel, withdrawLabel } from "~/plans/billing/subscription-terms";
import { writingTasks } from "~/plans/finder/time-saved";
import { CACHE_TTL_MS } from "../../supabase/functions/feed-cadence/budget.ts";

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
  "app/plans/billing/faqs.ts": faqs.flatMap((faq) => [faq.question, faq.answer]).join("\n"),
  "app/plans/billing/billing-faqs.ts": [
    ...billingFaqs.flatMap((faq) => [faq.question, faq.answer]),
    billingFaqCopy.heading,
    billingFaqCopy.intro,
  ].join("\n"),
  "app/plans/finder/plan-finder.ts": [...stringsIn(finderCopy), ...finderAdvice].join("\n"),
  "app/plans/plans.ts": stringsIn([pricingCopy, plans.map((plan) => plan.summary)]).join("\n"),
  "app/plans/billing/billing-rules.ts": plans
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

/** A JSX `{name}` or `{name.key}` the source reader can read: the statements table's values. */
function resolve(expression: string): string | undefined {
  const known: Record<string, unknown> = {
    billingStatements,
    cancelLabel,
    withdrawLabel,
    guaranteeShort,
    creatorsClaim,
  };
  const [name, key] = expression.split(".");
  const value = key === undefined ? known[name!] : (known[name!] as Record<string, unknown>)?.[key];
  return typeof value === "string" ? value : undefined;
}

/** The table itself: its sentences are the rules, and its templates are not copy. */
const tableModules = [
  "app/plans/billing/billing-rules.ts",
  "app/plans/billing/subscription-terms.ts",
  "app/plans/billing/guarantee.ts",
];

// Every other module's words, read from its source: components, routes, the rest of app/ and the
// functions' messages. Modules evaluated above are read that way only.
for (const path of [
  ...sourceFiles("app", [".ts", ".tsx"]),
  ...sourceFiles("supabase/functions", [".ts"]),
]) {
  if (path in sources || tableModules.includes(path)) continue;
  const text = sourceStrings(path, resolve).join("\n");
  if (text) sources[path] = text;
}

const repurposing = "content/blog/content-repurposing.md";
const prices = plans.filter(startsCheckout).map((plan) => ({
  name: plan.name,
  price: plan.price as number,
}));

/** Every disagreement with the statements table, in every copy source. */
const check = (overrides: Record<string, string> = {}) => {
  const all = { ...sources, ...overrides };
  return [
    ...checkBillingStatements(billingTopics, billingMentions, all),
    ...checkPlanPrices(prices, all),
    ...checkLoggedMinutes(writingTasks, { source: repurposing, text: all[repurposing]! }),
  ];
};

/** One side of a pair put back where it was: the check names it, and only in that source. */
function expectOldSideNamed({ source, old }: { source: string; old: string }) {
  expect(sources[source], source).toBeDefined();
  const problems = check({ [source]: `${sources[source]}\n${old}\n` });
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) expect(problem).toMatch(new RegExp(`^${source}: "`));
}

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
      "app/plans/billing/billing-faqs.ts": [
        billingStatements.upgrade,
        billingStatements.rollover,
        billingStatements.cancel,
        billingStatements.postCounts,
        ...billingStatements.extraEpisodes.slice(0, 2),
      ],
      "app/plans/finder/plan-finder.ts": [
        billingStatements.extraEpisodes[1],
        billingStatements.rollover,
      ],
    };
    for (const [source, rules] of Object.entries(statedIn)) {
      for (const rule of rules) expect(sources[source], source).toContain(rule);
    }
  });
});

describe("canceling online (this build leaves VITE_BILLING_PORTAL_URL unset)", () => {
  it("sends everyone to the cancellation page first, the e-mail second, in the Terms and the FAQ", () => {
    expect(billingStatements.cancel).toBe(
      'Open "Cancel your subscription" at the foot of any page, enter the e-mail address you subscribed with and press "Cancel my subscription", with no sign-in. We record the cancellation straight away and e-mail that address what it did: the refund, if the subscription has ended at once, or else the last day you have paid for and a link that undoes it for 14 days, or until the paid period ends, if that comes first. You can also send our ready-made cancellation e-mail to support@castloop.com from that address: it counts from the moment it reaches us, and if a renewal is charged after that, we refund it.',
    );
    expect(billingStatements.cancelMarkdown).toContain("[Cancel your subscription](/cancel)");
    expect(sources["content/legal/terms.md"]).toContain(billingStatements.cancelMarkdown);
    expect(sources["app/plans/billing/billing-faqs.ts"]).toContain(billingStatements.cancel);
    expect(sources["app/plans/billing/faqs.ts"]).toContain(billingStatements.cancel);
  });

  it("promises no processing time and no portal the build does not link", () => {
    for (const text of [billingStatements.cancel, billingStatements.cancelMarkdown]) {
      expect(text).not.toMatch(/business day|portal/);
    }
    expect(billingStatements.portal).toBeNull();
  });

  it("states the withdrawal online, with its 14 days and what a late one does", () => {
    expect(billingStatements.withdraw).toContain('"Withdraw from contract here"');
    expect(billingStatements.withdraw).toContain('"Confirm withdrawal"');
    expect(billingStatements.withdraw).toContain("within 14 days of the day you subscribe");
    expect(billingStatements.withdraw).toContain("treated as a cancellation");
    expect(billingStatements.withdraw).toContain(billingStatements.withdrawPeriod);
    expect(sources["content/legal/terms.md"]).toContain(billingStatements.withdrawPeriod);
    expect(sources["app/plans/billing/billing-faqs.ts"]).toContain(billingStatements.withdraw);
  });
});

describe("the statements table against what the code does", () => {
  it("renews on Stripe's default anchor, the start's day or the month's last day", () => {
    // The checkout sets no billing_cycle_anchor, so Stripe's default rule is the one stated.
    const checkout = sourceFiles("supabase/functions/create-checkout", [".ts"])
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    expect(checkout).not.toMatch(/billing_cycle_anchor/);
    expect(billingStatements.renewal).toContain("on the day of the month you started it");
    expect(billingStatements.renewal).toContain(
      "on the month's last day when a month has no such day",
    );
  });

  it("gives the feed function's cache time as the time a reading is used", () => {
    expect(billingStatements.feedStorage).toContain(`within ${CACHE_TTL_MS / 60_000} minutes`);
  });
});

describe("the billing statements check", () => {
  // Each plants a sentence that contradicts a rule, in a file a visitor reads.
  it.each([
    [
      "app/plans/billing/faqs.ts",
      "Move up a plan whenever you need to; the change applies next month.",
    ],
    ["content/legal/terms.md", "An upgrade applies from your next billing period."],
    ["content/legal/terms.md", "Any plan change applies from your next billing period."],
    ["app/plans/billing/billing-faqs.ts", "Unused episodes carry over to the next month."],
    ["app/plans/finder/plan-finder.ts", "A fifth episode costs $30 on Pro."],
    ["app/plans/plans.ts", "Every self-serve plan comes with a 14-day money-back guarantee."],
    ["content/legal/terms.md", "You can cancel from the billing page of your account."],
    [
      "app/plans/billing/billing-faqs.ts",
      "Open the billing portal from the link in your receipt email.",
    ],
    ["app/plans/billing/faqs.ts", "Each regeneration gives you one more LinkedIn post."],
    ["content/legal/terms.md", "We cancel it for you within one business day of your e-mail."],
    [
      "app/plans/billing/billing-faqs.ts",
      "Cancel in the customer portal, where you manage your plan.",
    ],
    ["content/legal/terms.md", "You can withdraw by e-mail only, within 30 days."],
    [
      "content/legal/terms.md",
      "The 14 days count from the day you subscribe and end on the 14th day, weekends included.",
    ],
    [
      "app/plans/billing/billing-faqs.ts",
      "If the 14th day is a Sunday, the withdrawal period still ends that day.",
    ],
  ])("fails on a contradiction planted in %s: %s", (source, planted) => {
    const problems = check({ [source]: `${sources[source]}\n${planted}\n` });
    expect(problems.filter((p) => p.startsWith(`${source}: "${planted}"`))).toHaveLength(
      problems.length,
    );
    expect(problems.length).toBeGreaterThan(0);
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

/**
 * Pairs of statements that once contradicted each other; each side quotes the statements table.
 * Each case puts one side's old wording back where it was and expects the check to name it.
 */
const contradictingPairs: readonly { pair: string; source: string; old: string }[] = [
  {
    pair: "feed field's 'We don't store it' vs the Privacy Policy's 10 minutes in memory",
    source: "app/plans/billing/feed-storage.ts",
    old: "We don't store it or use it for anything else.",
  },
  {
    pair: "the Terms' registration form vs a site without one",
    source: "content/legal/terms.md",
    old: "Sign-up takes place through a registration form, and you agree to give us accurate and complete information when you register.",
  },
  {
    pair: "the Privacy Policy's sign-in vs a site without one",
    source: "content/legal/privacy.md",
    old: "When you sign up, we collect the information you provide on the registration form, such as your login details.",
  },
  {
    pair: "the Terms' 30 days to sign in and export vs no sign-in",
    source: "content/legal/terms.md",
    old: "For 30 days you can still sign in and export your transcripts and generated content.",
  },
  {
    pair: "the Cookie Policy's signed-in service vs no sign-in",
    source: "content/legal/cookies.md",
    old: "The signed-in service may use essential cookies to keep you logged in.",
  },
  {
    pair: "a refund ending the subscription on the day we confirm vs access to the period's end",
    source: "content/legal/terms.md",
    old: "Your subscription ends on the day we confirm.",
  },
  {
    pair: "the 14 days from an unstated start (Help Center) vs from the first payment",
    source: "app/plans/billing/faqs.ts",
    old: `Ask for a refund within 14 days and we will return ${billingStatements.guaranteeScope} in full.`,
  },
  {
    pair: "the 14 days from 'that payment' (Terms) vs from the first payment",
    source: "content/legal/terms.md",
    old: "To claim it, e-mail us within 14 days of that payment.",
  },
  {
    pair: "the guarantee covering Agency (pricing description) vs Starter, Pro or Expert only",
    source: "app/site/pages.ts",
    old: "Compare Starter, Pro, Expert and Agency, with a 14-day money-back guarantee on your first subscription.",
  },
  {
    pair: "the guarantee claimed from 'the address on your account' vs the address you subscribed with",
    source: "app/plans/billing/billing-faqs.ts",
    old: "Write to support@castloop.com from the email address on your account.",
  },
  {
    pair: "'ready to publish' (brand description) vs everything generated is a draft",
    source: "app/config/brand.ts",
    old: "Castloop turns your podcast episodes into transcripts, summaries and captions, ready to publish.",
  },
  {
    pair: "'ready-to-post' threads (features) vs everything generated is a draft",
    source: "app/data/feature-list.ts",
    old: "Ready-to-post X threads that turn one conversation into a story.",
  },
  {
    pair: "Pro 'for a weekly show' vs a fifth episode needing Expert",
    source: "app/plans/plans.ts",
    old: "The full repurpose kit for a weekly show that wants to be everywhere.",
  },
  {
    pair: "/success's confirmation e-mail vs Stripe sending the receipt",
    source: "app/routes/success.tsx",
    old: "You will receive a confirmation e-mail with your subscription details shortly.",
  },
  {
    pair: "the Terms' 'we send a receipt' vs Stripe sending it",
    source: "content/legal/terms.md",
    old: "We send a receipt by e-mail for every payment.",
  },
  {
    pair: "tax shown at checkout (Terms) vs tax added by Stripe Checkout from the billing address",
    source: "content/legal/terms.md",
    old: "Prices are in US dollars; any sales tax or VAT that applies is shown at checkout.",
  },
  {
    pair: "the Help Center's cancel answer vs the Terms' cancellation clause",
    source: "app/plans/billing/faqs.ts",
    old: "There is no notice period, and you keep access until the end of the billing period you have already paid for.",
  },
  {
    pair: "the billing FAQ's cancel answer vs the Terms' cancellation clause",
    source: "app/plans/billing/billing-faqs.ts",
    old: "The cancellation takes effect at the end of the period you have paid for, you are not charged again.",
  },
  {
    pair: "price-change notice in the Terms vs the table's",
    source: "content/legal/terms.md",
    old: "If we change the price of your plan, we will e-mail you before the renewal at which the new price first applies.",
  },
  {
    pair: "renewal 'each month on the same date' vs the table's",
    source: "content/legal/terms.md",
    old: "Your subscription then renews automatically each month on the same date, charging the payment method on file.",
  },
  {
    pair: "a plan priced in prose vs the plans table",
    source: "content/legal/terms.md",
    old: "Current plans are Starter ($79 per month), Pro ($129 per month) and Expert ($299 per month).",
  },
  {
    pair: "the contact form sending a message vs opening the visitor's mail program",
    source: "content/legal/privacy.md",
    old: "The contact form sends your message to our servers.",
  },
];

describe("statements that once contradicted each other", () => {
  it("are 22, one case each", () => {
    expect(contradictingPairs).toHaveLength(22);
    expect(new Set(contradictingPairs.map((p) => p.pair)).size).toBe(22);
  });

  it.each(contradictingPairs)("fails when one side is back: $pair", expectOldSideNamed);

  it("fails when a row the finder starts from is gone from the article's time log", () => {
    const article = sources[repurposing]!.replace(
      "| LinkedIn post | 30 |",
      "| LinkedIn posts | 30 |",
    );
    expect(check({ [repurposing]: article })).toEqual([
      `${repurposing}: no "LinkedIn post" row in the time log, which the finder starts LinkedIn post from`,
    ]);
  });
});

/**
 * The contradicting pairs a later fresh read of the built site found, each put back where it
 * was: the check must name it. (The portal, the cancellation window and the kits' template are
 * checked where those are written.)
 */
const freshReadPairs: readonly { pair: string; source: string; old: string }[] = [
  {
    pair: "/about's unqualified 200+ vs the hero's illustrative figure",
    source: "app/data/about-page.ts",
    old: "We help 200+ podcast creators turn every episode into content that travels further.",
  },
  {
    pair: "a 'Premium' badge vs no Premium plan",
    source: "app/data/feature-list.ts",
    old: "Carousel Images, Content Templates and Caption Generation are Premium.",
  },
  {
    pair: "the time saved stated as fact vs a log of illustrations",
    source: "app/plans/finder/time-saved.ts",
    old: "The writing time you get back",
  },
  {
    pair: "the feed field's short summary vs the whole reading the cache keeps",
    source: "app/plans/billing/feed-storage.ts",
    old: "We fetch the feed once, keep a summary of it (the show's title, its artwork's address, its episodes a month and their typical length) and the feed's address in our server's memory for up to 10 minutes so a repeat look does not fetch it again, and never save the feed or use it for anything else.",
  },
  {
    pair: "Privacy's Supabase running only the checkout vs also the feed reader",
    source: "content/legal/privacy.md",
    old: "Checkout backend: Supabase, which runs the function that starts a checkout when you choose a plan.",
  },
  {
    pair: "a promise to update 'the date' vs docs/product.md's fixed Last updated line",
    source: "content/legal/terms.md",
    old: "When we do, we will post the new version on this page and update the date shown at the top.",
  },
  {
    pair: "pasting a link to the audio vs uploading an MP3, WAV, AAC or M4A file",
    source: "app/plans/billing/faqs.ts",
    old: "Upload an episode or paste a link to its audio.",
  },
  {
    pair: "the upgrade's extra cost without the tax clause vs every other price",
    source: "app/plans/finder/plan-finder.ts",
    old: "On Pro, a fifth episode in a month means moving up to Expert, which adds at most $150 to that month because the upgrade is prorated.",
  },
  {
    pair: "'no registration' vs Sign up opening a sign-up form",
    source: "content/legal/terms.md",
    old: "Subscribing takes no registration or sign-in on this website: you subscribe through Stripe Checkout, and the e-mail address you give there is the one we know you by.",
  },
  {
    pair: "Privacy's customer portal to manage or cancel vs a build without one",
    source: "content/legal/privacy.md",
    old: "You can manage or cancel your subscription in our customer portal.",
  },
  {
    pair: "a price plus tax vs every price being the total",
    source: "app/plans/plans.ts",
    old: "Pro is $149 a month plus tax.",
  },
  {
    pair: "prices that exclude VAT vs every price being the total",
    source: "app/plans/billing/billing-faqs.ts",
    old: "Prices exclude sales tax and VAT: where tax applies, Stripe Checkout adds it based on your billing address and shows the total before you pay.",
  },
];

describe("the contradicting pairs of the fresh read", () => {
  it.each(freshReadPairs)("fails when one side is back: $pair", expectOldSideNamed);
});

/**
 * The contradicting pairs of the third fresh read, each side put back where it was: the check
 * must name it.
 */
const thirdReadPairs: readonly { pair: string; source: string; old: string }[] = [
  {
    pair: "the Terms' 'fully performed' once the period's episodes are processed vs a continuing service",
    source: "content/legal/terms.md",
    old: "That is your express request that we start providing the service at once, and your acknowledgement that your right of withdrawal ends once the service has been fully performed, for example when the episodes your plan includes for that period have been processed.",
  },
  {
    pair: "the Terms' pro-rata withdrawal vs the guarantee's full first payment",
    source: "content/legal/terms.md",
    old: "If you withdraw before then, we end the subscription at once and return your payment, less an amount in proportion to the part of the billing period that had passed when you told us, no later than two weeks after hearing from you.",
  },
  {
    pair: "/withdraw's pro-rata refund vs the guarantee's full first payment by e-mail",
    source: "app/routes/withdraw.tsx",
    old: "We e-mail an acknowledgment of receipt at once, end the subscription and refund your payment less the part of the billing period that had passed when you withdrew.",
  },
  {
    pair: "the Terms' 'no account or sign-in' vs 'your account'",
    source: "content/legal/terms.md",
    old: "A subscription needs no account or sign-in on this website: each plan starts from its own button through Stripe Checkout, and the e-mail address you give there is the one we know you by.",
  },
  {
    pair: "Privacy's 'no account or sign-in' vs accounts for people aged 18 or over",
    source: "content/legal/privacy.md",
    old: "A subscription needs no account or sign-in on this website: each plan starts from its own button through Stripe Checkout, and the e-mail address you give there is the one we know you by.",
  },
  {
    pair: "Help's upload with no place to upload vs the account story",
    source: "app/plans/billing/faqs.ts",
    old: "You upload each episode as an MP3, WAV, AAC or M4A file.",
  },
  {
    pair: "the Cookie Policy's session of a service with no sign-in named",
    source: "content/legal/cookies.md",
    old: "The Castloop service may use essential cookies to keep your session and protect your account, and Stripe Checkout uses them when you pay.",
  },
  {
    pair: "'Other payments' without the refund of a renewal after a cancellation e-mail",
    source: "content/legal/terms.md",
    old: "Apart from the guarantee and the right of withdrawal above, or where the law requires otherwise, payments already made are not returned, including for partly used months.",
  },
];

describe("the contradicting pairs of the third read", () => {
  it.each(thirdReadPairs)("fails when one side is back: $pair", expectOldSideNamed);

  it("say the first fortnight's refund the same way in the Terms and on /withdraw", () => {
    expect(sources["content/legal/terms.md"]).toContain(billingStatements.firstFortnightRefund);
    expect(sources["app/routes/withdraw.tsx"]).toContain(billingStatements.firstFortnightRefund);
    expect(sources["app/plans/billing/faqs.ts"]).toContain(billingStatements.firstFortnightRefund);
    expect(sources["content/legal/terms.md"]).not.toMatch(/fully performed, for example/);
  });

  it("tell one account story in the Terms, Privacy, Cookies, Help and /success", () => {
    for (const source of [
      "content/legal/terms.md",
      "content/legal/privacy.md",
      "content/legal/cookies.md",
      "app/plans/billing/faqs.ts",
    ]) {
      expect(sources[source], source).toContain(billingStatements.account);
    }
    expect(sources["app/routes/success.tsx"]).toContain(billingStatements.account);
  });
});

/**
 * The first fortnight's cancellation, which once stopped only the next renewal and refunded
 * nothing: each old side, put back where it was, must be named.
 */
const cancelRulePairs: readonly { pair: string; source: string; old: string }[] = [
  {
    pair: "the Terms' 'canceling refunds nothing' vs a first-fortnight cancellation's refund",
    source: "content/legal/terms.md",
    old: "Canceling refunds nothing by itself.",
  },
  {
    pair: "/cancel's period-end effect in the first fortnight vs its end at once",
    source: "app/routes/cancel.tsx",
    old: "A cancellation stops the next renewal: you are not charged again, and you keep access until the end of the billing period you have already paid for.",
  },
  {
    pair: "the FAQ's access to the period's end whenever you cancel vs the first fortnight",
    source: "app/plans/billing/faqs.ts",
    old: "Whenever you cancel, you keep access until the end of the billing period.",
  },
  {
    pair: "the cancel answer's period end vs a first subscription ended at once",
    source: "supabase/functions/_shared/contract.ts",
    old: "Every cancellation takes effect at the end of its paid period, and we have e-mailed the details.",
  },
  {
    pair: "the guarantee by e-mail only vs canceling within the 14 days",
    source: "app/plans/billing/billing-faqs.ts",
    old: "Within 14 days of your first payment, withdraw instead, or claim the money-back guarantee by e-mail, to have that payment back in full.",
  },
];

describe("the first fortnight's cancellation", () => {
  it.each(cancelRulePairs)("fails when the old side is back: $pair", expectOldSideNamed);

  it("is stated the same way on /cancel, in the Terms and in the FAQ", () => {
    expect(sources["app/routes/cancel.tsx"]).toContain(billingStatements.firstFortnightRefund);
    expect(sources["content/legal/terms.md"]).toContain(billingStatements.firstFortnightRefund);
    expect(sources["app/plans/billing/faqs.ts"]).toContain(billingStatements.firstFortnightRefund);
  });
});
