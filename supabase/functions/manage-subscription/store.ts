import { asDatabaseError, type Db } from "../_shared/db.ts";

// The requests table (supabase/migrations/…_subscription_requests.sql): every request is
// written before any work starts, and marked done only after the work is done.

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
}

/** What was done to each subscription, saved after every step so a retry resumes, never repeats. */
export interface SubscriptionOutcome {
  id: string;
  plan?: string;
  /** ISO time: the last paid moment. */
  lastPaid?: string;
  action: "cancel_at_period_end" | "canceled_now" | "kept";
  /** Withdrawal inside the 14 days: the refund made, or why a person must work it out. */
  refund?: { id: string; amount: number; currency: string } | { operator: string };
  /** Withdrawal inside the 14 days: the refund worked out before the subscription ended. */
  planned?: { paymentIntent: string; amount: number; currency: string } | { operator: string };
  /** Withdrawal after the 14 days: treated as a cancellation at period end. */
  late?: boolean;
  /** Withdrawal: the withdrawal period's last day (YYYY-MM-DD) and the moment it ends (ISO). */
  withdrawal?: { lastDay: string; endsAt: string };
  /** Only for the e-mail: where the address on file is. */
  email?: string;
}

export interface Outcome {
  subscriptions: SubscriptionOutcome[];
  /** True once every Stripe call is made; the e-mail comes after. */
  stripeDone?: boolean;
  /** Why the request waits for a person: no payment provider, or a withdrawal matched none. */
  queued?: "no_billing" | "no_match";
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

const COLUMNS =
  "id, kind, email, statement, subscription_id, received_at, status, attempts, outcome, ack_outbox_id, email_outbox_id";

export interface RequestStore {
  /** Writes the request, already held by the caller (locked) so no sweep takes it meanwhile. */
  record(input: {
    kind: RequestKind;
    email?: string;
    statement?: WithdrawalStatement;
    subscriptionId?: string;
  }): Promise<RequestRow>;
  /** Pending requests whose next attempt is due and that no worker holds; takes them. */
  claimDue(limit: number): Promise<RequestRow[]>;
  saveProgress(id: string, outcome: Outcome): Promise<void>;
  setAck(id: string, outboxId: string): Promise<void>;
  finish(
    id: string,
    status: "done" | "operator",
    outcome: Outcome,
    emailOutboxId: string | null,
  ): Promise<void>;
  /** Counts a failed attempt: retried later, or `failed` after MAX_ATTEMPTS. */
  failAttempt(id: string, error: string): Promise<RequestStatus>;
  /** Ends a request that will not be retried (the visitor was told to try again). */
  giveUp(id: string, reason: string): Promise<void>;
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
             (kind, email, statement, subscription_id, locked_until, retain_until)
           values ($1, $2, $3::jsonb, $4, statement_timestamp() + make_interval(secs => ${LOCK_SECONDS}),
                   ${RETENTION_SQL[kind]})
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
    claimDue: (limit) =>
      guarded(async () => {
        const rows = await db.query<RequestRow>(
          `update private.subscription_requests
              set locked_until = statement_timestamp() + make_interval(secs => ${LOCK_SECONDS})
            where id in (
              select id from private.subscription_requests
               where status = 'pending' and next_attempt_at <= statement_timestamp()
                 and (locked_until is null or locked_until <= statement_timestamp())
               order by next_attempt_at
               limit $1
               for update skip locked)
           returning ${COLUMNS}`,
          [limit],
        );
        return rows.map(normalise);
      }),
    saveProgress: (id, outcome) =>
      guarded(async () => {
        await db.query(
          `update private.subscription_requests set outcome = $2::jsonb where id = $1`,
          [id, JSON.stringify(outcome)],
        );
      }),
    setAck: (id, outboxId) =>
      guarded(async () => {
        await db.query(
          `update private.subscription_requests set ack_outbox_id = $2 where id = $1`,
          [id, outboxId],
        );
      }),
    finish: (id, status, outcome, emailOutboxId) =>
      guarded(async () => {
        await db.query(
          `update private.subscription_requests
              set status = $2, outcome = $3::jsonb, email_outbox_id = coalesce($4, email_outbox_id),
                  completed_at = statement_timestamp(), locked_until = null, last_error = null
            where id = $1`,
          [id, status, JSON.stringify(outcome), emailOutboxId],
        );
      }),
    failAttempt: (id, error) =>
      guarded(async () => {
        const [row] = await db.query<{ status: RequestStatus }>(
          `update private.subscription_requests
              set attempts = attempts + 1,
                  status = case when attempts + 1 >= $3 then 'failed' else 'pending' end,
                  next_attempt_at = statement_timestamp()
                    + make_interval(mins => least(1440, power(4, attempts)::integer)),
                  locked_until = null, last_error = left($2, 200)
            where id = $1
           returning status`,
          [id, error, MAX_ATTEMPTS],
        );
        return row?.status ?? "failed";
      }),
    giveUp: (id, reason) =>
      guarded(async () => {
        await db.query(
          `update private.subscription_requests
              set status = 'failed', last_error = left($2, 200), locked_until = null,
                  completed_at = statement_timestamp()
            where id = $1`,
          [id, reason],
        );
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
