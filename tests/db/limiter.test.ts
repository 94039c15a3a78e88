import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, type PostgresDb } from "../../supabase/functions/_shared/db.ts";
import { createDbLimiter, sha256Hex } from "../../supabase/functions/_shared/rate-limit.ts";
import {
  freshDatabase,
  holdInTransaction,
  observer,
  ROUTES,
  waitForLockWaits,
} from "./postgres-under-test.ts";

// The limiter on a real server, hit by two instances' pools at once: every hit is one
// statement on one row, so however many connections race, exactly the limit goes through.

const LIMIT = 10;
const HITS = 60;
const CONNECTIONS_EACH = 5;

describe.each(ROUTES)("the rate limiter on a real PostgreSQL, $route", (route) => {
  let direct: string;
  let instances: PostgresDb[] = [];
  let watch: Sql;
  let holder: Sql;

  beforeAll(async () => {
    direct = await freshDatabase();
    instances = [0, 1].map(() => createPostgresDb(route.url(direct), { max: CONNECTIONS_EACH }));
    watch = observer(direct);
    holder = observer(direct);
  });

  afterAll(async () => {
    await Promise.all(instances.map((db) => db.close()));
    await watch?.end({ timeout: 5 });
    await holder?.end({ timeout: 5 });
  });

  it(`lets exactly ${LIMIT} of ${HITS} simultaneous hits on one key through`, async () => {
    const limiters = instances.map((db) =>
      createDbLimiter(db, { name: "race", limit: LIMIT, windowSeconds: 60 }),
    );
    const [first] = await Promise.all([limiters[0]!.hit("one client")]);
    expect(first).toEqual({ allowed: true });

    // The key's row is held while the other hits arrive, so they all wait on it together
    // (as many as there are server connections), then go through one at a time.
    const keyHash = await sha256Hex("one client");
    const held = await holdInTransaction(
      holder,
      (tx) => tx`
      select 1 from private.rate_limit_windows
       where name = 'race' and key_hash = ${keyHash} for update`,
    );
    const verdicts = Promise.all(
      Array.from({ length: HITS - 1 }, (_, index) => limiters[index % 2]!.hit("one client")),
    );
    try {
      await waitForLockWaits(watch, route.serverConnections(2 * CONNECTIONS_EACH));
    } finally {
      await held.release();
    }

    const all = [first, ...(await verdicts)];
    expect(all.filter((verdict) => verdict?.allowed)).toHaveLength(LIMIT);
    const refused = all.filter((each) => each?.allowed === false);
    // Exactly one refusal is the window's first, so its one log line is written once.
    expect(refused.filter((verdict) => verdict?.first)).toHaveLength(1);
    for (const verdict of refused) {
      expect(verdict).toEqual({
        allowed: false,
        retryAfterSeconds: expect.any(Number),
        first: expect.any(Boolean),
      });
      if (verdict?.allowed === false) {
        expect(verdict.retryAfterSeconds).toBeGreaterThan(0);
        expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
    }
    const [row] = await watch<{ hits: number }[]>`
      select hits from private.rate_limit_windows where name = 'race'`;
    expect(row?.hits).toBe(HITS);
  });

  it("counts each key on its own while they race", async () => {
    const limiters = instances.map((db) =>
      createDbLimiter(db, { name: "keys", limit: 3, windowSeconds: 60 }),
    );
    const keys = ["a", "b", "c", "d"];
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        limiters[index % 2]!.hit(keys[index % keys.length]!).then((verdict) => ({
          key: keys[index % keys.length]!,
          allowed: verdict.allowed,
        })),
      ),
    );
    for (const key of keys) {
      const passed = verdicts.filter((verdict) => verdict.key === key && verdict.allowed);
      expect(passed, key).toHaveLength(3);
    }
  });
});
