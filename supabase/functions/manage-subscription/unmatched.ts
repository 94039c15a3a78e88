import { SITE_PATHS } from "../_shared/contract.ts";
import type { OutgoingEmail } from "../_shared/email.ts";
import { formatMoment, renderMail, type MailContext } from "../_shared/email-text.ts";

// A cancellation that matched no subscription still gets a receipt (§312k(4) BGB): what was
// asked, when it arrived, and what to do if the subscription is under another address. One
// per mailbox a day at most (from-env.ts), on top of the per-mailbox e-mail limit, so strangers
// typing variants of an address neither flood it nor use up its owner's e-mails.

/** The e-mail's kind in the outbox; its `ref` is the request id. */
export const UNMATCHED_KIND = "cancellation_unmatched";
/** Receipts of unmatched cancellations per mailbox per day; more are recorded, not e-mailed. */
export const UNMATCHED_RECEIPTS_PER_DAY = 1;

export function unmatchedCancellationEmail(
  context: MailContext,
  to: string,
  requestId: string,
  receivedAt: Date,
): OutgoingEmail {
  return renderMail(context, {
    to,
    subject: `We received your request to cancel your ${context.brand} subscription`,
    kind: UNMATCHED_KIND,
    ref: requestId,
    blocks: [
      {
        text: `On ${formatMoment(receivedAt)} we received a request on our website to cancel the ${context.brand} subscription of this e-mail address (reference ${requestId}).`,
      },
      {
        // Only what the look-up shows: a subscription under another address may still renew.
        text: `We found no subscription under this address, so this request canceled nothing. A subscription under another address is not affected and renews until it is canceled.`,
      },
      {
        text: `If you subscribed with another e-mail address, cancel again with that address, or reply to ${context.supportEmail} with the address you used at checkout and a person on our team cancels that subscription. If you did not ask for this, you can ignore this e-mail.`,
        link: {
          label: "Cancel with another address",
          url: `${context.siteUrl}${SITE_PATHS.cancel}`,
        },
      },
    ],
  });
}
