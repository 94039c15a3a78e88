export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(key: string): RateLimitVerdict;
  /** Keys with a live window of their own. */
  readonly size: number;
}

export interface RateLimiterOptions {
  /** Requests allowed per key and window. */
  limit: number;
  windowMs?: number;
  now?: () => number;
  /** Bounds memory; keys that arrive while the map is full share one overflow window. */
  maxKeys?: number;
}

type Window = { start: number; count: number };

/**
 * In-memory fixed window per key, starting at the key's first request. Best effort: each
 * process (or Supabase isolate) counts on its own. A full map never evicts a live window, so
 * a caller cannot reset its own or anyone else's count by sending many keys.
 */
export function createRateLimiter({
  limit,
  windowMs = 60_000,
  now = Date.now,
  maxKeys = 10_000,
}: RateLimiterOptions): RateLimiter {
  // Insertion order equals window start order, so expired windows sit at the front.
  const windows = new Map<string, Window>();
  let overflow: Window | undefined;

  const isLive = (window: Window, time: number) =>
    time >= window.start && time - window.start < windowMs;

  const count = (window: Window, time: number): RateLimitVerdict => {
    window.count += 1;
    if (window.count <= limit) return { allowed: true };
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
    return { allowed: false, retryAfterSeconds };
  };

  return {
    get size() {
      return windows.size;
    },
    hit(key) {
      const time = now();
      for (const [oldKey, window] of windows) {
        if (time - window.start < windowMs) break;
        windows.delete(oldKey);
      }

      let window = windows.get(key);
      if (window !== undefined && !isLive(window, time)) {
        windows.delete(key);
        window = undefined;
      }
      if (window === undefined) {
        if (windows.size >= maxKeys) {
          if (overflow === undefined || !isLive(overflow, time)) {
            overflow = { start: time, count: 0 };
          }
          return count(overflow, time);
        }
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      return count(window, time);
    },
  };
}

export interface RateLimiters {
  /** Per client address (IPv6 per /64); requests without a known address share one key. */
  rateLimiter?: RateLimiter;
  /** One ceiling for all clients together, counting only what the per-client limit let through. */
  globalRateLimiter?: RateLimiter;
}

const MINUTE_MS = 60_000;

/** A function's two limits, per minute; 0 turns either off. */
export function createMinuteLimiters(
  perClient: number,
  global: number,
  now?: () => number,
): RateLimiters {
  return {
    rateLimiter:
      perClient > 0 ? createRateLimiter({ limit: perClient, windowMs: MINUTE_MS, now }) : undefined,
    globalRateLimiter:
      global > 0
        ? createRateLimiter({ limit: global, windowMs: MINUTE_MS, now, maxKeys: 1 })
        : undefined,
  };
}
