import { legalConfig } from "~/config/legal-entity";
import { isExternalUrl, siteConfig } from "~/config/site";

// The accessibility statement at /accessibility: the standard the site aims for, how far it
// conforms, what it covers, how the test suite checks it (tests/e2e: axe on every route,
// keyboard-only flows, runs without JavaScript), the known limits by WCAG criterion, whom to
// tell and where to complain. `reviewed` is the day the statement was last checked against the
// site and its tests; change it when you review it.

const accessibility = legalConfig.accessibility;

/** What Sign up and Get Started open in this build: another company's form, or our contact page. */
const signupLine = isExternalUrl(siteConfig.signupUrl)
  ? `The Sign up form is hosted by another company, at ${new URL(siteConfig.signupUrl).host}, and is not covered by this statement.`
  : "The Sign up and Get Started buttons open our own contact page, which this statement covers.";

export type KnownLimit = { criterion: string; limit: string; reason: string };

export const accessibilityStatement = {
  title: "Accessibility Statement",
  intro:
    "We want everyone who makes or listens to podcasts to be able to use this website, whatever device, browser or assistive technology they use.",
  reviewed: "2026-11-28",
  standard: {
    heading: "The standard we aim for",
    paragraphs: [
      "This website aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.",
    ],
  },
  status: {
    heading: "Conformance status",
    /** The W3C's term for the status, which the sentence after it explains. */
    term: "Partially conforms",
    paragraphs: [
      "This website partially conforms with WCAG 2.2 level AA: some parts of its content do not fully conform, as the known limits below say.",
      "What we have not tested: the site with screen readers such as NVDA, JAWS or VoiceOver, with people who use assistive technology, and in browsers other than Chromium. Automated checkers find only part of the problems people meet, so there may be more than we list.",
    ],
  },
  scope: {
    heading: "What this statement covers",
    paragraphs: [
      `It covers every page of this website at ${siteConfig.url}: the articles, the pricing page with its plan finder and comparison table, the sample kits, the Help Center, the contact form, the feed check-up with its report, the pages to cancel, to withdraw and to change your plan, and the buttons that start a checkout.`,
      `It does not cover the two pages Stripe builds and tests: Stripe Checkout, where a subscription is paid for, and Stripe's subscription page, where a change-plan link leads to choose the new plan. ${signupLine}`,
    ],
    /** Followed by the support address and `alternativeRest`. */
    alternativeLead:
      "If you cannot use Stripe Checkout, Stripe's subscription page or anything else on the way to a subscription or to another plan, you can subscribe another way: write to",
    alternativeRest: `or call ${legalConfig.consumerPhone.number} (${legalConfig.consumerPhone.hours}), and we set up or change your subscription with you by e-mail or telephone, at the same price.`,
  },
  testing: {
    heading: "How we test it",
    items: [
      "Every page is checked with axe, an automated accessibility checker, on every run of our test suite in the Chromium browser, and no violation is accepted. The mobile menu, an open Help Center answer, the contact form's error messages and an on-screen notice are checked again while they are showing.",
      "Keyboard-only runs walk the mobile menu, the Help Center's questions, the contact form with its errors and a plan's checkout button, checking that every control can be reached and used, that focus goes where it should and that notices are announced without taking focus.",
      "Every page is checked at widths of 320 and 640 pixels for content that needs scrolling in two directions, and for controls too small to tap.",
      "Pages are also loaded with JavaScript turned off: every page is built as plain HTML, and its text, links, menu and Help Center answers work without a script.",
      "Animations and page transitions stop when your system asks for reduced motion.",
    ],
  },
  limits: {
    heading: "Known limits",
    items: [
      {
        criterion: "2.2.1 Timing Adjustable (level A)",
        limit:
          "An on-screen notice, such as the one that appears when a checkout cannot start, closes by itself after 6 seconds. It pauses while the pointer rests on it and has a close button, but it cannot be made to stay open.",
        reason:
          "The notice component we use closes every notice on a timer, and we have not yet made error notices wait to be closed.",
      },
      {
        criterion: "1.1.1 Non-text Content and 1.3.1 Info and Relationships (level A)",
        limit:
          "The files the sample kits offer for download, such as subtitle files and slide images, have not been checked against WCAG.",
        reason:
          "They are examples of what the service generates, made by a script at build time, and our page checks do not open downloaded files.",
      },
      {
        criterion: "4.1.2 Name, Role, Value (level A)",
        limit:
          "Names and roles are checked by axe, but no one has yet listened to the pages with a screen reader.",
        reason:
          "Our checks are automated and run in Chromium only; a review with screen readers is not yet done.",
      },
      {
        criterion: "1.4.12 Text Spacing (level AA)",
        limit:
          "We have not checked that no text is cut off when you increase letter, word, line and paragraph spacing.",
        reason: "None of our tests applies those spacing overrides yet.",
      },
    ] as readonly KnownLimit[],
  },
  contact: {
    heading: "Tell us about a problem",
    lead: "If something on this website is hard or impossible for you to use, write to",
    rest: `with the page's address and what went wrong. We reply within ${accessibility.replyBusinessDays} business days, and where we can, we send you the information in a form that works for you.`,
  },
  enforcement: {
    heading: "If our reply does not solve it",
    lead: "You can complain to the body that enforces accessibility rules where you live:",
    bodies: accessibility.complaintsBodies,
    /** Said only when the business relies on the European Accessibility Act's exemption for microenterprises. */
    microenterprise: accessibility.microenterpriseExemption
      ? `${legalConfig.entityName} is a microenterprise (fewer than 10 people, and a turnover or balance sheet of no more than EUR 2 million), which the European Accessibility Act exempts from its requirements for services. We follow this statement all the same.`
      : null,
  },
  reviewedLabel: "This statement was last reviewed on",
} as const;
