import { asDatabaseError, type Db } from "../_shared/db.ts";

// The requests table (supabase/migrations/…_subscription_requests.sql): every request is
// written before any work starts, and marked done only after the work is done.
// JSON goes in as text cast on the server (`$n::text::jsonb`): postgres.js serializes a
// parameter the server calls jsonb with JSON.stringify, so a string bound as `$n::jsonb` would
// be stored as one JSON string, which `->` and `@>` then never match.

export type RequestKind = "cancel" | "withdraw" | "keep";
export type RequestStatus = "pending" | "done" | "failed" | "operator";

/** A withdrawal statement as the visitor gave it. */
export interface WithdrawalStatement {
  name: string;
  plan?: string;
  subscribedOn?: string;
  confirmTo: string;
}

export interface RequestRow {
  id: string;
  kind: RequestKind;
  email: string | null;
  statement: WithdrawalStatement | null;
  subscription_id: string | null;
  received_at: Date;
  status: RequestStatus;
  attempts: number;
  outcome: Outcome | null;
  ack_outbox_id: string | null;
  email_outbox_id: string | null;
  /** The token of the worker that holds the request; every later write names it. */
  lease_owner: string | null;
}

/** A request as its holder knows it: the store writes only while `lease_owner` still holds. */
export type HeldRequest = Pick<RequestRow, "id" | "lease_owner">;

/**
 * The request's lease ran out and another worker took it: the holder that lost it stops, and
 * its writes are dropped, so it never overwrites what the new holder does.
 */
/** Another request held the subscription for longer than a holder may: try again later. */
export class SubscriptionBusyError extends Error {
  constructor() {
    super("Another request holds this subscription");
    this.name = "SubscriptionBusyError";
  }
}

/** A withdrawal of the same address is under way: the cancellation's e-mail waits for it. */
export class WithdrawalUnderWayError extends Error {
  constructor() {
    super("A withdrawal of this address is under way");
    this.name = "WithdrawalUnderWayError";
  }
}

export class LeaseLostError extends Error {
  constructor() {
    super("Another worker holds this request now");
    this.name = "LeaseLostError";
  }
}

/** A withdrawal's planned refund, as `SubscriptionOutcome.planned` holds it. */
export type PlannedRefund = NonNullable<SubscriptionOutcome["planned"]>;

/** What was done to each subscription, saved after every step so a retry resumes, never repeats. */
export interface SubscriptionOutcome {
  id: string;
  plan?: string;
  /** ISO time: the last paid moment. */
  lastPaid?: string;
  /**
   * `withdrawal_pending`: a withdrawal confirmed to another mailbox than the one on file, which
   * waits until `dueAt` for its owner's "this wasn't me"; `stopped`: the owner stopped it.
   */
  action: "cancel_at_period_end" | "canceled_now" | "kept" | "withdrawal_pending" | "stopped";
  /** A pending withdrawal: the moment (ISO) it ends the subscription unless stopped. */
  dueAt?: string;
  /**
   * Withdrawal inside the 14 days: the refund made, or why a person must work it out. `first`:
   * the customer's first subscription, which gets at least its first payment back in full.
   */
  refund?:
    | { id: string; amount: number; currency: string; first?: true }
    | { operator: string; first?: true };
  /** Withdrawal inside the 14 days: the refund worked out before the subscription ended. */
  planned?:
    | { paymentIntent: string; amount: number; currency: string; first?: true }
    | { operator: string; first?: true };
  /** Withdrawal after the 14 days: treated as a cancellation at period end. */
  late?: boolean;
  /** Canceled while past due: the current period's renewal was not paid, and was voided. */
  unpaid?: boolean;
  /** Withdrawal: the withdrawal period's last day (YYYY-MM-DD) and the moment it ends (ISO). */
  withdrawal?: { lastDay: string; endsAt: string };
  /** Only for the e-mail: where the address on file is. */
  email?: string;
}

export interface Outcome {
  subscriptions: SubscriptionOutcome[];
  /** True once every Stripe call is made; the e-mail comes after. */
  stripeDone?: boolean;
  /**
   * Why the request waits for a person: no payment provider, a withdrawal matched none, or its
   * subscription ended another way while the withdrawal waited.
   */
  queued?: "no_billing" | "no_match" | "ended_while_waiting";
  /** Subscriptions found that another withdrawal ends and refunds, or has already. */
  withdrawnElsewhere?: string[];
  /** The e-mails about the outcome written so far, saved as each is: a retry sends none twice. */
  emailed?: { to: string; outboxId: string }[];
}

/** Retention: how long each kind of row is kept (see the migration and the Privacy Policy). */
export const RETENTION_SQL: Record<RequestKind, string> = {
  cancel: "statement_timestamp() + interval '13 months'",
  keep: "statement_timestamp() + interval '13 months'",
  withdraw: "date_trunc('year', statement_timestamp()) + interval '4 years'",
};

