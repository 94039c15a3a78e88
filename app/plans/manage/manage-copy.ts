import {
  CANCEL_ANSWER,
  FUNCTION_NAMES,
  CHANGE_PLAN_ANSWER,
  CHANGE_PLAN_BUTTON_LABEL,
  changePlanPath,
  END_OLDER_ANSWER,
  END_OLDER_BUTTON_LABEL,
  END_OLDER_REFUND,
  END_OLDER_RULE,
  KEEP_ANSWER,
  KEEP_BUTTON_LABEL,
  keepLinkValidity,
  PLAN_CHANGE_RULE,
  PLAN_LINK_HOURS,
  MANAGE_FORM_ERRORS as FORM_ERRORS,
  MANAGE_MESSAGES as MESSAGES,
  strangerWithdrawalRule,
  WITHDRAW_ANSWER,
  withdrawalPlanNames,
} from "../../../supabase/functions/_shared/contract.ts";
import { functionUrl } from "~/lib/functions-url";

// The cancellation and withdrawal pages' words. The answers and refusals are the function's
// own (the contract module, supabase/functions/_shared/contract.ts), so the page and the JSON answer never differ.

export {
  CANCEL_ANSWER,
  CHANGE_PLAN_ANSWER,
  CHANGE_PLAN_BUTTON_LABEL,
  changePlanPath,
  END_OLDER_ANSWER,
  END_OLDER_BUTTON_LABEL,
  END_OLDER_REFUND,
  END_OLDER_RULE,
  FORM_ERRORS,
  KEEP_ANSWER,
  KEEP_BUTTON_LABEL,
  MESSAGES,
  PLAN_CHANGE_RULE,
  strangerWithdrawalRule,
  WITHDRAW_ANSWER,
};

export { changePlanLabel } from "~/plans/billing/subscription-terms";

/** The button on /change-plan: it sends the e-mail, nothing else. */
export const changePlanSendLabel = "E-mail me the link";

/** What the change-plan e-mail holds, on /change-plan and on the page after it. */
export const changePlanEmailNote = `We e-mail the address on file a link for each subscription it has. The link opens our payment provider Stripe's page for that subscription, where you pick the new plan and see the amount before you confirm. It works once, for ${PLAN_LINK_HOURS} hours.`;

/**
 * What the cancellation e-mails hold, true on either path: the function cancels in Stripe, or,
 * on a server without Stripe, a person does and the first e-mail is the acknowledgment.
 */
export const cancelEmailNotes = {
  /** On /cancel, before the form is sent. */
  before: `We e-mail the address on file what we have done: a subscription that has ended at once, with the amount refunded, or the last day you have paid for, with a link that undoes the cancellation ${keepLinkValidity}. Where a person on our team completes the cancellation instead, we first e-mail the address you entered that we received it, and the details follow once it is done.`,
  /** On /cancel/requested. */
  after: `The e-mail says whether the subscription has ended at once, with the amount refunded, or names the last day you have paid for and holds a link that undoes the cancellation ${keepLinkValidity}; where a person on our team completes the cancellation instead, it says so, and the details follow once it is done.`,
} as const;

/** The plans a withdrawal statement can name, as the function accepts them. */
export const planOptions = withdrawalPlanNames;

/** Each form field's label and the hint under it, for the cancel, withdraw and keep forms. */
export const fieldCopy = {
  cancelEmail: {
    label: "E-mail address used at checkout",
    hint: "The address you gave Stripe when you paid. No password or code is needed.",
  },
  name: { label: "Your name" },
  withdrawEmail: {
    label: "E-mail address used at checkout",
    hint: "We find your subscription by this address.",
  },
  plan: { label: "Plan (if you know it)", unknown: "I don't know" },
  subscribedOn: { label: "Day you subscribed (if you know it)" },
  confirmTo: {
    label: "Where to send the confirmation",
    hint: "We e-mail the acknowledgment of receipt here at once; it can be the same address.",
  },
  token: {
    label: "The link from your e-mail",
    hint: `Filled in when you open the link from our e-mail; otherwise paste it here. Nothing changes until you press "${KEEP_BUTTON_LABEL}".`,
  },
  endOlderToken: {
    label: "The link from our e-mail",
    hint: `Filled in when you open the link from our e-mail; otherwise paste it here. Nothing is ended until you press "${END_OLDER_BUTTON_LABEL}".`,
  },
  planToken: {
    label: "The link from your e-mail",
    hint: `Filled in when you open the link from our e-mail; otherwise paste it here. "${CHANGE_PLAN_BUTTON_LABEL}" takes you to Stripe, where nothing changes until you confirm a plan.`,
  },
} as const;

/**
 * Where the forms post: the Supabase project's function when one is configured, else this
 * site's own server (a relative URL, so it works on whatever origin serves the build).
 */
export function manageEndpoint(): string {
  return functionUrl(FUNCTION_NAMES.manageSubscription);
}

/** The id a refusal's note carries, so `#error-<code>` in the address shows it without script. */
export const errorAnchor = (code: string) => `error-${code}`;
