// Kept apart from billing-faqs.ts, which reads the plans: the Help Center needs only this line,
// and importing the plans there would split them into a chunk of their own on every page.

/** The Help Center's pointer to the billing answers, which live on /pricing. */
export const billingFaqPointer = {
  anchor: "billing-questions",
  lead: "Questions about tax, plan changes, what counts as an episode or how to pay?",
  linkLabel: "Read the billing answers on the pricing page",
} as const;
