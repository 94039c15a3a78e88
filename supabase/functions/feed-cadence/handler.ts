import { json, problem, readJsonRequest, REQUEST_MESSAGES } from "../_shared/http.ts";
import { rateLimitKey } from "../_shared/client-address.ts";
import type { RateLimiters } from "../_shared/rate-limit.ts";
import {
  checkRateLimits,
  defaultLog,
  describeError,
  rateLimited,
  SERVE_MESSAGES,
  serveFunction,
  type FunctionHandler,
  type LogLine,
} from "../_shared/serve.ts";
import {
  BODY_READ_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  FETCH_DEADLINE_MS,
  MAX_FEED_BYTES,
  MAX_REDIRECTS,
} from "./budget.ts";
import type { AnswerCache } from "./cache.ts";
import { reportForFetchedFeed } from "./checkup/run.ts";
import type { CheckupReport } from "./checkup/types.ts";
import { charsetOf } from "./encoding.ts";
import {
  checkFeedUrl,
  fetchFeed,
  type FetchFailure,
  type FetchLimits,
  type PinnedRequest,
  type ResolveHost,
} from "./fetch-feed.ts";
import type { Cadence } from "./pace.ts";
import type { CheckInWorker, ReadInWorker } from "./read-pool.ts";
import { feedBodySchema } from "./schema.ts";

export const MAX_BODY_BYTES = 4 * 1024;

/** The fetch's limits in production (budget.ts); `npm run feed:report` uses the same. */
export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  deadlineMs: FETCH_DEADLINE_MS,
  connectTimeoutMs: CONNECT_TIMEOUT_MS,
  maxBytes: MAX_FEED_BYTES,
  maxRedirects: MAX_REDIRECTS,
};

/** Visitors see these under the feed field; the manual finder keeps working beside them. */
export const MESSAGES = {
  ...SERVE_MESSAGES,
  ...REQUEST_MESSAGES,
  rate_limited: "Too many feed look-ups in a minute. Please wait a moment and try again.",
  invalid_body:
    'The request must be a JSON object with a "url" field and, for the check-up, "action": "check".',
  invalid_url:
    "That isn't a web address. Paste your feed's full URL, starting with https:// or http://.",
  url_not_allowed:
    "We only read feeds from an http or https address on the standard port, without a user name or password.",
  // One answer for a name that does not resolve, one that resolves into a private network and a
  // host that fails: telling them apart would show outsiders which internal names exist.
  feed_unreachable:
    "We couldn't reach a feed at that address. Check that it is your feed's public URL and try again.",
  feed_too_slow: "That feed took too long to fetch and read. Please try again in a moment.",
  feed_reader_busy: "We're reading many feeds just now. Please try again in a moment.",
  feed_too_large: "That feed is larger than 5 MB, more than we read.",
  too_many_redirects: "That address redirects too many times. Paste the feed's final URL.",
  not_a_feed:
    "That address doesn't serve a podcast RSS feed. Check that you copied the feed's URL, not the show's web page.",
  no_episode_dates: "This feed has no episode dates, so we can't count episodes a month.",
} as const satisfies Record<string, string>;

type Code = keyof typeof MESSAGES;

// The one sentence a visitor (or the command) reads when no report can be drawn: the feed
// reader's own sentences, plus the check-up's for a document it could not read.
export const CHECK_MESSAGES = {
  ...MESSAGES,
  broken_xml:
    "That feed is not well-formed XML, so no directory can read it. Open it in your host's feed settings, fix the broken tag it names, and try again.",
  not_a_feed:
    "That address serves a web page or another document, not a podcast RSS feed. Paste the feed's own URL, usually ending in .xml or /feed.",
  feed_too_large:
    "That feed is larger than 5 MB, more than we read. Ask your host to list fewer old episodes in it.",
  feed_too_slow:
    "That feed took too long to answer or read. Try again in a moment; if it keeps happening, directories are likely waiting on it too.",
} as const satisfies Record<string, string>;

export type CheckCode = keyof typeof CHECK_MESSAGES;

/**
 * What the visitor reads when the reading itself failed. None of these is kept in the cache: a
 * timeout or a full pool may pass, and a worker that crashed may have failed for our own reasons
 * (it could not start) rather than the feed's. A full pool is our overload, not a bad request.
 */
const READ_FAILURES = {
  timeout: { status: 422, code: "feed_too_slow" },
  busy: { status: 503, code: "feed_reader_busy" },
  crashed: { status: 422, code: "not_a_feed" },
} as const satisfies Record<string, { status: number; code: Code }>;

