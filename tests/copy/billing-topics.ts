import { billingStatements } from "~/plans/billing-rules";
import type { BillingTopic } from "./billing-statements";

/**
 * Where the copy speaks to a rule, and the wordings it may use: checkBillingStatements
 * (tests/copy/billing-statements.ts) fails on a sentence that matches `finds` but none of `says`.
 */
// cspell:ignore bupgrad bdowngrad bprorat bregenerat ies
export const billingTopics: readonly BillingTopic[] = [
  {
    id: "plan changes",
    finds:
      /\bupgrad|\bdowngrad|\bmov(?:e|ing) up\b|\bswitch(?:es|ing)? plans?\b|\bprorat|\bplan changes?\b|\bchang(?:e|es|ing) (?:your |a |the )?plans?\b/i,
    says: [
      billingStatements.upgrade,
      billingStatements.downgrade,
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
    finds: /money-back|\brefund|\bguarantee/i,
    says: [billingStatements.guaranteeScope, billingStatements.guaranteeShort],
  },
  {
    id: "how to cancel",
    finds:
      /\bbilling (?:page|portal)\b|\bcustomer portal\b|\breceipt e-?mail\b|\bsign-in link\b|\bcancel\w* (?:it )?(?:from|through|via|by e-?mailing|by writing)\b/i,
    says: [billingStatements.cancelCore],
  },
  {
    id: "what a post count means",
    finds: /\bregenerat|\bper regeneration\b|\bUnlimited\b[^.]*\bper episode\b/i,
    says: [billingStatements.postCounts],
  },
];
