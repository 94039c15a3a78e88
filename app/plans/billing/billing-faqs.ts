import { billingFaqPointer } from "./billing-faq-pointer";
import { billingStatements } from "./billing-rules";
import { faqs, type FaqItem } from "./faqs";
import {
  cancelLabel,
  cancelPath,
  changePlanLabel,
  changePlanPath,
  withdrawLabel,
  withdrawPath,
} from "./subscription-terms";

// Billing questions answered on /pricing. Where the Help Center already asks a question, this
// list takes that very entry from faqs.ts rather than a second wording of it, and the Help
// Center's FAQPage structured data carries it: a question sits in one page's JSON-LD only.

export type BillingFaq = FaqItem & {
  /** Also on the Help Center, whose FAQPage JSON-LD carries it; /pricing's leaves it out. */
  inHelpCenter: boolean;
  /** A link the answer names, shown under it (the cancellation or the withdrawal page). */
  link?: { href: string; label: string };
};

const fromHelpCenter = (id: (typeof faqs)[number]["id"]): BillingFaq => {
  const item = faqs.find((faq) => faq.id === id);
  if (!item) throw new Error(`No Help Center question ${id}`);
  return { ...item, inHelpCenter: true };
};

/** Company policy on refunds, canceling, tax, episodes, plan changes and payment methods. */
export const billingFaqs: readonly BillingFaq[] = [
  fromHelpCenter("money-back"),
  {
    id: "claim-refund",
    question: "How do I claim the money-back guarantee?",
    answer: `${billingStatements.guaranteeClaim} The guarantee covers ${billingStatements.guaranteeScope}, and we refund it in full; renewals and plan changes are not covered. ${billingStatements.guaranteeAccess} ${billingStatements.firstFortnightRefund} ${billingStatements.guaranteeAgency}`,
    inHelpCenter: false,
  },
  fromHelpCenter("cancel"),
  {
    id: "cancel-how",
    question: "How do I cancel, and what happens to my content?",
    answer: `${billingStatements.cancel} ${billingStatements.cancelWhen} ${billingStatements.firstFortnightRefund} ${billingStatements.afterEnd}`,
    link: { href: cancelPath, label: cancelLabel },
    inHelpCenter: false,
  },
  {
    id: "withdraw",
    question: "I live in the EU or the UK. How do I withdraw within 14 days?",
    answer: billingStatements.withdraw,
    link: { href: withdrawPath, label: withdrawLabel },
    inHelpCenter: false,
  },
  {
    id: "plan-changes",
    question: "Can I upgrade or downgrade in the middle of a billing period?",
    answer: `Yes. ${billingStatements.upgrade} ${billingStatements.downgrade} ${billingStatements.changeHow}`,
    link: { href: changePlanPath, label: changePlanLabel },
    inHelpCenter: false,
  },
  fromHelpCenter("more-episodes"),
  {
    id: "tax",
    question: "Do the prices include tax?",
    answer: `Yes. Every price is in US dollars, ${billingStatements.taxShort}. ${billingStatements.tax}`,
    inHelpCenter: false,
  },
  {
    id: "episode",
    question: "What counts as an episode, and is there a length limit?",
    answer: `An episode is one recording of up to 3 hours, uploaded as an MP3, WAV, AAC or M4A file and processed once. Generating the outputs of the same episode again is free and does not count as another episode. ${billingStatements.postCounts}`,
    inHelpCenter: false,
  },
  {
    id: "payment-methods",
    question: "How can I pay?",
    answer:
      "With any card or wallet that Stripe Checkout offers in your country: Visa, Mastercard, American Express, Discover and other cards, and Apple Pay, Google Pay and Link where they are available.",
    inHelpCenter: false,
  },
];

export const billingFaqCopy = {
  heading: "Billing questions",
  intro: "Refunds, canceling, tax and payment, answered before you pay.",
  contactLead: "Another question about billing? Write to",
  anchor: billingFaqPointer.anchor,
} as const;
