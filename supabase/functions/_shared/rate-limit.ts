export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(key: string): RateLimitVerdict;
}

export interface RateLimiterOptions {
  /** Requests allowed per key and window. */
  limit: number;
  windowMs?: number;
  now?: () => number;
  /** Bounds memory when keys are spoofed; the oldest window is evicted first. */
  maxKeys?: number;
}

/**
 * In-memory fixed window per key, starting at the key's first request. Best effort: each
 * process (or Supabase isolate) counts on its own.
 */
export function createRateLimiter({
  limit,
  windowMs = 60_000,
  now = Date.now,
  maxKeys = 10_000,
}: RateLimiterOptions): RateLimiter {
  // Insertion order equals window start order, so expired windows sit at the front.
  const windows = new Map<string, { start: number; count: number }>();

  return {
    hit(key) {
      const time = now();
      for (const [oldKey, window] of windows) {
        if (time - window.start < windowMs) break;
        windows.delete(oldKey);
      }

      let window = windows.get(key);
      if (window !== undefined && (time - window.start >= windowMs || time < window.start)) {
        windows.delete(key);
        window = undefined;
      }
      if (window === undefined) {
        if (windows.size >= maxKeys) {
          const oldest = windows.keys().next();
          if (oldest.done !== true) windows.delete(oldest.value);
        }
        window = { start: time, count: 0 };
        windows.set(key, window);
      }

      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
  };
}
