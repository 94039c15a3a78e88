import { asDatabaseError, type Db } from "../_shared/db.ts";
import type { OutgoingEmail } from "../_shared/email.ts";
import { queuedEmailParams, queuedEmailSql } from "../_shared/queued-email.ts";
import {
  MIRROR_PARAM_COUNT,
  mirrorUpsertParams,
  mirrorUpsertSql,
  type SubscriptionSnapshot,
} from "../_shared/subscriptions-mirror.ts";

// Each event is applied by ONE statement: the event id is inserted (`on conflict do nothing`)
// and every effect (the mirror row, the consent record, the e-mail in the outbox) is written
// only if that insert was new. So a redelivery, even one racing the first delivery, changes
// nothing a second time, and a fault leaves nothing half-written for Stripe's retry to trip on.

/** What the buyer agreed to at checkout, as Checkout showed it. */
export interface ConsentRecord {
  checkoutSessionId: string;
  subscriptionId: string;
  customerEmail: string;
  plan: string | null;
  amountTotal: number | null;
  currency: string | null;
  termsAccepted: boolean;
  termsText: string | null;
  submitText: string | null;
  expressStartQuestion: string;
  expressStartAnswer: string | null;
  consentedAt: Date;
}

export interface EventRef {
  id: string;
  type: string;
  created: Date;
}

export interface WebhookStore {
  /** Whether this event was already acted on. */
  seen(eventId: string): Promise<boolean>;
  /** Records the event and its mirror row; `fresh` false: it had been recorded before. */
  applySubscription(event: EventRef, snapshot: SubscriptionSnapshot): Promise<{ fresh: boolean }>;
  /**
   * Records the event, the mirror row, the consent record and the confirmation e-mail, which is
   * written only with a new consent record (one confirmation per checkout).
   */
  applyCheckout(
    event: EventRef,
    snapshot: SubscriptionSnapshot,
    consent: ConsentRecord,
    email: OutgoingEmail,
  ): Promise<{ fresh: boolean; emailQueued: boolean }>;
}

const NEW_EVENT = `new_event as (
    insert into private.stripe_events (id, type, created)
    values ($1::text, $2::text, $3::timestamptz)
    on conflict (id) do nothing
    returning id
  )`;
const IF_NEW = "exists (select 1 from new_event)";
/** How many parameters the consent record takes. */
const CONSENT_PARAM_COUNT = 12;

/** `local`: no e-mail provider, so the confirmation stays in the outbox for `npm run outbox`. */
export function createWebhookStore(
  db: Db,
  options: { local: boolean; now?: () => Date },
): WebhookStore {
  const run = async <T>(text: string, params: unknown[]): Promise<T[]> => {
    try {
      return await db.query<T>(text, params);
    } catch (error) {
      throw asDatabaseError(error);
    }
  };
  const eventParams = (event: EventRef) => [event.id, event.type, event.created];
  return {
    async seen(eventId) {
      const rows = await run("select 1 from private.stripe_events where id = $1", [eventId]);
      return rows.length > 0;
    },

    async applySubscription(event, snapshot) {
      const [row] = await run<{ fresh: boolean }>(
        `with ${NEW_EVENT},
         mirrored as (${mirrorUpsertSql(4, IF_NEW)})
         select exists (select 1 from new_event) as fresh`,
        [...eventParams(event), ...mirrorUpsertParams(snapshot, event.created)],
      );
      return { fresh: row?.fresh === true };
    },

    async applyCheckout(event, snapshot, consent, email) {
      const consentAt = 4 + MIRROR_PARAM_COUNT;
      const mailAt = consentAt + CONSENT_PARAM_COUNT;
      const c = (offset: number) => `$${consentAt + offset}`;
      const [row] = await run<{ fresh: boolean; emails: number }>(
        `with ${NEW_EVENT},
         mirrored as (${mirrorUpsertSql(4, IF_NEW)}),
         consent as (
           insert into private.subscription_consents
             (checkout_session_id, subscription_id, customer_email, plan, amount_total, currency,
              terms_accepted, terms_text, submit_text, express_start_question,
              express_start_answer, consented_at)
           select ${c(0)}::text, ${c(1)}::text, ${c(2)}::text, ${c(3)}::text, ${c(4)}::bigint,
                  ${c(5)}::text, ${c(6)}::boolean, ${c(7)}::text, ${c(8)}::text, ${c(9)}::text,
                  ${c(10)}::text, ${c(11)}::timestamptz
           where ${IF_NEW}
           on conflict do nothing
           returning checkout_session_id
         ),
         mail as (${queuedEmailSql(mailAt, "exists (select 1 from consent)")})
         select exists (select 1 from new_event) as fresh, (select count(*) from mail)::integer as emails`,
        [
          ...eventParams(event),
          ...mirrorUpsertParams(snapshot, event.created),
          consent.checkoutSessionId,
          consent.subscriptionId,
          consent.customerEmail,
          consent.plan,
          consent.amountTotal,
          consent.currency,
          consent.termsAccepted,
          consent.termsText,
          consent.submitText,
          consent.expressStartQuestion,
          consent.expressStartAnswer,
          consent.consentedAt,
          ...queuedEmailParams(email, options.local, options.now?.()),
        ],
      );
      return { fresh: row?.fresh === true, emailQueued: Number(row?.emails ?? 0) > 0 };
    },
  };
}
