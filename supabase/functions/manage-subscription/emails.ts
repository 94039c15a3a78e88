import {
  CANCEL_EFFECT,
  FIRST_FORTNIGHT_REFUND,
  KEEP_BUTTON_LABEL,
  PRO_RATA_REFUND,
  keepLinkValidity,
  SITE_PATHS,
  STRANGER_WITHDRAWAL_DELAY_HOURS,
  strangerWithdrawalRule,
  withdrawalPeriodRule,
} from "../_shared/contract.ts";
import { escapeHtml, type OutgoingEmail } from "../_shared/email.ts";
import type { SubscriptionOutcome, WithdrawalStatement } from "./store.ts";

// The e-mails this function sends, in plain text and the same words in simple HTML: no
// images, no tracking, no rewritten links. Whatever a visitor typed is escaped in the HTML.

export interface EmailContext {
  brand: string;
  siteUrl: string;
  supportEmail: string;
}

/** "27 November 2026": a day, in UTC, spelled out so no reader mistakes the order. */
export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** "27 November 2026, 14:05:09 UTC". */
export function formatMoment(date: Date): string {
  const time = date.toISOString().slice(11, 19);
  return `${formatDay(date)}, ${time} UTC`;
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

export type Block = { text: string; link?: { label: string; url: string } };

export function render(
  context: EmailContext,
  message: { to: string; subject: string; kind: string; ref: string; blocks: Block[] },
): OutgoingEmail {
  const text = [
    ...message.blocks.map((block) =>
      block.link === undefined
        ? block.text
        : `${block.text}\n${block.link.label}: ${block.link.url}`,
    ),
    `${context.brand}, ${context.siteUrl}`,
  ].join("\n\n");
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">',
    ...message.blocks.map((block) => {
      const paragraph = `<p>${escapeHtml(block.text).replaceAll("\n", "<br>")}</p>`;
      return block.link === undefined
        ? paragraph
        : `${paragraph}<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`;
    }),
    `<p>${escapeHtml(context.brand)}, <a href="${escapeHtml(context.siteUrl)}">${escapeHtml(context.siteUrl)}</a></p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: message.to,
    subject: message.subject,
    text,
    html,
    kind: message.kind,
    ref: message.ref,
  };
}

export interface KeepLink {
  subscriptionId: string;
  url: string;
  expiresAt: Date;
}

function describe(subscription: SubscriptionOutcome): string {
  return subscription.plan === undefined
    ? `your ${"subscription"} (${subscription.id})`
    : `your ${subscription.plan} subscription (${subscription.id})`;
}

function periodEndLine(subscription: SubscriptionOutcome, link: KeepLink | undefined): Block {
  const last =
    subscription.unpaid === true
      ? `It ends ${subscription.lastPaid === undefined ? "at the end of the current billing period" : `after ${formatDay(new Date(subscription.lastPaid))}, the end of the current billing period`}. That period's renewal payment had not gone through, and we have canceled the charge, so you are not charged again.`
      : subscription.lastPaid === undefined
        ? "It ends at the end of the billing period you have paid for; you are not charged again."
        : `It ends after ${formatDay(new Date(subscription.lastPaid))}, the last day you have paid for, and you are not charged again.`;
  if (link === undefined) return { text: `We have canceled ${describe(subscription)}. ${last}` };
  const paidUntil =
    subscription.lastPaid === undefined ? undefined : new Date(subscription.lastPaid);
  const until = paidUntil !== undefined && paidUntil < link.expiresAt ? paidUntil : link.expiresAt;
  return {
    text: `We have canceled ${describe(subscription)}. ${last}\nChanged your mind? This link undoes the cancellation ${keepLinkValidity} (until ${formatDay(until)}), and the subscription renews as before:`,
    link: { label: KEEP_BUTTON_LABEL, url: link.url },
  };
}

/** What was refunded, or who works it out, for a subscription that ended today. */
function refundSentence(subscription: SubscriptionOutcome, when: string): string {
  const refund = subscription.refund;
  if (refund === undefined) return "No payment was taken, so there is nothing to return.";
  if ("id" in refund) {
    return `We have refunded ${formatAmount(refund.amount, refund.currency)} to the payment method you paid with: ${refund.first ? "the first payment of your first subscription in full, as the money-back guarantee returns it" : `${PRO_RATA_REFUND} ${when}, as this is not your first subscription`}. Your bank may take 5 to 10 business days to show it.`;
  }
  return `We could not work out the amount automatically (${refund.operator}), so a person on our team works out ${refund.first ? `whichever is larger, the first payment of your first subscription in full or ${PRO_RATA_REFUND},` : PRO_RATA_REFUND} and returns it no later than two weeks after your request; we e-mail you when it is done.`;
}

/** ", which runs to the end of 11 December 2026": the withdrawal period's last day, if known. */
function runsTo(subscription: SubscriptionOutcome): string {
  return subscription.withdrawal === undefined
    ? ""
    : `, which runs to the end of ${formatDay(new Date(`${subscription.withdrawal.lastDay}T00:00:00Z`))}`;
}

/**
 * After a cancellation: what was canceled, the last paid day, and the undo link for each; a
 * first subscription canceled within the withdrawal period has ended, with its refund, and has
 * no undo link (work.ts, cancelEndsNow).
 */
export function cancellationEmail(
  context: EmailContext,
  to: string,
  requestId: string,
  receivedAt: Date,
  subscriptions: SubscriptionOutcome[],
  links: ReadonlyMap<string, KeepLink>,
): OutgoingEmail {
  const ended = subscriptions.filter((subscription) => subscription.action === "canceled_now");
  const ending = subscriptions.filter((subscription) => subscription.action !== "canceled_now");
  const subject =
    ended.length === 0
      ? `Your ${context.brand} subscription is canceled`
      : ending.length === 0
        ? `Your ${context.brand} subscription has ended, with a refund`
        : `Your ${context.brand} subscriptions are canceled, and one has ended, with a refund`;
  return render(context, {
    to,
    subject,
    kind: "cancellation",
    ref: requestId,
    blocks: [
      {
        text: `On ${formatMoment(receivedAt)} we received a request on our website to cancel the ${context.brand} subscription of this e-mail address.`,
      },
      ...ended.map((subscription) => ({
        text: `You canceled within the withdrawal period${runsTo(subscription)}, so ${describe(subscription)} has ended today, as a withdrawal would have ended it. ${refundSentence(subscription, "when you canceled")}`,
      })),
      ...ending.map((subscription) => periodEndLine(subscription, links.get(subscription.id))),
      { text: `${CANCEL_EFFECT} ${FIRST_FORTNIGHT_REFUND}` },
      {
        text:
          ending.length === 0
            ? `If you did not ask for this, reply to ${context.supportEmail}. To subscribe again: ${context.siteUrl}${SITE_PATHS.pricing}`
            : `If you did not ask for this, use the link above or reply to ${context.supportEmail}. To cancel again later: ${context.siteUrl}${SITE_PATHS.cancel}`,
      },
    ],
  });
}

/**
 * After a cancellation on a server without a payment provider: the request is recorded and a
 * person completes it, on the same terms the automatic path states.
 */
export function cancellationQueuedEmail(
  context: EmailContext,
  to: string,
  requestId: string,
  receivedAt: Date,
): OutgoingEmail {
  return render(context, {
    to,
    subject: `We received your request to cancel your ${context.brand} subscription`,
    kind: "cancellation_received",
    ref: requestId,
    blocks: [
      {
        text: `On ${formatMoment(receivedAt)} we received a request on our website to cancel the ${context.brand} subscription of this e-mail address (reference ${requestId}).`,
      },
      {
        text: `Our website does not change subscriptions by itself yet, so a person on our team completes your cancellation, counted from the moment above. If a subscription uses this address: ${CANCEL_EFFECT} If a renewal is charged after that moment, we refund it.`,
      },
      { text: FIRST_FORTNIGHT_REFUND },
      {
        text: `When it is done, we e-mail you what we have done: the refund, or the last day you have paid for. If you did not ask for this, reply to ${context.supportEmail}. To cancel again later: ${context.siteUrl}${SITE_PATHS.cancel}`,
      },
    ],
  });
}

/**
 * The acknowledgment of receipt of a withdrawal: its content, date and time, sent at once.
 * `automatic`: the payment provider is configured and the function ends the subscription;
 * otherwise a person does.
 */
export function withdrawalReceiptEmail(
  context: EmailContext,
  requestId: string,
  receivedAt: Date,
  email: string,
  statement: WithdrawalStatement,
  automatic = true,
  ownMailbox = true,
): OutgoingEmail {
  // To another mailbox than the checkout address, the receipt repeats no free text a stranger
  // typed: the name's letters only, and the plan and day, which the form limits to its choices.
  const content = [
    `Name: ${ownMailbox ? statement.name : nameLetters(statement.name)}`,
    ownMailbox
      ? `E-mail address used at checkout: ${email}`
      : "E-mail address used at checkout: as given on the form (another address than this one)",
    `Plan: ${statement.plan ?? "not given"}`,
    `Day of subscribing: ${statement.subscribedOn ?? "not given"}`,
    `Confirmation sent to: ${statement.confirmTo}`,
  ].join("\n");
  return render(context, {
    to: statement.confirmTo,
    subject: `We received your withdrawal from your ${context.brand} subscription`,
    kind: "withdrawal_receipt",
    ref: requestId,
    blocks: [
      {
        text: `We received your statement withdrawing from your ${context.brand} subscription contract on ${formatMoment(receivedAt)}. This e-mail is our acknowledgment of receipt; keep it as your record.`,
      },
      { text: `"I withdraw from my contract for the ${context.brand} subscription."\n${content}` },
      {
        text: automatic
          ? `If a subscription uses the address above, we e-mail that address what we have done. If you withdrew within the withdrawal period, it ends and we refund it: ${FIRST_FORTNIGHT_REFUND} ${strangerWithdrawalRule} After the withdrawal period, we cancel it at the end of the period you have paid for instead. ${withdrawalPeriodRule} If we find no subscription under that address, your statement is not dropped: a person on our team checks it, for example against another address you may have subscribed with, and replies to you here.`
          : `Our website does not change subscriptions by itself yet, so a person on our team checks your statement and completes it. If a subscription uses the address above and you withdrew within the withdrawal period, it ends and we refund it, no later than two weeks after we received this statement: ${FIRST_FORTNIGHT_REFUND} After the withdrawal period, we cancel it at the end of the period you have paid for instead. ${withdrawalPeriodRule} We e-mail that address what we have done.`,
      },
      { text: `Reference: ${requestId}. Questions: ${context.supportEmail}` },
    ],
  });
}

/** A name as letters, marks, spaces, apostrophes and hyphens only: nothing a link is made of. */
export function nameLetters(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[^\p{L}\p{M}' \u2019-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * To the address on file, when a withdrawal confirmed to another mailbox waits: what will end
 * and when, and the link that stops it. It repeats nothing the sender typed.
 */
export function withdrawalPendingEmail(
  context: EmailContext,
  to: string,
  requestId: string,
  receivedAt: Date,
  subscriptions: SubscriptionOutcome[],
  links: ReadonlyMap<string, KeepLink>,
): OutgoingEmail {
  const blocks: Block[] = [
    {
      text: `On ${formatMoment(receivedAt)} someone used the withdrawal form on our website to withdraw from the ${context.brand} subscription contract of this e-mail address (reference ${requestId}), and asked for the confirmation at another address.`,
    },
  ];
  for (const subscription of subscriptions) {
    const due = subscription.dueAt === undefined ? receivedAt : new Date(subscription.dueAt);
    const link = links.get(subscription.id);
    blocks.push({
      text: `So we wait ${STRANGER_WITHDRAWAL_DELAY_HOURS} hours: unless you stop it, ${describe(subscription)} ends on ${formatMoment(due)}, and we refund it: its first payment in full if it is the first subscription this address has had, or else ${PRO_RATA_REFUND} when the statement reached us.${link === undefined ? "" : " If this wasn't you, or you have changed your mind, this link stops it and your subscription renews as before:"}`,
      ...(link === undefined ? {} : { link: { label: NOT_ME_LABEL, url: link.url } }),
    });
  }
  blocks.push({
    text: `If it was you, there is nothing to do. Questions: ${context.supportEmail}`,
  });
  return render(context, {
    to,
    subject: `A withdrawal from your ${context.brand} subscription: stop it if it wasn't you`,
    kind: "withdrawal_pending",
    ref: requestId,
    blocks,
  });
}

/** The link text that stops a waiting withdrawal. */
export const NOT_ME_LABEL = "This wasn't me: keep my subscription";

/** After a withdrawal's work: what happened to each subscription, and the refund. */
export function withdrawalOutcomeEmail(
  context: EmailContext,
  to: string,
  requestId: string,
  receivedAt: Date,
  subscriptions: SubscriptionOutcome[],
  links: ReadonlyMap<string, KeepLink>,
): OutgoingEmail {
  const blocks: Block[] = [
    {
      text: `On ${formatMoment(receivedAt)} we received a withdrawal from the ${context.brand} subscription contract of this e-mail address (reference ${requestId}).`,
    },
  ];
  for (const subscription of subscriptions) {
    if (subscription.action === "canceled_now") {
      const money = refundSentence(subscription, "when you withdrew");
      blocks.push({
        text: `You withdrew within the withdrawal period${runsTo(subscription)}, so ${describe(subscription)} has ended today. ${money}`,
      });
    } else {
      const period = subscription.withdrawal;
      const ended =
        period === undefined
          ? "is over"
          : `ended at the end of ${formatDay(new Date(`${period.lastDay}T00:00:00Z`))} (${formatMoment(new Date(period.endsAt))})`;
      blocks.push({
        text: `The withdrawal period for ${describe(subscription)} ${ended}, before your withdrawal reached us. ${withdrawalPeriodRule} So we have treated your statement as a cancellation instead.`,
      });
      blocks.push(periodEndLine(subscription, links.get(subscription.id)));
    }
  }
  blocks.push({ text: `Questions: ${context.supportEmail}` });
  return render(context, {
    to,
    subject: `Your withdrawal from ${context.brand}: what we have done`,
    kind: "withdrawal_outcome",
    ref: requestId,
    blocks,
  });
}
