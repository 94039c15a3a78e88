import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearFunctionState, openTestDb } from "../../../tests/db/test-db.ts";
import { DatabaseUnavailableError } from "./db.ts";
import { createDbLimiter, createMinuteLimiters, sha256Hex } from "./rate-limit.ts";

// The limiter against a real Postgres (PGlite, with the migrations applied).

let db: EmbeddedDb;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(() => db.close());
beforeEach(() => clearFunctionState(db));

function fakeClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("createDbLimiter", () => {
  it("allows `limit` hits per window and reports the wait", async () => {
    const clock = fakeClock();
    const limiter = createDbLimiter(db, { name: "t", limit: 2, windowSeconds: 10, now: clock.now });

    expect(await limiter.hit("a")).toEqual({ allowed: true });
    clock.advance(1_000);
    expect(await limiter.hit("a")).toEqual({ allowed: true });
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 9, first: true });
    // Only the window's first refusal says so: an operator is told once.
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 9, first: false });
    expect(await limiter.hit("b")).toEqual({ allowed: true });

    clock.advance(9_000);
    expect(await limiter.hit("a")).toEqual({ allowed: true });
  });

  it("never asks to wait less than a second", async () => {
    const clock = fakeClock();
    const limiter = createDbLimiter(db, { name: "t", limit: 1, windowSeconds: 1, now: clock.now });
    await limiter.hit("a");
    clock.advance(999);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1, first: true });
  });

  it("lets exactly the limit through when 50 hits on one key arrive at once", async () => {
    const limiter = createDbLimiter(db, { name: "burst", limit: 10, windowSeconds: 60 });
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.hit("same")));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
    const [row] = await db.query<{ hits: number }>(
      "select hits from private.rate_limit_windows where name = 'burst'",
    );
    expect(row?.hits).toBe(50);
  });

  it("keeps one window per name and key, and stores the key only as a hash", async () => {
    const clock = fakeClock();
    const checkout = createDbLimiter(db, {
      name: "checkout",
      limit: 1,
      windowSeconds: 60,
      now: clock.now,
    });
    const feed = createDbLimiter(db, { name: "feed", limit: 1, windowSeconds: 60, now: clock.now });
    expect(await checkout.hit("ip4:203.0.113.9")).toEqual({ allowed: true });
    expect(await feed.hit("ip4:203.0.113.9")).toEqual({ allowed: true });
    expect((await checkout.hit("ip4:203.0.113.9")).allowed).toBe(false);

    const rows = await db.query<{ name: string; key_hash: string }>(
      "select name, key_hash from private.rate_limit_windows order by name",
    );
    const hash = await sha256Hex("ip4:203.0.113.9");
    expect(rows).toEqual([
      { name: "checkout", key_hash: hash },
      { name: "feed", key_hash: hash },
    ]);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.9");
  });

  it("counts a hit timed just before its window's start, as a racing statement's is", async () => {
    // Two hits race: the one that started first may take the row second. Restarting the window
    // for it let a key through more than its limit (tests/db/limiter.test.ts "each key").
    const clock = fakeClock();
    const limiter = createDbLimiter(db, { name: "t", limit: 1, windowSeconds: 60, now: clock.now });
    await limiter.hit("a");
    clock.advance(-5);
    expect(await limiter.hit("a")).toMatchObject({ allowed: false });
    clock.advance(-5_000);
    expect(await limiter.hit("a")).toMatchObject({ allowed: false });
  });

  it("starts a fresh window once the clock has gone back more than a whole window", async () => {
    const clock = fakeClock();
    const limiter = createDbLimiter(db, { name: "t", limit: 1, windowSeconds: 60, now: clock.now });
    await limiter.hit("a");
    clock.advance(-121_000);
    expect(await limiter.hit("a")).toEqual({ allowed: true });
  });

  it("prunes expired windows on the way, in bounded batches", async () => {
    const clock = fakeClock();
    const limiter = createDbLimiter(db, {
      name: "t",
      limit: 1,
      windowSeconds: 60,
      now: clock.now,
      pruneEvery: 5,
    });
    for (let index = 0; index < 4; index += 1) await limiter.hit(`old-${index}`);
    clock.advance(61_000);
    await limiter.hit("new");
    // The prune is not awaited by the hit; a query behind it on the one connection is.
    const rows = await db.query<{ n: number }>(
      "select count(*)::int as n from private.rate_limit_windows",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("rejects with DatabaseUnavailableError when the database cannot count", async () => {
    const limiter = createDbLimiter(
      {
        query: () => Promise.reject(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })),
      },
      { name: "t", limit: 1, windowSeconds: 60 },
    );
    await expect(limiter.hit("a")).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it("refuses a limit below 1 (0 means no limiter at all)", () => {
    expect(() => createDbLimiter(db, { name: "t", limit: 0, windowSeconds: 60 })).toThrow(
      RangeError,
    );
    const limiters = createMinuteLimiters(db, "x", 0, 0);
    expect(limiters).toEqual({ rateLimiter: undefined, globalRateLimiter: undefined });
  });
});
