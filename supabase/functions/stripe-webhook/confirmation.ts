import {
  CANCEL_EFFECT,
  EXPRESS_START_MEANING,
  FIRST_FORTNIGHT_REFUND,
  cancelLabel,
  cancelPath,
  changePlanLabel,
  changePlanPath,
  END_OLDER_BUTTON_LABEL,
  END_OLDER_REFUND,
  MANAGE_FORM_PATHS,
  PLAN_CHANGE_RULE,
  modelWithdrawalForm,
  SUBSCRIBER_ACCESS,
  taxClause,
  WITHDRAWAL_DAYS,
  withdrawalPeriod,
  withdrawalPeriodRule,
} from "../_shared/contract.ts";
import type { OutgoingEmail } from "../_shared/email.ts";
import {
  formatDay,
  formatMoment,
  renderMail,
  type MailBlock,
  type MailContext,
} from "../_shared/email-text.ts";

// The confirmation of the contract, sent once a checkout completes: the renewal terms and how
// to cancel (California's automatic-renewal law), and on a durable medium the withdrawal
// information with the model form and the record of the buyer's express request to start at
// once (the Consumer Rights Directive, arts. 8(7) and 16(a)). Every fact comes from the
// contract or from what Stripe recorded; no card data.

/** The e-mail's kind in the outbox; its `ref` is the Checkout Session id. */
export const CONFIRMATION_KIND = "subscription_confirmation";

export interface ConfirmationFacts {
  to: string;
  checkoutSessionId: string;
  /** The plan's name as the site shows it, e.g. "Pro". */
  planName: string;
  /** The monthly amount as printed, e.g. "$149". */
  amount: string;
  /** When the subscription started and its first payment was taken. */
  startedAt: Date;
  /** When the paid period ends and the next renewal is charged; null when Stripe gave none. */
  nextRenewalAt: Date | null;
  /** The "start at once" question and the answer chosen (null: none), as Checkout showed them. */
  expressStart: { question: string; answer: string | null; at: Date };
  /** Other live subscriptions under the same mailbox, by plan name. */
  otherPlans: string[];
  /**
   * For each older one among them, its signed one-use link to end it now (end-older.ts in the
   * manage function); empty or absent without a link secret, and the e-mail points to support.
   */
  endOlderLinks?: EndOlderLink[];
}

/** One older subscription's end-older link, as the confirmation offers it. */
export interface EndOlderLink {
  planName: string;
  url: string;
  expiresAt: Date;
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a second subscription's confirmation offers: a link per older one, or support. */
function secondSubscriptionBlocks(links: readonly EndOlderLink[], supportEmail: string) {
  const [first] = links;
  if (first === undefined) {
    return [
      {
        text: `If you meant to change plans rather than add one, write to ${supportEmail} and say which subscription to end; we end none until you tell us.`,
      },
    ];
  }
  return [
    {
      text: `If you meant to change plans rather than add one, you can end the older subscription now. ${END_OLDER_REFUND} ${links.length === 1 ? "The link below works" : "Each link below works"} once, until ${formatMoment(first.expiresAt)}, and opens a page with one button: nothing is ended until you press it. Your new subscription is not affected.`,
    },
    ...links.map((link) => ({
      text: `Your older ${link.planName} subscription:`,
      link: { label: END_OLDER_BUTTON_LABEL, url: link.url },
    })),
  ];
}

export function confirmationEmail(context: MailContext, facts: ConfirmationFacts): OutgoingEmail {
  const { brand, siteUrl, supportEmail } = context;
  const period = withdrawalPeriod(facts.startedAt);
  const lastDay = new Date(`${period.lastDay}T00:00:00Z`);
  const blocks: MailBlock[] = [
    {
      text: `Thank you for subscribing to ${brand}. This e-mail confirms your subscription contract and its terms; please keep it.`,
    },
  ];
  if (facts.otherPlans.length > 0) {
    const others = facts.otherPlans.map((name) => `${name}`);
    blocks.push({
      text: `Please note: this e-mail address already has a live ${brand} subscription (${listed(others)}), and this one (${facts.planName}) is a second. Each renews and is charged on its own.`,
    });
    blocks.push(...secondSubscriptionBlocks(facts.endOlderLinks ?? [], supportEmail));
  }
  blocks.push(
    {
      text: [
        `Plan: ${facts.planName}, ${facts.amount} a month, ${taxClause}.`,
        `First charge: ${formatDay(facts.startedAt)}.`,
        facts.nextRenewalAt === null
          ? "Next renewal: one month after the first charge."
          : `Next renewal: ${formatDay(facts.nextRenewalAt)}.`,
        `Your subscription renews automatically every month at ${facts.amount}, ${taxClause}, until you cancel.`,
      ].join("\n"),
    },
    {
      text: `How to cancel: at any time, with no sign-in, on our website at the link below ("${cancelLabel}" at the foot of every page), or by e-mail to ${supportEmail}. ${CANCEL_EFFECT}`,
      link: { label: cancelLabel, url: `${siteUrl}${cancelPath}` },
    },
    {
      text:
        facts.expressStart.answer === null
          ? `Your choice at checkout, on ${formatMoment(facts.expressStart.at)}: you gave no answer to "${facts.expressStart.question}".`
          : `Your choice at checkout, on ${formatMoment(facts.expressStart.at)}: to "${facts.expressStart.question}" you chose "${facts.expressStart.answer}". That is your express request that we start providing the service at once, and your acknowledgement that your right of withdrawal ends once the service has been fully performed. ${EXPRESS_START_MEANING}`,
    },
    {
      text: `Right of withdrawal (consumers in the EU and the UK): you may withdraw from this contract within ${WITHDRAWAL_DAYS} days without giving a reason. ${withdrawalPeriodRule} For this subscription the last day is ${formatDay(lastDay)}. If you withdraw within them, we end the subscription at once and refund it. ${FIRST_FORTNIGHT_REFUND} To withdraw, use the form at the link below, with no sign-in, or send us the model form below or any other clear statement at ${supportEmail}.`,
      link: { label: "Withdraw from the contract", url: `${siteUrl}${MANAGE_FORM_PATHS.withdraw}` },
    },
    {
      text: `Model withdrawal form (complete and return it only if you wish to withdraw from the contract):\n\n${modelWithdrawalForm(brand, supportEmail).join("\n")}`,
    },
    {
      text: PLAN_CHANGE_RULE,
    },
    {
      text: `To change plans, please do not subscribe a second time: open the page at the link below and enter this e-mail address.`,
      link: { label: changePlanLabel, url: `${siteUrl}${changePlanPath}` },
    },
    { text: SUBSCRIBER_ACCESS },
    {
      text: `Questions: ${supportEmail}. Your reference: ${facts.checkoutSessionId}. Your card details stay with Stripe, our payment processor; we never see them.`,
    },
  );
  return renderMail(context, {
    to: facts.to,
    subject: `Your ${brand} ${facts.planName} subscription: confirmation and terms`,
    kind: CONFIRMATION_KIND,
    ref: facts.checkoutSessionId,
    blocks,
  });
}
