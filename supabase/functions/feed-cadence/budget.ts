/**
 * The feed function's limits, in one place. The browser gives up after `feedTimeoutMs`
 * (app/plans/feed-cadence.ts); budget.test.ts checks that the function answers well before.
 */

/** Longest wait for the visitor's small JSON request. */
export const BODY_READ_TIMEOUT_MS = 2_000;

/** Longest wait for one TCP (and TLS) connection to the feed's host. */
export const CONNECT_TIMEOUT_MS = 3_000;

/** Everything spent on the feed: resolving, connecting, every redirect and the whole body. */
export const FETCH_DEADLINE_MS = 6_000;

/** Left to the browser for the network, Supabase's relay and a cold start. */
export const CLIENT_MARGIN_MS = 2_000;

/** The most feed we read, counted after gzip or brotli is decoded. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;

/** Redirects followed, each checked like the first address. */
export const MAX_REDIRECTS = 3;

/** How long an answer for one feed URL is reused. */
export const CACHE_TTL_MS = 10 * 60_000;

/** Feed URLs whose answers are kept at once; the oldest goes first. */
export const CACHE_MAX_ENTRIES = 500;
