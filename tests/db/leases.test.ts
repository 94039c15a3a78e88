import type { Sql } from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPostgresDb, type PostgresDb } from "../../supabase/functions/_shared/db.ts";
import {
  createRequestStore,
  LeaseLostError,
  type RequestRow,
  type RequestStore,
} from "../../supabase/functions/manage-subscription/store.ts";
import {
  freshDatabase,
  holdInTransaction,
  observer,
  ROUTES,
  waitForLockWaits,
} from "./postgres-under-test.ts";

// The manage function's leases on a real server: two runners (two instances, a pool each)
// claim due requests at the same moment, and no request is ever held by both.

const CONNECTIONS_EACH = 4;

describe.each(ROUTES)("leases on subscription requests, $route", (route) => {
  let direct: string;
  let pools: PostgresDb[] = [];
  let runners: RequestStore[] = [];
  let watch: Sql;
  let holder: Sql;

  beforeAll(async () => {
    direct = await freshDatabase();
    pools = [0, 1].map(() => createPostgresDb(route.url(direct), { max: CONNECTIONS_EACH }));
    runners = pools.map((db) => createRequestStore(db));
    watch = observer(direct);
    holder = observer(direct);
  });

  afterAll(async () => {
    await Promise.all(pools.map((db) => db.close()));
    await watch?.end({ timeout: 5 });
    await holder?.end({ timeout: 5 });
  });

  beforeEach(async () => {
    await watch`truncate private.subscription_requests cascade`;
  });

  /** `count` requests, due now and held by no one (as after a failed attempt). */
  async function dueRequests(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const row = await runners[0]!.record({ kind: "cancel", email: `r${index}@example.test` });
      ids.push(row.id);
    }
    await watch`update private.subscription_requests
                   set locked_until = null, lease_owner = null,
                       next_attempt_at = statement_timestamp() - interval '1 second'`;
    return ids;
  }

  it("gives each of 40 due requests to exactly one of two racing runners", async () => {
    const ids = await dueRequests(40);
    // The table is locked while the claims arrive, so they all wait and then run together.
    const held = await holdInTransaction(
      holder,
      (tx) => tx`lock table private.subscription_requests in exclusive mode`,
    );
    const claims = Promise.all(
      Array.from({ length: 2 * CONNECTIONS_EACH }, (_, index) => runners[index % 2]!.claimDue(8)),
    );
    try {
      await waitForLockWaits(watch, route.serverConnections(2 * CONNECTIONS_EACH));
    } finally {
      await held.release();
    }

    const taken = (await claims).flatMap((rows) =>
      rows.map((row) => ({ id: row.id, lease: row.lease_owner })),
    );
    expect(taken.map((claim) => claim.id).sort()).toEqual([...ids].sort());
    expect(new Set(taken.map((claim) => claim.lease)).size).toBe(taken.length);
    const rows = await watch<{ id: string; lease_owner: string; attempts: number }[]>`
      select id, lease_owner, attempts from private.subscription_requests`;
    for (const row of rows) {
      expect(taken.find((claim) => claim.id === row.id)?.lease).toBe(row.lease_owner);
      expect(row.attempts).toBe(0);
    }
  });

  it("skips a request another runner is claiming, without waiting for it", async () => {
    const [busy, ...others] = await dueRequests(3);
    // Another runner's claim of `busy`, not yet committed.
    const held = await holdInTransaction(
      holder,
      (tx) => tx`
        update private.subscription_requests
           set locked_until = statement_timestamp() + interval '2 minutes',
               lease_owner = gen_random_uuid()
         where id = ${busy!}`,
    );
    let first: RequestRow[];
    try {
      first = await runners[0]!.claimDue(10);
    } finally {
      await held.release();
    }
    expect(first.map((row) => row.id).sort()).toEqual([...others].sort());
    expect(await runners[1]!.claimDue(10)).toEqual([]);
  });

  it("stops a runner whose lease ran out and another took the request", async () => {
    await dueRequests(1);
    const [mine] = await runners[0]!.claimDue(1);
    await watch`update private.subscription_requests
                   set locked_until = statement_timestamp() - interval '1 second'`;
    const [theirs] = await runners[1]!.claimDue(1);
    expect(theirs?.id).toBe(mine?.id);
    expect(theirs?.lease_owner).not.toBe(mine?.lease_owner);
    // A lease that ran out while held counts as an attempt whose runner died.
    expect(theirs?.attempts).toBe(1);

    await expect(runners[0]!.saveProgress(mine!, { subscriptions: [] })).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    const outcome = { subscriptions: [], stripeDone: true };
    const [late, done] = await Promise.all([
      runners[0]!.finish(mine!, "done", { subscriptions: [] }, null),
      runners[1]!.finish(theirs!, "done", outcome, "outbox-1"),
    ]);
    expect({ late, done }).toEqual({ late: false, done: true });
    const [row] = await watch<{ status: string; outcome: unknown; email_outbox_id: string }[]>`
      select status, outcome, email_outbox_id from private.subscription_requests`;
    expect(row).toEqual({ status: "done", outcome, email_outbox_id: "outbox-1" });
  });
});