/** Seconds a visitor turned away by a full reading pool is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The visitor's code for a fetch that failed; the log keeps the detail. A private answer and a
 * name that does not resolve read alike, so outsiders cannot map internal names.
 */
export function codeForFetchFailure(failure: FetchFailure): Code {
  switch (failure.reason) {
    case "url_not_allowed":
      return "url_not_allowed";
    case "timeout":
      return "feed_too_slow";
    case "too_large":
      return "feed_too_large";
    case "too_many_redirects":
      return "too_many_redirects";
    case "not_a_feed":
      return "not_a_feed";
    case "address_not_allowed":
    case "unreachable":
    case "http_error":
      return "feed_unreachable";
  }
}

export type Answer =
  { ok: true; cadence: Cadence } | { ok: false; status: number; code: Code; transient?: true };

/** The check-up's answer: a whole report, or one sentence saying why there is none. */
export type CheckAnswer =
  | { ok: true; report: CheckupReport; complete: boolean }
  | { ok: false; status: number; code: CheckCode; transient?: true };

export interface FeedHandlerDeps extends RateLimiters {
  allowedOrigins: readonly string[];
  /** The host's resolver; tests give their own, mapping names to the addresses they choose. */
  resolve: ResolveHost;
  /** Connects to the checked address only (net.ts); tests route it to a local fixture server. */
  request: PinnedRequest;
  /** Reads the fetched bytes off the event loop, within the time left (read-in-worker.ts). */
  read: ReadInWorker;
  /** Lasting answers per feed URL, in the database (cache.ts's createDbAnswerCache). */
  cache: AnswerCache<Answer>;
  /** The check-up's reading, in the same pool's workers (read-pool.ts). */
  check: CheckInWorker;
  /** Check-up reports per feed URL, in the same table under their own keys. */
  checkCache: AnswerCache<CheckAnswer>;
  limits?: Partial<FetchLimits>;
  bodyTimeoutMs?: number;
  now?: () => number;
  log?: LogLine;
}

/**
 * Outcomes that say something about the feed itself, so asking again soon gives the same; a
 * slow or unreachable host, or a reading that failed (READ_FAILURES), may answer the next
 * visitor, so those are not kept.
 */
export const lasting = (answer: Answer) =>
  answer.ok ||
  (!answer.transient && answer.code !== "feed_too_slow" && answer.code !== "feed_unreachable");

