import { asDatabaseError, type Db } from "./db.ts";

export type RateLimitVerdict =
  | { allowed: true }
  | {
      allowed: false;
      retryAfterSeconds: number;
      /** True for the window's first refusal only: what an operator is told about once. */
      first?: boolean;
    };

export interface RateLimiter {
  /**
   * Counts one request for `key` and says whether it may go ahead. Rejects with
   * DatabaseUnavailableError when the count cannot be made: the caller then refuses the request.
   */
  hit(key: string): Promise<RateLimitVerdict>;
}

export interface DbLimiterOptions {
  /** Names the limiter in the table (`checkout`, `feed:all`, ...): its own windows. */
  name: string;
  /** Requests allowed per key and window (at least 1). */
  limit: number;
  windowSeconds: number;
  /** Tests only: the clock (ms since epoch). By default the database's clock decides. */
  now?: () => number;
  /** Tests only: prune expired rows every this many hits (default 100). */
  pruneEvery?: number;
}

/**
 * One atomic statement per hit: the key's window is created, counted, or restarted once it has
 * expired, and the count comes back in the same statement. Concurrent hits from any number of
 * processes serialize on the row, so exactly `limit` pass in a window. The window starts at
 * the key's first request, as it always has. A window that starts more than a window after this
 * statement (a clock set back) starts again; one a few milliseconds ahead is a racing
 * statement's, which began later but took the row first, and is counted, not restarted.
 */
const HIT_SQL = `
insert into private.rate_limit_windows as w (name, key_hash, window_start, expires_at, hits)
values ($1, $2, coalesce($4::timestamptz, statement_timestamp()),
        coalesce($4::timestamptz, statement_timestamp()) + make_interval(secs => $3), 1)
on conflict (name, key_hash) do update set
  window_start = case when w.expires_at <= excluded.window_start or w.window_start > excluded.expires_at
                      then excluded.window_start else w.window_start end,
  expires_at = case when w.expires_at <= excluded.window_start or w.window_start > excluded.expires_at
                    then excluded.expires_at else w.expires_at end,
  hits = case when w.expires_at <= excluded.window_start or w.window_start > excluded.expires_at
              then 1 else w.hits + 1 end
returning hits,
  greatest(1, ceil(extract(epoch from (w.expires_at - coalesce($4::timestamptz, statement_timestamp())))))::integer
    as retry_after_seconds`;

/** Deletes a bounded batch of expired windows and feed answers (the migration's function). */
export const PRUNE_SQL =
  "select private.prune_function_state($1, coalesce($2::timestamptz, statement_timestamp())) as deleted";

/** Keys are stored as a SHA-256, so the table holds no client address or e-mail in clear. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A named fixed-window limiter kept in Postgres; every process sharing the database shares it. */
export function createDbLimiter(db: Db, options: DbLimiterOptions): RateLimiter {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw new RangeError("A limiter's limit must be a whole number of at least 1.");
  }
  if (!(options.windowSeconds > 0)) throw new RangeError("A limiter's window must be positive.");
  const pruneEvery = options.pruneEvery ?? 100;
  let hits = 0;

  return {
    async hit(key) {
      const at = options.now === undefined ? null : new Date(options.now());
      let rows: { hits: number; retry_after_seconds: number }[];
      try {
        rows = await db.query(HIT_SQL, [
          options.name,
          await sha256Hex(key),
          options.windowSeconds,
          at,
        ]);
      } catch (error) {
        throw asDatabaseError(error);
      }
      hits += 1;
      if (hits % pruneEvery === 0) {
        // Retention on the way: a bounded delete, never awaited by the visitor, never fatal.
        db.query(PRUNE_SQL, [500, at]).catch(() => {});
      }
      const row = rows[0];
      if (row === undefined) throw new Error("The rate-limit statement returned no row.");
      if (Number(row.hits) <= options.limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Number(row.retry_after_seconds),
        first: Number(row.hits) === options.limit + 1,
      };
    },
  };
}

export interface RateLimiters {
  /** Per client address (IPv6 per /64); requests without a known address share one key. */
  rateLimiter?: RateLimiter;
  /** One ceiling for all clients together, counting only what the per-client limit let through. */
  globalRateLimiter?: RateLimiter;
}

const MINUTE_SECONDS = 60;

/** A function's two limits, per minute, under `name` and `name:all`; 0 turns either off. */
export function createMinuteLimiters(
  db: Db,
  name: string,
  perClient: number,
  global: number,
  now?: () => number,
): RateLimiters {
  return {
    rateLimiter:
      perClient > 0
        ? createDbLimiter(db, { name, limit: perClient, windowSeconds: MINUTE_SECONDS, now })
        : undefined,
    globalRateLimiter:
      global > 0
        ? createDbLimiter(db, {
            name: `${name}:all`,
            limit: global,
            windowSeconds: MINUTE_SECONDS,
            now,
          })
        : undefined,
  };
}