/** Attempts before a request is marked failed for the operator; the waits between them are
 * 1, 4, 16, 64 and 256 minutes. */
export const MAX_ATTEMPTS = 6;
/** How long one worker holds a request. */
const LOCK_SECONDS = 120;
/**
 * How long one holder keeps a subscription at most: longer than its Stripe calls can take
 * (three tries of 8 s each, twice), so a live holder never loses it; a dead one frees it.
 */
const SUBSCRIPTION_LEASE_SECONDS = 90;
/** How long a fresh withdrawal holds back a cancellation's e-mail of the same address. */
const WITHDRAWAL_UNDER_WAY_MINUTES = 10;
/** How long a request waits for a subscription another one holds before it gives up for now. */
export const SUBSCRIPTION_WAIT_MS = 30_000;

const COLUMNS =
  "id, kind, email, statement, subscription_id, received_at, status, attempts, outcome, ack_outbox_id, email_outbox_id, lease_owner";

export interface RequestStore {
  /** Writes the request, already held by the caller (locked) so no sweep takes it meanwhile. */
  record(input: {
    kind: RequestKind;
    email?: string;
    statement?: WithdrawalStatement;
    subscriptionId?: string;
  }): Promise<RequestRow>;
  /**
   * Pending requests whose next attempt is due and that no worker holds; takes each with a
   * lease of its own (a new `lease_owner`), in one statement, so two workers never share one.
   */
  claimDue(limit: number, asOf?: Date): Promise<RequestRow[]>;
  /**
   * Sets the request aside until `until` (a withdrawal's wait), saving its outcome and freeing
   * its lease, so `claimDue` takes it again then; throws LeaseLostError when not held.
   */
  postpone(held: HeldRequest, outcome: Outcome, until: Date): Promise<void>;
  /**
   * Runs `work` while holding the subscription, so no other cancellation, keep or withdrawal
   * of it checks, writes or saves meanwhile. Waits its turn up to SUBSCRIPTION_WAIT_MS, then
   * throws SubscriptionBusyError.
   */
  withSubscription<T>(subscriptionId: string, work: () => Promise<T>): Promise<T>;
  /**
   * Whether a withdrawal naming this address (any case) arrived within the last few minutes
   * and is still at its first attempt, not set aside to wait: a cancellation's e-mail waits
   * for it, so no undo link goes out for a subscription it is about to end.
   */
  withdrawalUnderWay(email: string, exceptId: string): Promise<boolean>;
  /** Whether a "Keep my subscription" for it succeeded after `since`. */
  keptSince(subscriptionId: string, since: Date): Promise<boolean>;
  /** Saves progress and renews the lease; throws LeaseLostError when another worker holds it. */
  saveProgress(held: HeldRequest, outcome: Outcome): Promise<void>;
  /** Throws LeaseLostError when another worker holds the request. */
  setAck(held: HeldRequest, outboxId: string): Promise<void>;
  /** Ends the request; false (and nothing written) when another worker holds it. */
  finish(
    held: HeldRequest,
    status: "done" | "operator",
    outcome: Outcome,
    emailOutboxId: string | null,
  ): Promise<boolean>;
  /**
   * Counts a failed attempt: retried later, or `failed` after MAX_ATTEMPTS; `lease_lost` (and
   * nothing counted) when another worker holds the request.
   */
  failAttempt(held: HeldRequest, error: string): Promise<RequestStatus | "lease_lost">;
  /** Ends a request that will not be retried; false (nothing written) when not held. */
  giveUp(held: HeldRequest, reason: string): Promise<boolean>;
  /**
   * Takes the one withdrawal of a subscription for this request: true when this request holds
   * it (now, or since an earlier attempt), false when another request withdrew it first, which
   * then ends and refunds it alone.
   */
  claimWithdrawal(
    held: HeldRequest,
    subscriptionId: string,
    planned: PlannedRefund,
  ): Promise<boolean>;
  /** Which of these subscriptions a withdrawal has already claimed (ended and refunded). */
  withdrawnAlready(subscriptionIds: readonly string[]): Promise<string[]>;
  /**
   * The request that last canceled the subscription at its period end, or set a withdrawal of
   * it waiting (the one whose e-mail holds the live "Keep my subscription" link), or null.
   */
  latestCancellation(subscriptionId: string): Promise<string | null>;
  prune(): Promise<number>;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asDatabaseError(error);
  }
}

