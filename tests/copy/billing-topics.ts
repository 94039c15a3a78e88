import { billingStatements } from "~/plans/billing/billing-rules";
import { guaranteePlans } from "~/plans/billing/guarantee";
import { changePlanLabel } from "~/plans/billing/subscription-terms";
import { creatorsClaim } from "~/data/about-page";
import { sentencesOf, type BillingTopic } from "./billing-statements";

/** A statement of several sentences, as the check reads it: one sentence at a time. */
const eachSentence = (text: string) => sentencesOf(text);

/**
 * The first fortnight's rule, which speaks to the guarantee, to canceling, to refunds and to the
 * 14 days at once: a cancellation then ends at once with the refund (_shared/contract.ts).
 */
const firstFortnight = [
  ...eachSentence(billingStatements.cancelWhen),
  billingStatements.firstFortnightRefund,
  billingStatements.cancelEmailed,
  billingStatements.expressStartMeaning,
];

/**
 * Where the copy speaks to a rule, and the wordings it may use: checkBillingStatements
 * (tests/copy/billing-statements.ts) fails on a sentence that matches `finds` but none of `says`.
 */
// cspell:ignore bupgrad bdowngrad bprorat bregenerat ies bregist
export const billingTopics: readonly BillingTopic[] = [
  {
    id: "plan changes",
    finds:
      /\bupgrad|\bdowngrad|\bmov(?:e|ing) up\b|\bswitch(?:es|ing)? plans?\b|\bprorat|\bplan changes?\b|\bchang(?:e|es|ing) (?:your |a |the )?plans?\b/i,
    says: [
      billingStatements.upgrade,
      billingStatements.downgrade,
      billingStatements.changeHow,
      // The link and the page's name: they name the page, never a rule.
      changePlanLabel,
      ...billingStatements.extraEpisodes,
    ],
  },
  {
    id: "episodes beyond the allowance",
    finds:
      /\broll(?:s|ed)? over\b|\bcarr(?:y|ies|ied) (?:over|forward)\b|\bunused episodes?\b|\b(?:third|fourth|fifth|sixth|seventh|extra|additional) episodes?\b|\bmore episodes than\b|\boverage\b|\bper-episode (?:charge|fee|price)\b|\ballowance\b/i,
    says: [
      billingStatements.rollover,
      billingStatements.noOverage,
      ...billingStatements.extraEpisodes,
    ],
  },
  {
    id: "the money-back guarantee",
    // The legal guarantee of conformity is another guarantee, which refunds nothing by itself.
    finds: /money-back|\brefund|\bguarantee\b(?![^.]*\bconform)/i,
    says: [
      ...firstFortnight,
      billingStatements.guaranteeScope,
      billingStatements.guaranteeShort,
      billingStatements.guaranteeAccess,
      ...eachSentence(billingStatements.guaranteeTiming),
      billingStatements.guaranteeAgency,
      billingStatements.firstFortnightRefund,
      ...eachSentence(billingStatements.cancelWhen),
      billingStatements.otherPayments,
      "end the subscription and refund it",
      // Ending the older of two subscriptions (_shared/contract.ts END_OLDER_REFUND).
      "its unused part",
      "the older subscription",
      billingStatements.renewalAfterEmail,
    ],
  },
  {
    id: "how to cancel",
    finds:
      /\bbilling (?:page|portal)\b|\bcustomer portal\b|\breceipt e-?mail\b|\bsign-in link\b|\bcancel\w* (?:it )?(?:from|through|via|by e-?mailing|by writing)\b/i,
    says: [billingStatements.cancelCore],
  },
  {
    id: "how long a cancellation takes",
    finds: /\bcancel\w*\b[^.]*\bwithin (?:one|a|an|\d+) (?:business |working )?(?:days?|hours?)\b/i,
    says: [billingStatements.renewalAfterEmail],
  },
  {
    id: "the withdrawal period",
    finds: /\bwithdraw\w*\b[^.]*\b(?:within|after) (?:\d+|fourteen|thirty) days\b/i,
    says: ["within 14 days of the day you subscribe"],
  },
  {
    id: "how the withdrawal period is counted",
    finds:
      /\b14 days (?:start|begin|end|run|count)\w*\b|\b(?:14th|fourteenth) day\b|\b(?:weekend|Saturday|Sunday)s?\b[^.]*\b(?:withdraw|14 days)/i,
    says: [billingStatements.withdrawPeriod],
  },
  {
    id: "where a cancellation is made",
    finds: /\bcancel\w*\b[^.]*\bcustomer portal\b|\bcustomer portal\b[^.]*\bcancel/i,
    says: [billingStatements.cancelCore],
  },
  {
    id: "what a post count means",
    finds: /\bregenerat|\bper regeneration\b|\bUnlimited\b[^.]*\bper episode\b/i,
    says: [billingStatements.postCounts],
  },
  {
    id: "renewal",
    finds: /\brenew(?:s|ed)? automatically\b|\bauto-?renew|\brenews? (?:each|every) month\b/i,
    says: [billingStatements.renewal],
  },
  {
    id: "tax",
    finds:
      /\bsales tax\b|\bVAT\b|\btax(?:es)? (?:is|are|applies|apply)\b|\b(?:incl(?:ude|udes|uding)|excl(?:ude|udes|uding)) (?:\w+ )?tax|\b(?:plus|before|excl\.?|\+) (?:any )?(?:applicable )?tax|\btax(?:es)? (?:extra|on top)\b/i,
    says: [billingStatements.tax, billingStatements.taxShort],
  },
  {
    id: "price changes",
    finds:
      /\bchange the price\b|\bprice (?:change|rise|increase)s? (?:for|to|on|of) (?:your|a|the) (?:plan|subscription)\b|\bnew price (?:first )?applies\b/i,
    says: [billingStatements.priceChange],
  },
  {
    id: "receipts and confirmations",
    finds:
      /\b(?:send|sends|sent|e-?mails?|get|gets|receive|receives)\b[^.]*\breceipts?\b|\bconfirmation e-?mail\b/i,
    says: [billingStatements.receipt, billingStatements.withdrawReceipt],
  },
  {
    id: "when canceling takes effect",
    finds:
      /\bcancel\w*\b[^.]*\b(?:takes? effect|keep (?:your )?access|until the end|immediately|at once|right away)\b|\bkeep (?:your )?access until\b/i,
    says: [...firstFortnight, billingStatements.cancelWhen],
  },
  {
    id: "the guarantee's 14 days",
    finds: /\bwithin (?:14|fourteen) days\b|\b(?:14|fourteen) days (?:of|from|after)\b/i,
    says: [
      ...firstFortnight,
      billingStatements.guaranteeWindow,
      "within 14 days of the day you subscribe",
      billingStatements.firstFortnightRefund,
    ],
  },
  {
    id: "the plans the guarantee covers",
    finds:
      /(?:money-back|guarantee|refund)[^.]*\b(?:Agency|every plan|all plans|any plan|each plan|self-serve plans?)\b|\b(?:Agency|every plan|all plans|any plan|each plan|self-serve plans?)\b[^.]*(?:money-back|guarantee|refund)/i,
    says: [billingStatements.guaranteeAgency, guaranteePlans],
  },
  {
    id: "what a refund does to access",
    finds:
      /\bsubscription ends\b|\bends (?:your|the) subscription\b|\baccess ends\b|\brefund\w*\b[^.]*\b(?:access|ends?)\b/i,
    says: [
      ...firstFortnight,
      billingStatements.guaranteeAccess,
      billingStatements.afterEnd,
      billingStatements.withdrawRefund,
      "its unused part",
    ],
  },
  {
    id: "accounts and sign-in",
    finds:
      /\bregist(?:er|ration)\b|\bsign(?:ed)?[- ]in\b|\blog(?:ged)?[- ]?in\b|\baddress on your account\b/i,
    says: [
      ...eachSentence(billingStatements.account),
      billingStatements.appCookies,
      billingStatements.signupForm,
      billingStatements.noSignIn,
    ],
  },
  {
    id: "how an episode's audio arrives",
    finds:
      /\blink to (?:its|the|your|an episode's) audio\b|\b(?:paste|share|send)\b[^.]*\b(?:link|URL)\b[^.]*\baudio\b|\baudio (?:link|URL)s?\b/i,
    says: [billingStatements.upload],
  },
  {
    id: "drafts",
    finds: /\bready to publish\b|\bready-to-(?:post|publish)\b|\bpublish-ready\b|\bno editing\b/i,
    says: [billingStatements.drafts],
  },
  {
    id: "a weekly show's plan",
    finds:
      /\b(?:for|suits?|fits?) (?:a |any |every |your )?weekly show\b|\bweekly shows?\b[^.]*\b(?:Starter|Pro|Expert)\b|\b(?:Starter|Pro|Expert)\b[^.]*\bweekly\b/,
    says: billingStatements.extraEpisodes,
  },
  {
    id: "what happens to a pasted feed",
    finds:
      /\b(?:store|stores|stored|save|saves|saved|keep|keeps|kept|memory)\b[^.]*\bfeed\b|\bfeed\b[^.]*\b(?:store|stores|stored|save|saves|saved|memory)\b|\b(?:don't|do not|never) (?:store|keep|save) it\b/i,
    says: [billingStatements.feedStorage],
  },
  {
    id: "where the contact form sends a message",
    finds: /\bcontact form\b[^.]*\b(?:send|sends|sent|submit|server|servers|store|stores)\b/i,
    says: [billingStatements.contactForm],
  },
  {
    id: "the creators figure",
    finds: /\b\d+\+ (?:podcast )?creators\b/i,
    says: [creatorsClaim],
  },
  {
    id: "plans that do not exist",
    // X Premium is X's own subscription, named as X names it; any other Premium is a plan we lack.
    finds: /(?<!X )\bPremium\b/,
    says: [],
  },
  {
    // Drafts still take reviewing and editing, which nobody has measured for the visitor's show:
    // any time "back" or "saved" says it is what is left after that.
    id: "time saved",
    finds: /\b(?:time|hours?) you get back\b|\bhours? (?:a month )?saved\b|\btime saved\b/i,
    says: ["reviewing and editing"],
  },
  {
    id: "who runs the server functions",
    finds: /\bSupabase\b[^.]*\bruns?\b/,
    says: ["runs our four functions"],
  },
  {
    id: "when a subscription is fully performed",
    finds: /\bfully performed\b[^.]*\b(?:for example|when|processed)\b/i,
    says: [billingStatements.expressStartMeaning],
  },
  {
    id: "the first fortnight's refund",
    finds:
      /\bless (?:an amount|the part of the billing period)\b|\bin proportion to the part\b|\breturn your payment\b/i,
    says: [billingStatements.firstFortnightRefund],
  },
  {
    id: "the refunds there are",
    finds: /\bpayments already made are not returned\b|\bapart from the guarantee\b/i,
    says: [billingStatements.otherPayments],
  },
  {
    id: "where episodes are uploaded",
    finds: /\byou upload each\b|\bupload each episode\b/i,
    says: [billingStatements.upload, ...eachSentence(billingStatements.account)],
  },
  {
    id: "the service's sign-in session",
    finds: /\byour session\b|\bprotect your account\b/i,
    says: [billingStatements.appCookies],
  },
  {
    id: "the legal pages' date",
    finds: /\b(?:update|change)s? the (?:\w+ )?date\b/i,
    says: ["the Revised date"],
  },
];
