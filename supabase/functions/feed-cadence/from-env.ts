import type { Db } from "../_shared/db.ts";
import { createNoDatabaseHandler, functionDb } from "../_shared/function-db.ts";
import { createMinuteLimiters } from "../_shared/rate-limit.ts";
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, CHECK_REPORT_MAX_BYTES } from "./budget.ts";
import { createDbAnswerCache } from "./cache.ts";
import type { FunctionHandler, LogLine } from "../_shared/serve.ts";
import type { FetchLimits, PinnedRequest, ResolveHost } from "./fetch-feed.ts";
import { createFeedCadenceHandler, type Answer, type CheckAnswer } from "./handler.ts";
import { createResolver, pinnedRequest, systemHosts } from "./net.ts";
import { createDefaultPool } from "./read-in-worker.ts";
import type { CheckInWorker, ReadInWorker } from "./read-pool.ts";
import { parseFeedEnv } from "./schema.ts";

/**
 * The real network: the bounded resolver (one per process, so its cap is the process's) and the
 * connector pinned to the checked address.
 */
export const productionNetwork: { resolve: ResolveHost; request: PinnedRequest } = {
  resolve: createResolver({ hosts: systemHosts() }),
  request: pinnedRequest,
};

export interface FeedFromEnvOptions {
  /**
   * Where the rate limits and the answer cache live: the Node server's database, or a test's.
   * Without it, a pool on DATABASE_URL or SUPABASE_DB_URL; with neither, every POST answers 503.
   */
  db?: Db;
  /** Tests only: how long an answer is reused (default CACHE_TTL_MS). */
  cacheTtlMs?: number;
  /** Receives one JSON line per event; defaults to console.error. */
  log?: LogLine;
  /** Clock for the rate limiter, the cache and the months counted (ms since epoch). */
  now?: () => number;
  /**
   * Test stacks only: a resolver and a connector standing in for the network, so fixture feeds
   * on 127.0.0.1 can be reached under public-looking names. Never read from the environment:
   * no variable can switch the address policy off in production.
   */
  network?: { resolve: ResolveHost; request: PinnedRequest };
  /** Shorter limits for tests (a slow drip need not take the whole 6 s). */
  limits?: Partial<FetchLimits>;
  /** Tests only: another reader; by default each feed is read in a worker (read-in-worker.ts). */
  read?: ReadInWorker;
  /** Tests only: another check-up reader; by default the same pool's workers. */
  check?: CheckInWorker;
}

/**
 * Builds the feed-cadence handler from environment variables (`process.env` on Node,
 * `Deno.env.toObject()` on Deno). Throws `FeedConfigError` for malformed values.
 */
export function createFeedCadenceHandlerFromEnv(
  env: Record<string, string | undefined>,
  options: FeedFromEnvOptions = {},
): FunctionHandler {
  const config = parseFeedEnv(env);
  const log = options.log ?? ((line: string) => console.error(line));
  const db = functionDb(options.db, config.databaseUrl);
  if (db === undefined) {
    return createNoDatabaseHandler({ allowedOrigins: config.allowedOrigins, event: "feed", log });
  }
  const cache = createDbAnswerCache<Answer>(db, {
    ttlMs: options.cacheTtlMs ?? CACHE_TTL_MS,
    maxEntries: CACHE_MAX_ENTRIES,
    now: options.now,
    onStoreError: (error) =>
      log(
        JSON.stringify({
          level: "warn",
          event: "feed_cache_store_failed",
          errorName: error instanceof Error ? error.name : typeof error,
        }),
      ),
  });
  const checkCache = createDbAnswerCache<CheckAnswer>(db, {
    ttlMs: options.cacheTtlMs ?? CACHE_TTL_MS,
    maxEntries: CACHE_MAX_ENTRIES,
    // A report names every rule with its text: larger than a pace answer.
    maxBytes: CHECK_REPORT_MAX_BYTES,
    now: options.now,
  });
  return createFeedCadenceHandler({
    cache,
    checkCache,
    check: options.check ?? createDefaultPool().check,
    allowedOrigins: config.allowedOrigins,
    resolve: (options.network ?? productionNetwork).resolve,
    request: (options.network ?? productionNetwork).request,
    read: options.read ?? createDefaultPool().read,
    limits: options.limits,
    now: options.now,
    log,
    ...createMinuteLimiters(
      db,
      "feed",
      config.rateLimitPerMinute,
      config.rateLimitGlobalPerMinute,
      options.now,
    ),
  });
}
