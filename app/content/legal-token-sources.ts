// Where the words behind each `{{token}}` of a legal page are written. A page's "Revised" date
// (revised-date.server.ts) is the latest change to the page's own file or to any module listed
// for a token it uses: a new company name in legal-entity.ts or a new price in plans.ts changes
// the text a visitor reads as much as an edit to the Markdown does. Paths are from the project
// root. A module listed here may change without changing a page's words (a comment, a rename),
// which moves the date later than needed; a module left out would let the words change under
// an old date, so a token lists every module its value is built from.

/** The brand's name and the support address's default are the contract's. */
const brand = ["app/config/brand.ts", "supabase/functions/_shared/contract.ts"];
const entity = ["app/config/legal-entity.ts", "supabase/functions/_shared/contract.ts"];
/** The sentences legal.server.ts writes around legal-entity.ts's values. */
const entitySentences = ["app/config/legal-entity.ts", "app/content/legal.server.ts"];
const site = ["app/config/site.ts", ...brand];
/** The forms this build links to, and the sentences legal-tokens.ts writes about them. */
const forms = ["app/config/site.ts", ...brand, "app/data/legal-tokens.ts"];
/** billing-rules.ts's statements and every module they quote or count from. */
const billing = [
  "app/plans/billing/billing-rules.ts",
  "app/plans/billing/subscription-terms.ts",
  "app/plans/billing/guarantee.ts",
  "app/plans/plans.ts",
  "app/plans/billing/feed-storage.ts",
  "app/config/legal-entity.ts",
  "app/config/site.ts",
  "app/config/brand.ts",
  "app/lib/format.ts",
  "app/lib/fixed-mailto.ts",
  "supabase/functions/_shared/contract.ts",
];
const contract = ["supabase/functions/_shared/contract.ts"];
/** The webhook's records, present only in a build that has it (VITE_CONFIRMATION_EMAIL). */
const webhook = ["app/data/legal-tokens.ts", "app/config/site.ts"];

/** The tokens every build fills the same way (legal.server.ts), front matter included. */
export const fixedTokenSources = {
  brand,
  legalEntity: entity,
  legalEntityDescription: entity,
  postalAddress: entity,
  governingLaw: entity,
  venue: entity,
  privacyEmail: entity,
  copyrightEmail: entity,
  copyrightAgent: entitySentences,
  euRepresentative: entitySentences,
  consumerPhone: entitySentences,
  priceChangeNoticeDays: entity,
} as const satisfies Record<string, readonly string[]>;

/** The tokens a configured build fills (app/data/legal-tokens.ts). */
export const siteTokenSources = {
  supportEmail: site,
  siteUrl: site,
  billingUpgrade: billing,
  billingDowngrade: billing,
  billingChangeHow: billing,
  billingSecondSubscription: [...contract, "app/config/site.ts", "app/data/legal-tokens.ts"],
  billingRollover: billing,
  billingNoOverage: billing,
  billingPostCounts: billing,
  guaranteeDays: billing,
  guaranteeScope: billing,
  guaranteeTitle: billing,
  guaranteeWindow: billing,
  guaranteeClaim: billing,
  guaranteeAccess: billing,
  guaranteeTiming: billing,
  guaranteeAgency: billing,
  cancelHow: billing,
  cancelWhen: billing,
  withdrawalPeriod: billing,
  expressStartMeaning: billing,
  firstFortnightRefund: billing,
  otherPayments: billing,
  prices: billing,
  renewal: billing,
  tax: billing,
  priceChange: billing,
  receipt: billing,
  confirmation: billing,
  account: billing,
  appCookies: billing,
  signupForm: billing,
  afterEnd: billing,
  drafts: billing,
  feedStorage: billing,
  contactForm: billing,
  expressStartLabel: contract,
  expressStartOption: contract,
  withdrawalWait: contract,
  modelWithdrawalForm: [...contract, ...site],
  formProcessors: forms,
  thirdParties: forms,
  checkoutRecords: webhook,
  webhookProcessing: webhook,
  webhookEmails: webhook,
  checkoutRetention: webhook,
} as const satisfies Record<string, readonly string[]>;

export type FixedTokenName = keyof typeof fixedTokenSources;
export type SiteTokenName = keyof typeof siteTokenSources;

const allSources: Readonly<Record<string, readonly string[]>> = {
  ...fixedTokenSources,
  ...siteTokenSources,
};

/**
 * The modules whose words the `{{tokens}}` in `texts` quote, each once, sorted. An unknown
 * token throws, as filling it would.
 */
export function tokenSourceModules(texts: readonly string[]): string[] {
  const modules = new Set<string>();
  for (const text of texts) {
    for (const [whole, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
      const sources = allSources[name!];
      if (sources === undefined) throw new Error(`Unknown content token ${whole}`);
      for (const module of sources) modules.add(module);
    }
  }
  return [...modules].sort();
}