export function createFeedCadenceHandler(deps: FeedHandlerDeps): FunctionHandler {
  const log = deps.log ?? defaultLog;
  const now = deps.now ?? Date.now;
  const limits: FetchLimits = { ...DEFAULT_FETCH_LIMITS, ...deps.limits };
  const { cache } = deps;
  const refuse = (status: number, code: Code): Answer => ({ ok: false, status, code });

  async function lookUp(url: URL): Promise<Answer> {
    const startedAt = now();
    // The deadline runs on the monotonic clock: `now` may be a test's fixed date.
    const started = performance.now();
    // Not the visitor's signal: a cached answer may serve others after this visitor leaves.
    const fetched = await fetchFeed(url, { resolve: deps.resolve, request: deps.request, limits });
    const event = { level: "info", event: "feed_fetched", host: url.hostname };
    if (!fetched.ok) {
      log(JSON.stringify({ ...event, ...fetched, level: "warn", ms: now() - startedAt }));
      return refuse(422, codeForFetchFailure(fetched));
    }
    // The fetch and the reading share one deadline, end to end.
    const left = limits.deadlineMs - (performance.now() - started);
    const options = { httpCharset: charsetOf(fetched.contentType), now: now() };
    const answer =
      left > 0
        ? await deps.read(fetched.bytes, options, left)
        : ({ ok: false, reason: "timeout" } as const);
    if (!answer.ok) {
      const ms = Math.round(performance.now() - started);
      log(JSON.stringify({ ...event, level: "warn", event: "feed_read_failed", ...answer, ms }));
      const failure = READ_FAILURES[answer.reason];
      return { ok: false, status: failure.status, code: failure.code, transient: true };
    }
    const { reading } = answer;
    if (!reading.ok) {
      log(
        JSON.stringify({ ...event, level: "warn", reason: reading.reason, ms: now() - startedAt }),
      );
      return refuse(422, reading.code);
    }
    const { cadence } = reading;
    log(
      JSON.stringify({
        ...event,
        episodes: cadence.episodes,
        dated: cadence.datedEpisodes,
        encoding: reading.encoding,
        ms: now() - startedAt,
      }),
    );
    return { ok: true, cadence };
  }

  /** Whatever a stranger's host sends, the visitor gets a 4xx: a fault there is not ours. */
  async function lookUpSafely(url: URL): Promise<Answer> {
    try {
      return await lookUp(url);
    } catch (error) {
      log(
        JSON.stringify({
          level: "error",
          event: "feed_lookup_failed",
          host: url.hostname,
          ...describeError(error),
        }),
      );
      return refuse(422, "feed_unreachable");
    }
  }

  /**
   * The check-up: the same fetch, the reading in the same pool, then at most three requests
   * beyond the feed (artwork, HEAD and Range of the latest file), each one a hit on the
   * client's own limit.
   */
  async function checkUp(url: URL, clientIp: string | undefined): Promise<CheckAnswer> {
    const started = performance.now();
    const fetched = await fetchFeed(url, { resolve: deps.resolve, request: deps.request, limits });
    const event = { level: "info", event: "feed_checked", host: url.hostname };
    if (!fetched.ok) {
      log(JSON.stringify({ ...event, ...fetched, level: "warn" }));
      return { ok: false, status: 422, code: codeForFetchFailure(fetched) };
    }
    const fetchMs = performance.now() - started;
    const left = limits.deadlineMs - fetchMs;
    const options = { httpCharset: charsetOf(fetched.contentType), now: now() };
    const answer =
      left > 0
        ? await deps.check(fetched.bytes, options, left)
        : ({ ok: false, reason: "timeout" } as const);
    if (!answer.ok) {
      log(JSON.stringify({ ...event, level: "warn", event: "feed_check_failed", ...answer }));
      const failure = READ_FAILURES[answer.reason];
      return { ok: false, status: failure.status, code: failure.code, transient: true };
    }
    if (!answer.checkup.ok) {
      log(JSON.stringify({ ...event, level: "warn", reason: answer.checkup.reason }));
      return { ok: false, status: 422, code: answer.checkup.code };
    }
    const key = rateLimitKey(clientIp);
    const spend = async () => (await deps.rateLimiter?.hit(key))?.allowed ?? true;
    const outcome = await reportForFetchedFeed(
      answer.checkup,
      { url: fetched.url, ms: fetchMs },
      {
        resolve: deps.resolve,
        request: deps.request,
        maxRedirects: limits.maxRedirects,
        connectTimeoutMs: limits.connectTimeoutMs,
      },
      { readAt: now(), spend },
    );
    log(JSON.stringify({ ...event, ms: Math.round(performance.now() - started) }));
    return { ok: true, ...outcome };
  }

  async function checkUpSafely(url: URL, clientIp: string | undefined): Promise<CheckAnswer> {
    try {
      return await checkUp(url, clientIp);
    } catch (error) {
      log(
        JSON.stringify({
          level: "error",
          event: "feed_check_failed",
          host: url.hostname,
          ...describeError(error),
        }),
      );
      return { ok: false, status: 422, code: "feed_unreachable" };
    }
  }

  /** A report cut short by the client's limit is answered but not kept. */
  const lastingCheck = (answer: CheckAnswer) =>
    answer.ok
      ? answer.complete
      : !answer.transient && answer.code !== "feed_too_slow" && answer.code !== "feed_unreachable";

  const options = { allowedOrigins: deps.allowedOrigins, log, event: "feed" };
  return serveFunction(options, async (req, cors, info) => {
    const fail = (status: number, code: Code) =>
      problem(
        status,
        code,
        MESSAGES[code],
        code === "feed_reader_busy"
          ? { ...cors, "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) }
          : cors,
      );
    const verdict = await checkRateLimits(deps, info);
    if (!verdict.allowed) return rateLimited(verdict, MESSAGES.rate_limited, cors);
    const body = await readJsonRequest(
      req,
      MAX_BODY_BYTES,
      deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS,
    );
    if (!body.ok) return fail(body.status, body.code);
    const parsed = feedBodySchema.safeParse(body.value);
    if (!parsed.success) return fail(400, "invalid_body");
    const checked = checkFeedUrl(parsed.data.url);
    if (!checked.ok) return fail(400, checked.reason);

    if (parsed.data.action === "check") {
      const report = await deps.checkCache.get(
        `check:${checked.url.href}`,
        () => checkUpSafely(checked.url, info?.clientIp),
        lastingCheck,
      );
      return report.ok
        ? json(report.report, 200, cors)
        : problem(report.status, report.code, CHECK_MESSAGES[report.code], cors);
    }
    const answer = await cache.get(checked.url.href, () => lookUpSafely(checked.url), lasting);
    return answer.ok ? json(answer.cadence, 200, cors) : fail(answer.status, answer.code);
  });
}
