/**
 * The feed function's limits, in one place. The browser gives up after `feedTimeoutMs`
 * (_shared/contract.ts); budget.test.ts checks that the function answers well before.
 */

/** Longest wait for the visitor's small JSON request. */
export const BODY_READ_TIMEOUT_MS = 2_000;

/** Longest wait for one TCP (and TLS) connection to the feed's host. */
export const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Everything spent on the feed, end to end: resolving, connecting, every redirect, the whole
 * body and reading it.
 */
export const FETCH_DEADLINE_MS = 6_000;

/** One DNS look-up (A and AAAA together), whatever the nameserver does. */
export const DNS_TIMEOUT_MS = 2_000;

/** DNS look-ups in flight at once; one more is refused at once rather than queued. */
export const DNS_MAX_CONCURRENT = 16;

/** Feeds read at once, each in a worker of its own (the machine's two cores). */
export const READ_WORKERS = 2;

/** Feeds waiting for a worker; one more is turned away at once. */
export const READ_QUEUE = 16;

/** Heap a reading worker may use before it is stopped. */
export const READ_MEMORY_MB = 256;

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

/** The largest check-up report kept in the cache, as JSON (every rule's text included). */
export const CHECK_REPORT_MAX_BYTES = 256 * 1024;
