import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearFunctionState, openTestDb, overPostgresJs } from "../../../tests/db/test-db.ts";
import { DatabaseUnavailableError } from "../_shared/db.ts";
import { sha256Hex } from "../_shared/rate-limit.ts";
import { createDbAnswerCache } from "./cache.ts";
import { checkFeedUrl, isFeedContentType } from "./fetch-feed.ts";

const keepAll = () => true;

// The answer cache against a real Postgres (PGlite, with the migrations applied).
describe("createDbAnswerCache", () => {
  let db: EmbeddedDb;
  beforeAll(async () => {
    db = await openTestDb();
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(() => clearFunctionState(db));

  it("reuses an answer for its time to live, then asks again", async () => {
    let now = Date.UTC(2026, 0, 1);
    let calls = 0;
    const cache = createDbAnswerCache<number>(db, { ttlMs: 1_000, maxEntries: 10, now: () => now });
    const compute = async () => ++calls;
    expect(await cache.get("a", compute, keepAll)).toBe(1);
    now += 999;
    expect(await cache.get("a", compute, keepAll)).toBe(1);
    now += 1;
    expect(await cache.get("a", compute, keepAll)).toBe(2);
  });

  it("serves a stored answer as an object through postgres.js, the driver Supabase runs", async () => {
    const driver = await overPostgresJs(db);
    try {
      const cache = createDbAnswerCache<{ title: string }>(driver.db, {
        ttlMs: 60_000,
        maxEntries: 10,
      });
      await cache.get("https://feeds.example.com/pg.xml", async () => ({ title: "A" }), keepAll);
      const other = createDbAnswerCache<{ title: string }>(driver.db, {
        ttlMs: 60_000,
        maxEntries: 10,
      });
      const compute = vi.fn(async () => ({ title: "other" }));
      expect(await other.get("https://feeds.example.com/pg.xml", compute, keepAll)).toEqual({
        title: "A",
      });
      expect(compute).not.toHaveBeenCalled();
    } finally {
      await driver.close();
    }
  });

  it("serves another process's answer: the cache is the database's, not the process's", async () => {
    const first = createDbAnswerCache<{ title: string }>(db, { ttlMs: 60_000, maxEntries: 10 });
    const second = createDbAnswerCache<{ title: string }>(db, { ttlMs: 60_000, maxEntries: 10 });
    await first.get("https://feeds.example.com/a.xml", async () => ({ title: "A" }), keepAll);
    const compute = vi.fn(async () => ({ title: "other" }));
    expect(await second.get("https://feeds.example.com/a.xml", compute, keepAll)).toEqual({
      title: "A",
    });
    expect(compute).not.toHaveBeenCalled();
  });

  it("keys rows by a hash of the URL, never the URL itself", async () => {
    const cache = createDbAnswerCache<string>(db, { ttlMs: 60_000, maxEntries: 10 });
    await cache.get("https://feeds.example.com/private-show.xml", async () => "x", keepAll);
    const rows = await db.query<{ url_hash: string }>("select url_hash from private.feed_cache");
    expect(rows).toEqual([
      { url_hash: await sha256Hex("https://feeds.example.com/private-show.xml") },
    ]);
  });

  it("shares a pending answer and forgets what `keep` refuses or what failed", async () => {
    let calls = 0;
    const cache = createDbAnswerCache<string>(db, { ttlMs: 60_000, maxEntries: 10 });
    const slow = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve(`x${++calls}`), 5));
    const [a, b] = await Promise.all([
      cache.get("k", slow, () => false),
      cache.get("k", slow, () => false),
    ]);
    expect([a, b, calls]).toEqual(["x1", "x1", 1]);
    expect(await cache.get("k", slow, keepAll)).toBe("x2");
    await expect(
      cache.get("e", () => Promise.reject(new Error("boom")), keepAll),
    ).rejects.toThrow();
    expect(await cache.get("e", async () => "fine", keepAll)).toBe("fine");
  });

  it("answers but does not store an answer larger than maxBytes", async () => {
    const cache = createDbAnswerCache<string>(db, { ttlMs: 60_000, maxEntries: 10, maxBytes: 100 });
    expect(await cache.get("big", async () => "y".repeat(200), keepAll)).toHaveLength(200);
    const rows = await db.query("select 1 from private.feed_cache");
    expect(rows).toHaveLength(0);
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    let now = Date.UTC(2026, 0, 1);
    const cache = createDbAnswerCache<string>(db, {
      ttlMs: 60_000,
      maxEntries: 2,
      now: () => now,
      trimEvery: 1,
    });
    for (const key of ["a", "b", "c"]) {
      now += 1_000;
      await cache.get(key, async () => key, keepAll);
    }
    const rows = await db.query<{ n: number }>("select count(*)::int as n from private.feed_cache");
    expect(rows[0]?.n).toBe(2);
    expect(await cache.get("a", async () => "new", keepAll)).toBe("new");
  });

  it("rejects with DatabaseUnavailableError when the cache cannot be read", async () => {
    const down = { query: () => Promise.reject(Object.assign(new Error("x"), { code: "57P01" })) };
    const cache = createDbAnswerCache<string>(down, { ttlMs: 60_000, maxEntries: 10 });
    const compute = vi.fn(async () => "never");
    await expect(cache.get("k", compute, keepAll)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(compute).not.toHaveBeenCalled();
  });
});

describe("checkFeedUrl", () => {
  it.each([
    "https://feeds.example.com/show.xml",
    "http://feeds.example.com:80/show.xml",
    "https://feeds.example.com:443/show.xml?format=rss",
    "  https://feeds.example.com/rss  ",
  ])("accepts %j", (text) => {
    expect(checkFeedUrl(text).ok).toBe(true);
  });

  it("drops the fragment, which never reaches the host", () => {
    const checked = checkFeedUrl("https://feeds.example.com/a.xml#top");
    expect(checked.ok && checked.url.href).toBe("https://feeds.example.com/a.xml");
  });

  it.each([
    ["", "invalid_url"],
    ["feeds.example.com/show.xml", "invalid_url"],
    ["https://", "invalid_url"],
    ["javascript:alert(1)", "url_not_allowed"],
    ["data:text/xml,<rss/>", "url_not_allowed"],
    ["gopher://feeds.example.com/", "url_not_allowed"],
    ["https://u:p@feeds.example.com/", "url_not_allowed"],
    ["https://u@feeds.example.com/", "url_not_allowed"],
    ["https://feeds.example.com:8443/", "url_not_allowed"],
    ["http://feeds.example.com:0/", "url_not_allowed"],
  ])("refuses %j as %s", (text, reason) => {
    expect(checkFeedUrl(text)).toEqual({ ok: false, reason });
  });
});

describe("isFeedContentType", () => {
  it.each([
    null,
    "application/rss+xml",
    "application/xml; charset=utf-8",
    "text/xml",
    "application/atom+xml",
    "text/plain",
    "application/octet-stream",
  ])("accepts %j", (type) => {
    expect(isFeedContentType(type)).toBe(true);
  });

  it.each([
    "text/html; charset=utf-8",
    "audio/mpeg",
    "image/jpeg",
    "application/json",
    "video/mp4",
  ])("refuses %j", (type) => {
    expect(isFeedContentType(type)).toBe(false);
  });
});
