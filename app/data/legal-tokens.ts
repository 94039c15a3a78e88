import type { SiteTokenName } from "~/content/legal-token-sources";
import { isExternalUrl, siteConfig } from "~/config/site";
import { billingStatements } from "~/plans/billing/billing-rules";
import { guaranteeDays } from "~/plans/billing/guarantee";
import {
  END_OLDER_REFUND,
  END_OLDER_RULE,
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

// The Privacy Policy's words about the records the Stripe webhook keeps and the e-mails it
// sends. A build without the webhook (VITE_CONFIRMATION_EMAIL unset) keeps and sends none of
// them, so its policy must not describe them (tests/copy/privacy-flows.test.ts).
/** The tokens privacy.md uses for the webhook's records, for a build with or without it. */
export function privacyWebhookTokens(webhook: boolean) {
  if (!webhook) {
    return { checkoutRecords: "", webhookProcessing: "", webhookEmails: "", checkoutRetention: "" };
  }
  return {
    checkoutRecords:
      "**Your subscription and what you agreed to at checkout.** When a checkout completes, Stripe tells our server, which keeps a copy of your subscription as Stripe holds it: the e-mail address, the plan, its status, when it started, its current billing period and whether it is set to end. With it we keep a record of your consent at checkout: the checkout's reference, your e-mail address, the plan and amount, the exact words of the Terms checkbox and of the line beside the pay button you agreed to, your answer to starting the service at once, and the date and time. We e-mail you a confirmation of the contract, and once a year, on the anniversary of your subscription, a reminder of its terms. Neither the records nor the e-mails hold card details.",
    webhookProcessing:
      ' The webhook function receives what Stripe tells us about each subscription, and the database holds the copy and the consent record described under "Your subscription and what you agreed to at checkout", with the confirmation and reminders we e-mail about them.',
    webhookEmails: ", the confirmation of your contract, the yearly reminders of its terms",
    checkoutRetention: [
      "",
      "- **The record of your consent at checkout**, with the e-mail confirming your contract: 3 years after checkout, or 1 year after the end of the subscription if that is later, as proof of what you agreed to; then deleted.",
      "- **Our copy of your subscription from Stripe**, with the yearly reminders we sent about it: while the subscription lasts and 1 year after it ends, or while the record of your consent above is kept if that is longer; then deleted.",
    ].join("\n"),
  };
}

/** Every token a legal page's body may use beyond the fixed ones in legal.server.ts. */
export function siteLegalTokens(): Record<SiteTokenName, string> {
  return {
    supportEmail: siteConfig.supportEmail,
    siteUrl: siteConfig.url,
    billingUpgrade: billingStatements.upgrade,
    billingDowngrade: billingStatements.downgrade,
    billingChangeHow: billingStatements.changeHow,
    // Only where the webhook sends the confirmation e-mail that carries the end-older link.
    billingSecondSubscription: siteConfig.confirmationEmail
      ? `${END_OLDER_RULE} ${END_OLDER_REFUND}`
      : "",
    billingRollover: billingStatements.rollover,
    billingNoOverage: billingStatements.noOverage,
    billingPostCounts: billingStatements.postCounts,
    guaranteeDays: String(guaranteeDays),
    guaranteeScope: billingStatements.guaranteeScope,
    guaranteeTitle: billingStatements.guaranteeShort.replace(/^a/, "A"),
    guaranteeWindow: billingStatements.guaranteeWindow,
    guaranteeClaim: billingStatements.guaranteeClaim,
    guaranteeAccess: billingStatements.guaranteeAccess,
    guaranteeTiming: billingStatements.guaranteeTiming,
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
    ...privacyWebhookTokens(siteConfig.confirmationEmail),
  };
}
