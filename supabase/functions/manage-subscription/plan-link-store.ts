import { PLAN_LINK_HOURS } from "../_shared/contract.ts";
import { asDatabaseError, type Db } from "../_shared/db.ts";

// Which change-plan links were used (supabase/migrations/…_plan_links.sql): a link's nonce is
// written when its button is pressed, so a second press, or a copy of the link, is refused.

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
        // A used link is kept only until it could no longer be used anyway.
        await db.query("delete from private.plan_link_uses where expires_at < now()");
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
 * after that; the job runner calls this. Judged by the database's clock, like all pruning.
 */
export async function pruneSpentPlanLinks(db: Db, batch = 500): Promise<number> {
  return await guarded(async () => {
    const [row] = await db.query<{ deleted: number }>(
      `with uses as (
         delete from private.plan_link_uses where nonce in (
           select nonce from private.plan_link_uses
           where expires_at <= statement_timestamp() limit $1::integer)
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
      [batch, PLAN_LINK_EMAIL_KIND, PLAN_LINK_HOURS],
    );
    return Number(row?.deleted ?? 0);
  });
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
