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
