import type { SiteTokenName } from "~/content/legal-token-sources";
import { isExternalUrl, siteConfig } from "~/config/site";
import { billingStatements } from "~/plans/billing/billing-rules";
import { guaranteeDays } from "~/plans/billing/guarantee";
import {
  expressStart,
  modelWithdrawalForm,
  strangerWithdrawalRule,
} from "../../supabase/functions/_shared/contract.ts";

// What the legal pages say that depends on the configured build: contacts, the statements table
// (billing-rules.ts, so the Terms and the Privacy Policy cannot drift from the FAQ) and which outside hosts a visitor
// meets (an external sign-up or contact form is one more processor and one more third party).

/** Hosts of the external forms this build links to, each with what it collects. */
function externalFormHosts(): { host: string; form: string }[] {
  const forms = [
    { url: siteConfig.signupUrl, form: "sign-up form" },
    { url: siteConfig.contactUrl, form: "contact form" },
  ].filter(({ url }) => isExternalUrl(url));
  const byHost = new Map<string, string[]>();
  for (const { url, form } of forms) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), form]);
  }
  return [...byHost].map(([host, names]) => ({ host, form: names.join(" and ") }));
}

function formProcessors(): string {
  return externalFormHosts()
    .map(
      ({ host, form }) =>
        `\n- **Forms: ${host}**, which hosts our ${form} and receives what you enter in it.`,
    )
    .join("");
}

function thirdParties(): string {
  const forms = externalFormHosts();
  if (forms.length === 0) return "The one third party you will encounter is Stripe.";
  const list = forms.map(({ host, form }) => `${host}, which hosts our ${form}`).join("; ");
  return `The third parties you will encounter are Stripe and ${list}. That form host runs its own pages under its own cookie policy.`;
}

/** The contract's model withdrawal form as a Markdown quote, its asterisks and blanks escaped. */
function withdrawalFormQuote(): string {
  return modelWithdrawalForm(siteConfig.name, siteConfig.supportEmail)
    .map((line) => `> ${line.replace(/[*_]/g, (mark) => `\\${mark}`)}`)
    .join("\n>\n");
}

/** Every token a legal page's body may use beyond the fixed ones in legal.server.ts. */
export function siteLegalTokens(): Record<SiteTokenName, string> {
  return {
    supportEmail: siteConfig.supportEmail,
    siteUrl: siteConfig.url,
    billingUpgrade: billingStatements.upgrade,
    billingDowngrade: billingStatements.downgrade,
    billingChangeHow: billingStatements.changeHow,
    billingRollover: billingStatements.rollover,
    billingNoOverage: billingStatements.noOverage,
    billingPostCounts: billingStatements.postCounts,
    guaranteeDays: String(guaranteeDays),
    guaranteeScope: billingStatements.guaranteeScope,
    guaranteeTitle: billingStatements.guaranteeShort.replace(/^a/, "A"),
    guaranteeWindow: billingStatements.guaranteeWindow,
    guaranteeClaim: billingStatements.guaranteeClaim,
    guaranteeAccess: billingStatements.guaranteeAccess,
    guaranteeAgency: billingStatements.guaranteeAgency,
    cancelHow: billingStatements.cancelMarkdown,
    cancelWhen: billingStatements.cancelWhen,
    withdrawalPeriod: billingStatements.withdrawPeriod,
    expressStartMeaning: billingStatements.expressStartMeaning,
    firstFortnightRefund: billingStatements.firstFortnightRefund,
    otherPayments: billingStatements.otherPayments,
    prices: billingStatements.price,
    renewal: billingStatements.renewal,
    tax: billingStatements.tax,
    priceChange: billingStatements.priceChange,
    receipt: billingStatements.receipt,
    confirmation: billingStatements.confirmation,
    account: billingStatements.account,
    appCookies: billingStatements.appCookies,
    signupForm: billingStatements.signupForm,
    afterEnd: billingStatements.afterEnd,
    drafts: billingStatements.drafts,
    feedStorage: billingStatements.feedStorage,
    contactForm: billingStatements.contactForm,
    expressStartLabel: expressStart.label,
    withdrawalWait: strangerWithdrawalRule,
    expressStartOption: expressStart.option.label,
    modelWithdrawalForm: withdrawalFormQuote(),
    formProcessors: formProcessors(),
    thirdParties: thirdParties(),
  };
}
