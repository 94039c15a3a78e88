import type { BillingMention } from "./billing-statements";

/**
 * Sentences that touch a billing topic without stating its rule, so they need not quote
 * billing-rules.ts. tests/copy/billing-statements.test.ts fails on any other such sentence.
 */
export const billingMentions: readonly BillingMention[] = [
  {
    source: "supabase/functions/stripe-webhook/confirmation.ts",
    quote: "To change plans, please do not subscribe a second time",
    because: "points to the change-plan page, which states how a change takes effect",
  },
  {
    source: "content/legal/terms.md",
    quote: "We confirm by e-mail and return the money to the card you paid with",
    because: "how a guarantee refund is paid, after the sentence that states its scope",
  },
  {
    source: "content/legal/terms.md",
    quote: "If you withdraw within the 14 days, we end the subscription at once and refund it",
    because: "says when the refund is paid; the next sentence is the first fortnight's rule",
  },
  {
    source: "supabase/functions/manage-subscription/emails.ts",
    quote:
      "the first payment of your first subscription in full, as the money-back guarantee returns it",
    because: "the outcome e-mail names which side of the first fortnight's rule a refund took",
  },
  {
    source: "supabase/functions/_shared/contract.ts",
    quote: "your payment less the part of the billing period that had passed",
    because: "the pro-rata part of the first fortnight's rule, which quotes it",
  },
  {
    source: "supabase/functions/_shared/contract.ts",
    quote:
      "Paying gives you a subscription under the e-mail address you gave at checkout, with no account or sign-in anywhere",
    because: "the account story of a build with no web app (SUBSCRIBER_APP.url null)",
  },
  {
    source: "content/legal/privacy.md",
    quote: "Manage your subscription, payments, refunds and invoices",
    because: "a purpose of processing, not a promise of a refund",
  },
  {
    source: "content/legal/privacy.md",
    quote: "what we did (canceled, ended or refunded)",
    because: "lists what a cancellation or withdrawal record holds, not when money comes back",
  },
  {
    source: "content/legal/privacy.md",
    quote: "carries out the cancellations, withdrawals and refunds you ask for on our website",
    because: "names what Stripe does for us; the Terms say when money comes back",
  },
  {
    source: "app/plans/billing/billing-faqs.ts",
    quote: "Refunds, canceling, tax and payment, answered before you pay.",
    because: "the section's intro lists its topics",
  },
  {
    source: "app/site/pages.ts",
    quote: "the 14-day money-back guarantee and canceling, plus how to reach support",
    because: "the Help Center's description lists its topics",
  },
  {
    source: "app/data/about-page.ts",
    quote: "Start with the essentials and move up as your show grows",
    because: "invites an upgrade without saying when it takes effect",
  },
  {
    source: "content/legal/terms.md",
    quote: "renewals and plan changes are not covered",
    because: "limits the guarantee; when a plan change applies is the next clause's",
  },
  {
    source: "content/legal/terms.md",
    quote: "Changing plans.",
    because: "the clause's heading; the sentences after it are billing-rules.ts's",
  },
  {
    source: "app/plans/billing/billing-faqs.ts",
    quote: "renewals and plan changes are not covered",
    because: "limits the guarantee; when a plan change applies is the plan-changes answer's",
  },
  {
    source: "content/legal/cookies.md",
    quote:
      "They let the site recognize your browser on later requests or visits, so it can do things like keep you signed in",
    because: "what cookies do in general, not a sign-in on this site",
  },
  {
    source: "content/legal/cookies.md",
    quote:
      "Essential cookies are needed for a service to work at all, for example to keep you signed in",
    because: "what cookies do in general, not a sign-in on this site",
  },
  {
    source: "content/legal/cookies.md",
    quote: "for example so you do not have to sign in every time",
    because: "what cookies do in general, not a sign-in on this site",
  },
  {
    source: "content/legal/cookies.md",
    quote: "which can set cookies through embedded posts, share buttons or login buttons",
    because: "what cookies do in general, not a sign-in on this site",
  },
];
