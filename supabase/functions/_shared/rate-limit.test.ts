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

  it("keeps at most maxKeys windows, evicting the oldest", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock.now, maxKeys: 2 });
    limiter.hit("a");
    limiter.hit("b");
    limiter.hit("c");
    expect(limiter.hit("a")).toEqual({ allowed: true });
    expect(limiter.hit("c")).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("starts a fresh window if the clock goes backwards", () => {
    const clock = fakeClock(10_000);
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock.now });
    limiter.hit("a");
    clock.advance(-5_000);
    expect(limiter.hit("a")).toEqual({ allowed: true });
  });
});
