import { corsHeaders, preflight } from "../_shared/cors.ts";
import {
  isJsonContentType,
  parseJsonBytes,
  problem,
  json,
  readBodyWithLimit,
} from "../_shared/http.ts";
import { rateLimitKey } from "../_shared/client-address.ts";
import type { RateLimiter, RateLimitVerdict } from "../_shared/rate-limit.ts";
import { BODY_READ_TIMEOUT_MS } from "./budget.ts";
import { parseCheckoutBody } from "./schema.ts";
import { CheckoutSessionError, renewalText, type CreateSession } from "./session.ts";

export const MAX_BODY_BYTES = 16 * 1024;
export const ALLOW = "POST, OPTIONS";
/** The browser's per-click key, passed to Stripe as its Idempotency-Key. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
// A UUID in its canonical text form: 36 characters, well under Stripe's 255.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Visitors see these in a toast after "Failed to start subscription process: ". */
export const MESSAGES = {
  not_configured: "Checkout is not configured on this server yet.",
  method_not_allowed: "This endpoint only accepts POST requests.",
  rate_limited: "Too many checkout attempts. Please wait a minute and try again.",
  unsupported_media_type: "The request must be sent as JSON.",
  payload_too_large: "The request is too large.",
  request_timeout: "The request took too long to arrive. Please try again.",
  incomplete_body: "The request arrived incomplete. Please try again.",
  invalid_json: "The request body is not valid JSON.",
  invalid_body: "The request body must be a JSON object.",
  unknown_field: "The request contains fields that are not allowed.",
  unknown_price: "Please choose one of the plans on the pricing page.",
  invalid_field: "The request contains an invalid value.",
  invalid_idempotency_key:
    "The request could not be verified. Please reload the page and try again.",
  checkout_busy: "Checkout is busy right now. Please try again in a moment.",
  checkout_unavailable: "Checkout is temporarily unavailable. Please try again later.",
  internal_error: "Something went wrong on our side. Please try again later.",
} as const satisfies Record<string, string>;

/**
 * What the platform knows about the caller. `clientIp` is the address the server resolved
 * (the socket's, or the one a trusted proxy or edge network vouches for); the handler never
 * looks for one in request headers, which the caller writes.
 */
export type ClientInfo = { clientIp?: string };
export type CheckoutHandler = (req: Request, info?: ClientInfo) => Promise<Response>;
/** Receives one JSON line per event. */
export type LogLine = (line: string) => void;

export interface CheckoutHandlerDeps {
  createSession: CreateSession;
  /** Public plan id → Stripe price id. A Map, so prototype keys can never match. */
  prices: ReadonlyMap<string, string>;
  /** Absolute, without trailing slash. */
  siteUrl: string;
  allowedOrigins: readonly string[];
  /** Per client address (IPv6 per /64); requests without a known address share one key. */
  rateLimiter?: RateLimiter;
  /** One ceiling for all clients together, counting only what the per-client limit let through. */
  globalRateLimiter?: RateLimiter;
  /** Deadline for reading the request body (default BODY_READ_TIMEOUT_MS). */
  bodyTimeoutMs?: number;
  log?: LogLine;
}

const defaultLog: LogLine = (line) => console.error(line);

type PostHandler = (
  req: Request,
  cors: Record<string, string>,
  info?: ClientInfo,
) => Promise<Response>;

/** CORS, preflight and method handling shared by the real and the not-configured handler. */
function serve(
  allowedOrigins: readonly string[],
  log: LogLine,
  handlePost: PostHandler,
): CheckoutHandler {
  return async (req, info) => {
    const cors = corsHeaders(req.headers.get("origin"), allowedOrigins);
    if (req.method === "OPTIONS") return preflight(cors);
    if (req.method !== "POST") {
      return problem(405, "method_not_allowed", MESSAGES.method_not_allowed, {
        ...cors,
        Allow: ALLOW,
      });
    }
    try {
      return await handlePost(req, cors, info);
    } catch (error) {
      log(JSON.stringify({ level: "error", event: "checkout_internal_error", ...describe(error) }));
      return problem(500, "internal_error", MESSAGES.internal_error, cors);
    }
  };
}

