import { PLAN_LINK_HOURS } from "../_shared/contract.ts";
import { asDatabaseError, type Db } from "../_shared/db.ts";

// Which plan links were used (supabase/migrations/…_plan_links.sql, …_end_older_links.sql): a
// link's nonce is written when its button is pressed, so a second press, or a copy of the link,
// is refused. An end-older use stays unfinished (`done` false) until its subscription is ended
// and refunded, with its progress saved after each Stripe write, so the job runner resumes it.

/** How often an unfinished end-older use is tried in all before a person must finish it. */
export const END_OLDER_MAX_ATTEMPTS = 6;
/** How long the job runner leaves a fresh use to the visitor's own request first. */
const END_OLDER_GRACE_SECONDS = 120;

/** What ending an older subscription planned and made so far. */
export interface EndOlderProgress {
  /** The refund worked out from the moment the button was pressed, before anything changed. */
  planned?:
    | { paymentIntent: string; amount: number; currency: string }
    | { nothing: string }
    | { operator: string };
  canceled?: true;
  refund?: { id: string; amount: number; currency: string };
}

/** One end-older link's use. */
export interface EndOlderUse {
  nonce: string;
  subscriptionId: string;
  customerId: string;
  usedAt: Date;
  done: boolean;
  attempts: number;
  progress: EndOlderProgress;
}

export interface EndOlderUses {
  /**
   * Records the link as used and unfinished, or finds its earlier use: `fresh` false then.
   * Call it while holding the subscription (store.withSubscription).
   */
  claim(
    nonce: string,
    subscriptionId: string,
    customerId: string,
    expiresAt: Date,
  ): Promise<{ fresh: boolean; use: EndOlderUse }>;
  /** The use as it stands (for a runner that waited for the subscription), or undefined. */
  read(nonce: string): Promise<EndOlderUse | undefined>;
  /** Saves progress; `done` once the subscription is ended and refunded. */
  save(nonce: string, progress: EndOlderProgress, done: boolean): Promise<void>;
  /** Counts a failed attempt and sets the next; returns the attempts made so far. */
  fail(nonce: string, error: string): Promise<number>;
  /** Gives the link back: nothing was changed (the subscription had already ended). */
  release(nonce: string): Promise<void>;
  /** Unfinished uses whose next attempt is due at `asOf`, under the attempts' limit. */
  due(limit: number, asOf: Date): Promise<EndOlderUse[]>;
}

export interface PlanLinkStore {
  /** Records the link as used; false when it was used before. */
  claim(nonce: string, subscriptionId: string, expiresAt: Date): Promise<boolean>;
  /** Gives a claimed link back, when the portal could not be opened for it. */
  release(nonce: string): Promise<void>;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asDatabaseError(error);
  }
}

export function createPlanLinkStore(db: Db): PlanLinkStore {
  return {
    claim: (nonce, subscriptionId, expiresAt) =>
      guarded(async () => {
        // A used link is kept only until it could no longer be used anyway; an unfinished
        // end-older use until it is finished or given up.
        await db.query(PRUNE_USES, [END_OLDER_MAX_ATTEMPTS]);
        const rows = await db.query(
          `insert into private.plan_link_uses (nonce, subscription_id, expires_at)
           values ($1, $2, $3) on conflict (nonce) do nothing returning nonce`,
          [nonce, subscriptionId, expiresAt.toISOString()],
        );
        return rows.length === 1;
      }),
    release: (nonce) =>
      guarded(async () => {
        await db.query("delete from private.plan_link_uses where nonce = $1", [nonce]);
      }),
  };
}

/** The outbox kind of the e-mail that carries a change-plan link (change-plan.ts). */
export const PLAN_LINK_EMAIL_KIND = "change_plan_link";

/**
 * Deletes a bounded batch of what a change-plan link leaves once it can no longer be used: the
 * record of its use and the outbox copy of the e-mail that carried it, whose link expires
 * PLAN_LINK_HOURS after it was written. The Privacy Policy promises both go at the clean-up
 * after that (an end-older use only once it is done or has run out of attempts); the job
 * runner calls this. Judged by the database's clock, like all pruning.
 */
export async function pruneSpentPlanLinks(db: Db, batch = 500): Promise<number> {
  return await guarded(async () => {
    const [row] = await db.query<{ deleted: number }>(
      `with uses as (
         delete from private.plan_link_uses where nonce in (
           select nonce from private.plan_link_uses
           where expires_at <= statement_timestamp()
             and (done or attempts >= $4::integer) limit $1::integer)
         returning 1
       ),
       mail as (
         delete from private.email_outbox where id in (
           select id from private.email_outbox
           where kind = $2 and created_at <= statement_timestamp() - make_interval(hours => $3::integer)
           limit $1::integer)
         returning 1
       )
       select ((select count(*) from uses) + (select count(*) from mail))::integer as deleted`,
      [batch, PLAN_LINK_EMAIL_KIND, PLAN_LINK_HOURS, END_OLDER_MAX_ATTEMPTS],
    );
    return Number(row?.deleted ?? 0);
  });
}

