// The accessibility statement at /accessibility: the standard the site aims for, how the test
// suite checks it (tests/e2e: axe on every route, keyboard-only flows, runs without
// JavaScript), what is known not to be covered, and whom to tell. `reviewed` is the day the
// statement was last checked against the site and its tests; change it when you review it.

export const accessibilityStatement = {
  title: "Accessibility Statement",
  intro:
    "We want everyone who makes or listens to podcasts to be able to use this website, whatever device, browser or assistive technology they use.",
  reviewed: "2026-11-27",
  standard: {
    heading: "The standard we aim for",
    paragraphs: [
      "This website aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. The statement covers every page of this website: the articles, the pricing page with its plan finder and comparison table, the sample kits, the Help Center, the contact form and the buttons that start a checkout.",
    ],
  },
  testing: {
    heading: "How we test it",
    items: [
      "Every page is checked with axe, an automated accessibility checker, on every run of our test suite in the Chromium browser, and no violation is accepted. The mobile menu, an open Help Center answer, the contact form's error messages and an on-screen notice are checked again while they are showing.",
      "Keyboard-only runs walk the mobile menu, the Help Center's questions, the contact form with its errors and a plan's checkout button, checking that every control can be reached and used, that focus goes where it should and that notices are announced without taking focus.",
      "Pages are also loaded with JavaScript turned off: every page is built as plain HTML, and its text, links, menu and Help Center answers work without a script.",
      "Animations and page transitions stop when your system asks for reduced motion.",
    ],
  },
  limits: {
    heading: "Known limits",
    items: [
      "Our checks run in Chromium only. We have not yet tested the site with screen readers such as NVDA, JAWS or VoiceOver, nor with people who use assistive technology, and automated checkers find only part of the problems people meet.",
      "The files the sample kits offer for download, such as subtitle files and slide images, have not been checked against WCAG.",
      "Payment happens on Stripe Checkout, which Stripe builds and tests; the Sign up form may also be hosted by another company. Neither is covered by this statement.",
    ],
  },
  contact: {
    heading: "Tell us about a problem",
    lead: "If something on this website is hard or impossible for you to use, write to",
    rest: "with the page's address and what went wrong. We will reply, and where we can, we will send you the information in a form that works for you.",
  },
  reviewedLabel: "This statement was last reviewed on",
} as const;
