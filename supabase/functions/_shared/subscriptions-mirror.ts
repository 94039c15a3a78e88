import { asDatabaseError, type Db } from "./db.ts";
import { canonicalMailbox } from "./mailbox.ts";

// The subscriptions mirror (private.subscriptions): what Stripe last told the stripe-webhook
// function about each subscription. Whoever looks an address up (cancel, withdraw, change
// plans) asks here first, by canonical mailbox, then Stripe for what predates the webhook.

/** The statuses under which a subscription still renews or can still be paid. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

/** One row of the mirror, as the functions read it. */
export interface MirroredSubscription {
  id: string;
  customerId: string;
  /** The address as Stripe has it; null when the customer has none (or was deleted). */
  customerEmail: string | null;
  /** Its canonical form (`canonicalMailbox`). */
  mailbox: string | null;
  /** The public plan id (price_pro…), null for a price this site does not sell. */
  plan: string | null;
  priceId: string | null;
  status: string;
  startedAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** What an event says about a subscription, and when Stripe created that event. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  customerEmail: string | null;
  plan: string | null;
  priceId: string | null;
  status: string;
  startedAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

type Row = {
  id: string;
  customer_id: string;
  customer_email: string | null;
  mailbox: string | null;
  plan: string | null;
  price_id: string | null;
  status: string;
  started_at: Date | string | null;
  current_period_start: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  ended_at: Date | string | null;
};

const date = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

const COLUMNS = `id, customer_id, customer_email, mailbox, plan, price_id, status, started_at,
  current_period_start, current_period_end, cancel_at_period_end, ended_at`;

function fromRow(row: Row): MirroredSubscription {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerEmail: row.customer_email,
    mailbox: row.mailbox,
    plan: row.plan,
    priceId: row.price_id,
    status: row.status,
    startedAt: date(row.started_at),
    currentPeriodStart: date(row.current_period_start),
    currentPeriodEnd: date(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end === true,
    endedAt: date(row.ended_at),
  };
}

/**
 * The live subscriptions whose address reaches `mailbox` (any spelling: it is made canonical
 * here too), oldest first. Rejects with DatabaseUnavailableError when the database cannot answer.
 */
export async function findLiveByMailbox(db: Db, mailbox: string): Promise<MirroredSubscription[]> {
  try {
    const rows = await db.query<Row>(
      `select ${COLUMNS} from private.subscriptions
       where mailbox = $1 and status = any($2::text[])
       order by started_at nulls last, id`,
      [canonicalMailbox(mailbox), [...LIVE_STATUSES]],
    );
    return rows.map(fromRow);
  } catch (error) {
    throw asDatabaseError(error);
  }
}

/** One subscription by its Stripe id, or undefined when the mirror has not heard of it. */
export async function findSubscription(
  db: Db,
  id: string,
): Promise<MirroredSubscription | undefined> {
  try {
    const [row] = await db.query<Row>(
      `select ${COLUMNS} from private.subscriptions where id = $1`,
      [id],
    );
    return row === undefined ? undefined : fromRow(row);
  } catch (error) {
    throw asDatabaseError(error);
  }
}

/**
 * The parameters of `mirrorUpsertSql`, from `first` on: a snapshot and its event's time.
 * Kept beside the statement so both change together.
 */
export function mirrorUpsertParams(snapshot: SubscriptionSnapshot, eventCreated: Date): unknown[] {
  return [
    snapshot.id,
    snapshot.customerId,
    snapshot.customerEmail,
    snapshot.customerEmail === null ? null : canonicalMailbox(snapshot.customerEmail),
    snapshot.plan,
    snapshot.priceId,
    snapshot.status,
    snapshot.startedAt,
    snapshot.currentPeriodStart,
    snapshot.currentPeriodEnd,
    snapshot.cancelAtPeriodEnd,
    snapshot.endedAt,
    eventCreated,
  ];
}

/** How many parameters `mirrorUpsertParams` gives. */
export const MIRROR_PARAM_COUNT = 13;

/**
 * An `insert … on conflict` for one snapshot, as a CTE body, its parameters numbered from
 * `first`, written only `when` the given condition holds (the event is new). A row written
 * from a newer event is never overwritten by an older one; an address the event leaves out
 * (null) keeps the one the mirror has.
 */
export function mirrorUpsertSql(first: number, when: string): string {
  const p = (offset: number) => `$${first + offset}`;
  return `insert into private.subscriptions
      (id, customer_id, customer_email, mailbox, plan, price_id, status, started_at,
       current_period_start, current_period_end, cancel_at_period_end, ended_at, event_created)
    select ${p(0)}::text, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text,
           ${p(5)}::text, ${p(6)}::text, ${p(7)}::timestamptz, ${p(8)}::timestamptz,
           ${p(9)}::timestamptz, ${p(10)}::boolean, ${p(11)}::timestamptz, ${p(12)}::timestamptz
    where ${when}
    on conflict (id) do update set
      customer_id = excluded.customer_id,
      customer_email = coalesce(excluded.customer_email, private.subscriptions.customer_email),
      mailbox = coalesce(excluded.mailbox, private.subscriptions.mailbox),
      plan = coalesce(excluded.plan, private.subscriptions.plan),
      price_id = coalesce(excluded.price_id, private.subscriptions.price_id),
      status = excluded.status,
      started_at = coalesce(excluded.started_at, private.subscriptions.started_at),
      current_period_start = excluded.current_period_start,
      current_period_end = excluded.current_period_end,
      cancel_at_period_end = excluded.cancel_at_period_end,
      ended_at = excluded.ended_at,
      event_created = excluded.event_created,
      updated_at = statement_timestamp()
    where private.subscriptions.event_created <= excluded.event_created
    returning id`;
}

/** Deletes a bounded batch of what has passed its retention (the migration's rules). */
export async function pruneSubscriptionRecords(db: Db, asOf?: Date, batch = 500): Promise<number> {
  try {
    const [row] = await db.query<{ deleted: number }>(
      "select private.prune_subscription_records($1, coalesce($2::timestamptz, statement_timestamp())) as deleted",
      [batch, asOf ?? null],
    );
    return Number(row?.deleted ?? 0);
  } catch (error) {
    throw asDatabaseError(error);
  }
}

/**
 * Notes in the mirror a change this site has just made in Stripe (a cancellation set, undone
 * or made at once), stamped `at`: an event older than the change no longer overwrites it, and
 * Stripe's own event of the change, made after it, still does. A subscription the mirror has
 * not heard of is left alone.
 */
export async function noteOwnChange(
  db: Db,
  id: string,
  change: { cancelAtPeriodEnd: boolean } | { endedAt: Date },
  at: Date,
): Promise<void> {
  try {
    await db.query(
      "cancelAtPeriodEnd" in change
        ? `update private.subscriptions
             set cancel_at_period_end = $2::boolean,
                 event_created = greatest(event_created, $3::timestamptz),
                 updated_at = statement_timestamp()
           where id = $1::text`
        : `update private.subscriptions
             set status = 'canceled', ended_at = $2::timestamptz,
                 event_created = greatest(event_created, $3::timestamptz),
                 updated_at = statement_timestamp()
           where id = $1::text`,
      [id, "cancelAtPeriodEnd" in change ? change.cancelAtPeriodEnd : change.endedAt, at],
    );
  } catch (error) {
    throw asDatabaseError(error);
  }
}
