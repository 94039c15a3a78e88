import { asDatabaseError, type Db } from "../_shared/db.ts";
import { PRUNE_SQL, sha256Hex } from "../_shared/rate-limit.ts";

export interface AnswerCache<T> {
  /**
   * The answer for `key`: a stored one younger than the time to live, else `compute()`'s,
   * stored when `keep` says it is worth keeping. Rejects with DatabaseUnavailableError when
   * the cache cannot be read.
   */
  get(key: string, compute: () => Promise<T>, keep: (answer: T) => boolean): Promise<T>;
}

export interface DbAnswerCacheOptions {
  ttlMs: number;
  /** Rows kept at most; the oldest go first (trimmed a batch at a time, now and then). */
  maxEntries: number;
  /** An answer larger than this (as JSON) is answered but not stored. */
  maxBytes?: number;
  /** Look-ups in flight that later callers may share; more are computed on their own. */
  maxPending?: number;
  now?: () => number;
  /** Trim and prune every this many stored answers (default 50). */
  trimEvery?: number;
  /** Told when an answer could not be stored; the visitor still gets it. */
  onStoreError?: (error: unknown) => void;
}

export const MAX_CACHED_ANSWER_BYTES = 64 * 1024;

/**
 * Answers per key in Postgres (private.feed_cache), shared by every process and isolate, keyed
 * by a SHA-256 of the key (the normalized feed URL). A pending answer is shared too within a
 * process, so two visitors pasting one feed at once cause one fetch.
 */
export function createDbAnswerCache<T>(db: Db, options: DbAnswerCacheOptions): AnswerCache<T> {
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? MAX_CACHED_ANSWER_BYTES;
  const maxPending = options.maxPending ?? 500;
  const trimEvery = options.trimEvery ?? 50;
  const onStoreError = options.onStoreError ?? (() => {});
  const pending = new Map<string, Promise<T>>();
  let stored = 0;

  async function store(hash: string, answer: T): Promise<void> {
    const text = JSON.stringify(answer);
    if (new TextEncoder().encode(text).byteLength > maxBytes) return;
    const at = now();
    // Bound as text: postgres.js would JSON.stringify a jsonb parameter once more.
    await db.query(
      `insert into private.feed_cache (url_hash, answer, created_at, expires_at)
       values ($1, $2::text::jsonb, $3, $4)
       on conflict (url_hash) do update
         set answer = excluded.answer, created_at = excluded.created_at,
             expires_at = excluded.expires_at`,
      [hash, text, new Date(at), new Date(at + options.ttlMs)],
    );
    stored += 1;
    if (stored % trimEvery === 0) {
      await db.query(
        `delete from private.feed_cache where url_hash in (
           select url_hash from private.feed_cache order by created_at desc offset $1 limit 500)`,
        [options.maxEntries],
      );
      await db.query(PRUNE_SQL, [500, new Date(at)]);
    }
  }

  return {
    async get(key, compute, keep) {
      const hash = await sha256Hex(key);
      let rows: { answer: T }[];
      try {
        rows = await db.query<{ answer: T }>(
          "select answer from private.feed_cache where url_hash = $1 and expires_at > $2 and created_at <= $2",
          [hash, new Date(now())],
        );
      } catch (error) {
        throw asDatabaseError(error);
      }
      const cached = rows[0];
      if (cached !== undefined) return cached.answer;

      const shared = pending.get(hash);
      if (shared !== undefined) return shared;
      // Stored before it is forgotten as pending, so no caller falls between the two.
      const answer = compute().then(async (value) => {
        if (keep(value)) await store(hash, value).catch(onStoreError);
        return value;
      });
      if (pending.size < maxPending) {
        pending.set(hash, answer);
        const forget = () => {
          if (pending.get(hash) === answer) pending.delete(hash);
        };
        answer.then(forget, forget);
      }
      return answer;
    },
  };
}
