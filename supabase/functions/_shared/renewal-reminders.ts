import {
  cancelLabel,
  cancelPath,
  checkoutPlanNames,
  checkoutPlanPrices,
  formatUsd,
  taxClause,
  type CheckoutPlanId,
} from "./contract.ts";
import { asDatabaseError, type Db } from "./db.ts";
import type { OutgoingEmail } from "./email.ts";
import { formatDay, renderMail, type MailContext } from "./email-text.ts";
import { queuedEmailParams, queuedEmailSql } from "./queued-email.ts";
import { LIVE_STATUSES } from "./subscriptions-mirror.ts";

// Once a year, on the anniversary of each live subscription in the mirror, a reminder of its
// terms (California's automatic-renewal law asks for one at least yearly): the plan, amount
// and frequency, and how to cancel in one link. A sent-record per anniversary, written by the
// same statement as the e-mail, makes each one go out once however often the job runs.

/** The e-mail's kind in the outbox; its `ref` is the subscription id. */
export const REMINDER_KIND = "renewal_reminder";

export interface DueReminder {
  subscriptionId: string;
  to: string;
  plan: string | null;
  /** The anniversary this reminder is for: the start plus whole years. */
  anniversary: Date;
  /** Whole years since the start (1 on the first anniversary). */
  years: number;
  currentPeriodEnd: Date | null;
}

type DueRow = {
  id: string;
  customer_email: string;
  plan: string | null;
  anniversary: Date | string;
  years: number;
  current_period_end: Date | string | null;
};

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * The live subscriptions whose latest anniversary (the start plus one or more whole years, in
 * UTC) has come by `now` and has no reminder yet; those set to end at the period's end get
 * none, since they do not renew. Oldest anniversary first, at most `limit`.
 */
export async function dueReminders(db: Db, now: Date, limit = 50): Promise<DueReminder[]> {
  let rows: DueRow[];
  try {
    rows = await db.query<DueRow>(
      `with aged as (
         select s.*, extract(year from age($1::timestamptz at time zone 'UTC',
                                           s.started_at at time zone 'UTC'))::integer as years
         from private.subscriptions s
         where s.status = any($2::text[]) and not s.cancel_at_period_end
           and s.customer_email is not null and s.started_at is not null
           and s.started_at <= $1::timestamptz - interval '1 year'
       ),
       due as (
         select aged.*, (started_at at time zone 'UTC' + make_interval(years => years))
                          at time zone 'UTC' as anniversary
         from aged where years >= 1
       )
       select id, customer_email, plan, anniversary, years, current_period_end from due
       where not exists (
         select 1 from private.renewal_reminders r
         where r.subscription_id = due.id and r.anniversary = due.anniversary
       )
       order by anniversary, id
       limit $3`,
      [now, [...LIVE_STATUSES], Math.max(1, Math.min(500, Math.trunc(limit)))],
    );
  } catch (error) {
    throw asDatabaseError(error);
  }
  return rows.map((row) => {
    // A period end already passed is a renewal the mirror missed (no event since): the
    // reminder then names no renewal day rather than one in the past.
    const end = row.current_period_end === null ? null : asDate(row.current_period_end);
    return {
      subscriptionId: row.id,
      to: row.customer_email,
      plan: row.plan,
      anniversary: asDate(row.anniversary),
      years: Number(row.years),
      currentPeriodEnd: end !== null && end.getTime() > now.getTime() ? end : null,
    };
  });
}

const isPlanId = (plan: string | null): plan is CheckoutPlanId =>
  plan !== null && Object.hasOwn(checkoutPlanNames, plan);

/** The reminder itself: plan, amount and frequency, and the one link that cancels. */
export function renewalReminderEmail(context: MailContext, due: DueReminder): OutgoingEmail {
  const plan = isPlanId(due.plan) ? due.plan : null;
  const terms =
    plan === null
      ? `Your ${context.brand} subscription renews automatically every month at the amount on your receipts, ${taxClause}, until you cancel.`
      : `Your ${context.brand} ${checkoutPlanNames[plan]} subscription renews automatically every month at ${formatUsd(checkoutPlanPrices[plan])}, ${taxClause}, until you cancel.`;
  const next =
    due.currentPeriodEnd === null
      ? ""
      : ` The next renewal is on ${formatDay(due.currentPeriodEnd)}.`;
  const years = due.years === 1 ? "one year" : `${due.years} years`;
  return renderMail(context, {
    to: due.to,
    subject: `A yearly reminder of your ${context.brand} subscription`,
    kind: REMINDER_KIND,
    ref: due.subscriptionId,
    blocks: [
      {
        text: `On ${formatDay(due.anniversary)} your ${context.brand} subscription turned ${years} old. Once a year we remind you of its terms.`,
      },
      { text: `${terms}${next}` },
      {
        text: `To cancel, use the link below, with no sign-in; a cancellation stops the next renewal, and you keep access until the end of the billing period you have already paid for. Questions: ${context.supportEmail}.`,
        link: { label: cancelLabel, url: `${context.siteUrl}${cancelPath}` },
      },
    ],
  });
}

/**
 * Writes each due reminder's sent-record and its e-mail in one statement, so a reminder that
 * another run wrote first is skipped, never sent twice. `local`: no e-mail provider (the
 * outbox keeps it). Returns how many were written; the mailer's `retryQueued` sends them.
 */
export async function queueRenewalReminders(options: {
  db: Db;
  context: MailContext;
  now: Date;
  local: boolean;
  limit?: number;
}): Promise<number> {
  const { db, now } = options;
  let written = 0;
  for (const due of await dueReminders(db, now, options.limit)) {
    const email = renewalReminderEmail(options.context, due);
    try {
      const [row] = await db.query<{ written: number }>(
        `with sent as (
           insert into private.renewal_reminders (subscription_id, anniversary, sent_at)
           values ($1::text, $2::timestamptz, $3::timestamptz)
           on conflict do nothing
           returning subscription_id
         ),
         mail as (${queuedEmailSql(4, "exists (select 1 from sent)")})
         select (select count(*) from mail)::integer as written`,
        [due.subscriptionId, due.anniversary, now, ...queuedEmailParams(email, options.local, now)],
      );
      written += Number(row?.written ?? 0);
    } catch (error) {
      throw asDatabaseError(error);
    }
  }
  return written;
}