export function createNotConfiguredHandler(options: {
  allowedOrigins: readonly string[];
  log?: LogLine;
}): CheckoutHandler {
  return serve(options.allowedOrigins, options.log ?? defaultLog, async (_req, cors) =>
    problem(503, "not_configured", MESSAGES.not_configured, cors),
  );
}

export function createCheckoutHandler(deps: CheckoutHandlerDeps): CheckoutHandler {
  const log = deps.log ?? defaultLog;
  const successUrl = `${deps.siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${deps.siteUrl}/pricing`;
  const renewal = renewalText(deps.siteUrl);
  const fail = (status: number, code: keyof typeof MESSAGES, cors: Record<string, string>) =>
    problem(status, code, MESSAGES[code], cors);

  return serve(deps.allowedOrigins, log, async (req, cors, info) => {
    const verdict = checkRateLimits(deps, info);
    if (!verdict.allowed) {
      return problem(429, "rate_limited", MESSAGES.rate_limited, {
        ...cors,
        "Retry-After": String(verdict.retryAfterSeconds),
      });
    }
    if (!isJsonContentType(req.headers.get("content-type"))) {
      return fail(415, "unsupported_media_type", cors);
    }
    const key = idempotencyKey(req);
    if (!key.ok) return fail(400, "invalid_idempotency_key", cors);
    const body = await readBodyWithLimit(
      req,
      MAX_BODY_BYTES,
      deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS,
    );
    if (!body.ok) {
      if (body.reason === "aborted") {
        log(JSON.stringify({ level: "warn", event: "checkout_body_aborted" }));
        return fail(400, "incomplete_body", cors);
      }
      return body.reason === "timeout"
        ? fail(408, "request_timeout", cors)
        : fail(413, "payload_too_large", cors);
    }
    const parsedJson = parseJsonBytes(body.bytes);
    if (!parsedJson.ok) return fail(400, "invalid_json", cors);
    const parsed = parseCheckoutBody(parsedJson.value);
    if (!parsed.ok) return fail(400, parsed.code, cors);

    const price = deps.prices.get(parsed.body.priceId);
    if (price === undefined) return fail(400, "unknown_price", cors);

    try {
      const { url } = await deps.createSession({
        price,
        successUrl,
        cancelUrl,
        renewalText: renewal,
        idempotencyKey: key.value,
        signal: req.signal,
      });
      return json({ url }, 200, cors);
    } catch (error) {
      const failure = error instanceof CheckoutSessionError ? error : undefined;
      if (failure?.kind === "abandoned") {
        log(
          JSON.stringify({ level: "warn", event: "checkout_abandoned", plan: parsed.body.priceId }),
        );
        // Nobody reads this answer: the client has gone.
        return fail(502, "checkout_unavailable", cors);
      }
      log(
        JSON.stringify({
          level: "error",
          event: "checkout_session_failed",
          plan: parsed.body.priceId,
          kind: failure?.kind ?? "unavailable",
          ...(failure === undefined ? describe(error) : failure.details),
        }),
      );
      if (failure?.kind === "rate_limited") {
        return problem(503, "checkout_busy", MESSAGES.checkout_busy, {
          ...cors,
          "Retry-After": String(failure.retryAfterSeconds ?? 1),
        });
      }
      return fail(502, "checkout_unavailable", cors);
    }
  });
}

/** The key is optional (an older page may not send one), but if sent it must be a UUID. */
function idempotencyKey(req: Request): { ok: true; value?: string } | { ok: false } {
  const value = req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) return { ok: true };
  return UUID.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false };
}

function checkRateLimits(
  deps: CheckoutHandlerDeps,
  info: ClientInfo | undefined,
): RateLimitVerdict {
  const perClient = deps.rateLimiter?.hit(rateLimitKey(info?.clientIp));
  if (perClient !== undefined && !perClient.allowed) return perClient;
  return deps.globalRateLimiter?.hit("all") ?? { allowed: true };
}

function describe(error: unknown): { errorName: string; stack?: string } {
  if (!(error instanceof Error)) return { errorName: typeof error };
  return { errorName: error.name, stack: error.stack ?? error.message };
}