export function createRequestStore(db: Db): RequestStore {
  return {
    record: ({ kind, email, statement, subscriptionId }) =>
      guarded(async () => {
        const [row] = await db.query<RequestRow>(
          `insert into private.subscription_requests
             (kind, email, statement, subscription_id, locked_until, lease_owner, retain_until)
           values ($1, $2, $3::text::jsonb, $4, statement_timestamp() + make_interval(secs => ${LOCK_SECONDS}),
                   gen_random_uuid(), ${RETENTION_SQL[kind]})
           returning ${COLUMNS}`,
          [
            kind,
            email ?? null,
            statement === undefined ? null : JSON.stringify(statement),
            subscriptionId ?? null,
          ],
        );
        if (row === undefined) throw new Error("The request was not recorded");
        return normalise(row);
      }),
    claimDue: (limit, asOf) =>
      guarded(async () => {
        // The outer WHERE repeats the inner one: a row another worker took between this
        // statement's snapshot and its lock is re-read and left alone.
        const rows = await db.query<RequestRow>(
          `update private.subscription_requests
              set locked_until = statement_timestamp() + make_interval(secs => ${LOCK_SECONDS}),
                  lease_owner = gen_random_uuid(),
                  -- A lease still held when it ran out is an attempt whose worker died.
                  attempts = attempts + case when lease_owner is null then 0 else 1 end
            where id in (
              select id from private.subscription_requests
               where status = 'pending'
                 and next_attempt_at <= coalesce($2::timestamptz, statement_timestamp())
                 and (locked_until is null or locked_until <= statement_timestamp())
               order by next_attempt_at
               limit $1
               for update skip locked)
              and status = 'pending'
              and (locked_until is null or locked_until <= statement_timestamp())
           returning ${COLUMNS}`,
          [limit, asOf ?? null],
        );
        return rows.map(normalise);
      }),
    saveProgress: (held, outcome) =>
      guarded(async () => {
        const rows = await db.query(
          `update private.subscription_requests
              set outcome = $3::text::jsonb,
                  locked_until = greatest(locked_until,
                    statement_timestamp() + make_interval(secs => ${LOCK_SECONDS}))
            where id = $1 and lease_owner = $2
           returning id`,
          [held.id, held.lease_owner, JSON.stringify(outcome)],
        );
        if (rows.length === 0) throw new LeaseLostError();
      }),
    postpone: (held, outcome, until) =>
      guarded(async () => {
        const rows = await db.query(
          `update private.subscription_requests
              set outcome = $3::text::jsonb, next_attempt_at = $4::timestamptz,
                  locked_until = null, lease_owner = null
            where id = $1 and lease_owner = $2
           returning id`,
          [held.id, held.lease_owner, JSON.stringify(outcome), until],
        );
        if (rows.length === 0) throw new LeaseLostError();
      }),
    async withSubscription(subscriptionId, work) {
      const holder = crypto.randomUUID();
      const deadline = Date.now() + SUBSCRIPTION_WAIT_MS;
      // A row lease rather than pg_advisory_lock: a pool hands each statement any connection,
      // and PGlite has one session, where a session lock would never make anyone wait.
      for (let pause = 5; ; pause = Math.min(200, pause * 2)) {
        const taken = await guarded(() =>
          db.query(
            `insert into private.subscription_locks (subscription_id, holder, locked_until)
             values ($1, $2::uuid, statement_timestamp() + make_interval(secs => ${SUBSCRIPTION_LEASE_SECONDS}))
             on conflict (subscription_id) do update
               set holder = excluded.holder, locked_until = excluded.locked_until
               where private.subscription_locks.locked_until <= statement_timestamp()
             returning holder`,
            [subscriptionId, holder],
          ),
        );
        if (taken.length > 0) break;
        if (Date.now() >= deadline) throw new SubscriptionBusyError();
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
      try {
        return await work();
      } finally {
        await guarded(() =>
          db.query(
            "delete from private.subscription_locks where subscription_id = $1 and holder = $2::uuid",
            [subscriptionId, holder],
          ),
        ).catch(() => {});
      }
    },
    withdrawalUnderWay: (email, exceptId) =>
      guarded(async () => {
        const rows = await db.query(
          `select 1 from private.subscription_requests
            where kind = 'withdraw' and status = 'pending' and attempts = 0 and id <> $2::uuid
              and lower(email) = lower($1)
              and received_at > statement_timestamp() - interval '${WITHDRAWAL_UNDER_WAY_MINUTES} minutes'
              and next_attempt_at <= statement_timestamp()
            limit 1`,
          [email, exceptId],
        );
        return rows.length > 0;
      }),
    keptSince: (subscriptionId, since) =>
      guarded(async () => {
        const rows = await db.query(
          `select 1 from private.subscription_requests
            where kind = 'keep' and subscription_id = $1 and status = 'done'
              and received_at > $2::timestamptz
            limit 1`,
          [subscriptionId, since],
        );
        return rows.length > 0;
      }),
    setAck: (held, outboxId) =>
      guarded(async () => {
        const rows = await db.query(
          `update private.subscription_requests set ack_outbox_id = $3
            where id = $1 and lease_owner = $2
           returning id`,
          [held.id, held.lease_owner, outboxId],
        );
        if (rows.length === 0) throw new LeaseLostError();
      }),
    finish: (held, status, outcome, emailOutboxId) =>
      guarded(async () => {
        const rows = await db.query(
          `update private.subscription_requests
              set status = $3, outcome = $4::text::jsonb, email_outbox_id = coalesce($5, email_outbox_id),
                  completed_at = statement_timestamp(), locked_until = null, lease_owner = null,
                  last_error = null
            where id = $1 and lease_owner = $2
           returning id`,
          [held.id, held.lease_owner, status, JSON.stringify(outcome), emailOutboxId],
        );
        return rows.length > 0;
      }),
    failAttempt: (held, error) =>
      guarded(async () => {
        const [row] = await db.query<{ status: RequestStatus }>(
          `update private.subscription_requests
              set attempts = attempts + 1,
                  status = case when attempts + 1 >= $4 then 'failed' else 'pending' end,
                  next_attempt_at = statement_timestamp()
                    + make_interval(mins => least(1440, power(4, attempts)::integer)),
                  locked_until = null, lease_owner = null, last_error = left($3, 200)
            where id = $1 and lease_owner = $2
           returning status`,
          [held.id, held.lease_owner, error, MAX_ATTEMPTS],
        );
        return row?.status ?? "lease_lost";
      }),
    giveUp: (held, reason) =>
      guarded(async () => {
        const rows = await db.query(
          `update private.subscription_requests
              set status = 'failed', last_error = left($3, 200), locked_until = null,
                  lease_owner = null, completed_at = statement_timestamp()
            where id = $1 and lease_owner = $2
           returning id`,
          [held.id, held.lease_owner, reason],
        );
        return rows.length > 0;
      }),
    claimWithdrawal: (held, subscriptionId, planned) =>
      guarded(async () => {
        const refund = "operator" in planned ? undefined : planned;
        // One atomic insert takes the claim; a second request (or one that raced it) finds the
        // row and leaves the subscription to the request that holds it.
        const taken = await db.query(
          `insert into private.subscription_withdrawals
             (subscription_id, request_id, payment_intent, amount, currency)
           values ($1, $2, $3, $4, $5)
           on conflict do nothing
           returning request_id`,
          [
            subscriptionId,
            held.id,
            refund?.paymentIntent ?? null,
            refund?.amount ?? null,
            refund?.currency ?? null,
          ],
        );
        if (taken.length > 0) return true;
        const [holder] = await db.query<{ request_id: string }>(
          `select request_id from private.subscription_withdrawals where subscription_id = $1`,
          [subscriptionId],
        );
        // No row for the subscription: its payment is another subscription's claim.
        return holder?.request_id === held.id;
      }),
    withdrawnAlready: (subscriptionIds) =>
      guarded(async () => {
        if (subscriptionIds.length === 0) return [];
        const rows = await db.query<{ subscription_id: string }>(
          `select subscription_id from private.subscription_withdrawals
            where subscription_id = any($1::text[])`,
          [subscriptionIds],
        );
        return rows.map((row) => row.subscription_id);
      }),
    latestCancellation: (subscriptionId) =>
      guarded(async () => {
        const [row] = await db.query<{ id: string }>(
          `select id from private.subscription_requests
            where kind in ('cancel', 'withdraw')
              and (outcome -> 'subscriptions' @> jsonb_build_array(
                     jsonb_build_object('id', $1::text, 'action', 'cancel_at_period_end'))
                or outcome -> 'subscriptions' @> jsonb_build_array(
                     jsonb_build_object('id', $1::text, 'action', 'withdrawal_pending')))
            order by received_at desc, id desc
            limit 1`,
          [subscriptionId],
        );
        return row?.id ?? null;
      }),
    prune: () =>
      guarded(async () => {
        const [row] = await db.query<{ deleted: number }>(
          "select private.prune_subscription_requests(500) as deleted",
        );
        return Number(row?.deleted ?? 0);
      }),
  };
}

/** Drivers differ on jsonb and timestamptz: PGlite and postgres.js both parse them, but be sure. */
function normalise(row: RequestRow): RequestRow {
  const parse = <T>(value: unknown): T | null =>
    value === null || value === undefined
      ? null
      : typeof value === "string"
        ? (JSON.parse(value) as T)
        : (value as T);
  return {
    ...row,
    statement: parse<WithdrawalStatement>(row.statement),
    outcome: parse<Outcome>(row.outcome),
    received_at:
      row.received_at instanceof Date ? row.received_at : new Date(String(row.received_at)),
    attempts: Number(row.attempts),
  };
}
