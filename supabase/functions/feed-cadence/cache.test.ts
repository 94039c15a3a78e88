import { describe, expect, it } from "vitest";
import { createAnswerCache } from "./cache.ts";
import { checkFeedUrl, isFeedContentType } from "./fetch-feed.ts";

describe("createAnswerCache", () => {
  it("reuses an answer for its time to live, then asks again", async () => {
    let now = 0;
    let calls = 0;
    const cache = createAnswerCache<number>({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    const compute = async () => ++calls;
    expect(await cache.get("a", compute, () => true)).toBe(1);
    now = 999;
    expect(await cache.get("a", compute, () => true)).toBe(1);
    now = 1_000;
    expect(await cache.get("a", compute, () => true)).toBe(2);
  });

  it("shares a pending answer and forgets what `keep` refuses or what failed", async () => {
    let calls = 0;
    const cache = createAnswerCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const slow = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve(`x${++calls}`), 5));
    const [a, b] = await Promise.all([
      cache.get("k", slow, () => false),
      cache.get("k", slow, () => false),
    ]);
    expect([a, b, calls]).toEqual(["x1", "x1", 1]);
    expect(await cache.get("k", slow, () => true)).toBe("x2");
    await expect(
      cache.get(
        "e",
        () => Promise.reject(new Error("boom")),
        () => true,
      ),
    ).rejects.toThrow();
    expect(
      await cache.get(
        "e",
        async () => "fine",
        () => true,
      ),
    ).toBe("fine");
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    const cache = createAnswerCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ["a", "b", "c"])
      await cache.get(
        key,
        async () => key,
        () => true,
      );
    expect(cache.size).toBe(2);
    expect(
      await cache.get(
        "a",
        async () => "new",
        () => true,
      ),
    ).toBe("new");
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
