import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

function fakeClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("createRateLimiter", () => {
  it("allows `limit` hits per window and reports the wait", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, now: clock.now });

    expect(limiter.hit("a")).toEqual({ allowed: true });
    clock.advance(1_000);
    expect(limiter.hit("a")).toEqual({ allowed: true });
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 9 });
    expect(limiter.hit("b")).toEqual({ allowed: true });

    clock.advance(9_000);
    expect(limiter.hit("a")).toEqual({ allowed: true });
  });

  it("never asks to wait less than a second", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: clock.now });
    limiter.hit("a");
    clock.advance(999);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("never evicts a live window: keys beyond maxKeys share one overflow window", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock.now, maxKeys: 2 });
    expect(limiter.hit("abuser")).toEqual({ allowed: true });
    expect(limiter.hit("abuser")).toEqual({ allowed: false, retryAfterSeconds: 60 });

    // Rotating through fresh keys cannot push the abuser's window out of the map.
    clock.advance(1_000);
    expect(limiter.hit("b")).toEqual({ allowed: true });
    expect(limiter.hit("c")).toEqual({ allowed: true });
    expect(limiter.hit("d")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit("abuser")).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(limiter.hit("b")).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("keeps memory bounded however many keys arrive", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 5, windowMs: 60_000, now: clock.now, maxKeys: 100 });
    for (let index = 0; index < 10_000; index += 1) limiter.hit(`key-${index}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it("frees the map as windows expire, so new keys get their own window again", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock.now, maxKeys: 1 });
    limiter.hit("a");
    expect(limiter.hit("b")).toEqual({ allowed: true });
    expect(limiter.hit("c")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.advance(60_000);
    expect(limiter.hit("c")).toEqual({ allowed: true });
    expect(limiter.hit("d")).toEqual({ allowed: true });
    expect(limiter.size).toBe(1);
  });

  it("starts a fresh window if the clock goes backwards", () => {
    const clock = fakeClock(10_000);
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock.now });
    limiter.hit("a");
    clock.advance(-5_000);
    expect(limiter.hit("a")).toEqual({ allowed: true });
  });
});