const PRUNE_USES = `delete from private.plan_link_uses
  where expires_at < now() and (done or attempts >= $1)`;

type UseRow = {
  nonce: string;
  subscription_id: string;
  customer_id: string | null;
  used_at: Date | string;
  done: boolean;
  attempts: number;
  progress: EndOlderProgress | string | null;
};
const USE_COLUMNS = "nonce, subscription_id, customer_id, used_at, done, attempts, progress";

function useOf(row: UseRow): EndOlderUse {
  return {
    nonce: row.nonce,
    subscriptionId: row.subscription_id,
    customerId: row.customer_id ?? "",
    usedAt: row.used_at instanceof Date ? row.used_at : new Date(row.used_at),
    done: row.done === true,
    attempts: Number(row.attempts),
    progress:
      typeof row.progress === "string"
        ? (JSON.parse(row.progress) as EndOlderProgress)
        : (row.progress ?? {}),
  };
}

export function createEndOlderUses(db: Db): EndOlderUses {
  const read = (nonce: string) =>
    guarded(async () => {
      const [row] = await db.query<UseRow>(
        `select ${USE_COLUMNS} from private.plan_link_uses where nonce = $1 and purpose = 'end-older'`,
        [nonce],
      );
      return row === undefined ? undefined : useOf(row);
    });
  return {
    read,
    claim: (nonce, subscriptionId, customerId, expiresAt) =>
      guarded(async () => {
        await db.query(PRUNE_USES, [END_OLDER_MAX_ATTEMPTS]);
        const [row] = await db.query<UseRow>(
          `insert into private.plan_link_uses
             (nonce, subscription_id, expires_at, purpose, customer_id, done, progress,
              next_attempt_at)
           values ($1, $2, $3, 'end-older', $4, false, '{}'::jsonb,
                   statement_timestamp() + make_interval(secs => ${END_OLDER_GRACE_SECONDS}))
           on conflict (nonce) do nothing
           returning ${USE_COLUMNS}`,
          [nonce, subscriptionId, expiresAt.toISOString(), customerId],
        );
        if (row !== undefined) return { fresh: true, use: useOf(row) };
        const earlier = await read(nonce);
        if (earlier === undefined) throw new Error("The link's use was neither new nor found");
        return { fresh: false, use: earlier };
      }),
    save: (nonce, progress, done) =>
      guarded(async () => {
        await db.query(
          `update private.plan_link_uses set progress = $2::text::jsonb, done = $3,
             last_error = case when $3 then null else last_error end
           where nonce = $1`,
          [nonce, JSON.stringify(progress), done],
        );
      }),
    fail: (nonce, error) =>
      guarded(async () => {
        // Waits of 1, 2, 4, 8 and 16 minutes: the five retries span about half an hour.
        const [row] = await db.query<{ attempts: number }>(
          `update private.plan_link_uses
              set attempts = attempts + 1, last_error = left($2, 200),
                  next_attempt_at = statement_timestamp() + make_interval(mins => power(2, attempts)::integer)
            where nonce = $1
           returning attempts`,
          [nonce, error],
        );
        return Number(row?.attempts ?? 0);
      }),
    release: (nonce) =>
      guarded(async () => {
        await db.query("delete from private.plan_link_uses where nonce = $1 and not done", [nonce]);
      }),
    due: (limit, asOf) =>
      guarded(async () => {
        const rows = await db.query<UseRow>(
          `select ${USE_COLUMNS} from private.plan_link_uses
            where not done and purpose = 'end-older' and attempts < $3
              and next_attempt_at <= $2::timestamptz
            order by next_attempt_at limit $1`,
          [limit, asOf.toISOString(), END_OLDER_MAX_ATTEMPTS],
        );
        return rows.map(useOf);
      }),
  };
}

/** In memory, for tests and for a process without a database. */
export function createMemoryPlanLinkStore(): PlanLinkStore & { used: Set<string> } {
  const used = new Set<string>();
  return {
    used,
    claim: async (nonce) => {
      if (used.has(nonce)) return false;
      used.add(nonce);
      return true;
    },
    release: async (nonce) => {
      used.delete(nonce);
    },
  };
}
