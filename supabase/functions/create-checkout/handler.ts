import { json, problem, readJsonRequest, REQUEST_MESSAGES } from "../_shared/http.ts";
import {
  ALLOW,
  checkRateLimits,
  defaultLog,
  describeError,
  rateLimited,
  SERVE_MESSAGES,
  serveFunction,
  type ClientInfo,
  type FunctionHandler,
  type LogLine,
} from "../_shared/serve.ts";
import type { RateLimiters } from "../_shared/rate-limit.ts";
import { BODY_READ_TIMEOUT_MS } from "./budget.ts";
import { parseCheckoutBody } from "./schema.ts";
import { consentTexts, PLAN_PRICES_USD } from "./consent.ts";
import { CheckoutSessionError, type CreateSession } from "./session.ts";

export { ALLOW };
export type { ClientInfo, LogLine };
export const MAX_BODY_BYTES = 16 * 1024;
/** The browser's per-click key, passed to Stripe as its Idempotency-Key. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
// A UUID in its canonical text form: 36 characters, well under Stripe's 255.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Visitors see these in a toast after "Failed to start subscription process: ". */
export const MESSAGES = {
  ...SERVE_MESSAGES,
  ...REQUEST_MESSAGES,
  not_configured: "Checkout is not configured on this server yet.",
  rate_limited: "Too many checkout attempts. Please wait a minute and try again.",
  invalid_body: "The request body must be a JSON object.",
  unknown_field: "The request contains fields that are not allowed.",
  unknown_price: "Please choose one of the plans on the pricing page.",
  invalid_field: "The request contains an invalid value.",
  invalid_idempotency_key:
    "The request could not be verified. Please reload the page and try again.",
  checkout_busy: "Checkout is busy right now. Please try again in a moment.",
  checkout_unavailable: "Checkout is temporarily unavailable. Please try again later.",
} as const satisfies Record<string, string>;

export type CheckoutHandler = FunctionHandler;

export interface CheckoutHandlerDeps extends RateLimiters {
  createSession: CreateSession;
  /** Public plan id → Stripe price id. A Map, so prototype keys can never match. */
  prices: ReadonlyMap<string, string>;
  /** Absolute, without trailing slash. */
  siteUrl: string;
  allowedOrigins: readonly string[];
  /** Deadline for reading the request body (default BODY_READ_TIMEOUT_MS). */
  bodyTimeoutMs?: number;
  log?: LogLine;
}

export function createNotConfiguredHandler(options: {
  allowedOrigins: readonly string[];
  log?: LogLine;
}): CheckoutHandler {
  const log = options.log ?? defaultLog;
  return serveFunction(
    { allowedOrigins: options.allowedOrigins, log, event: "checkout" },
    async (_req, cors) => problem(503, "not_configured", MESSAGES.not_configured, cors),
  );
}

export function createCheckoutHandler(deps: CheckoutHandlerDeps): CheckoutHandler {
  const log = deps.log ?? defaultLog;
  const successUrl = `${deps.siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${deps.siteUrl}/pricing`;
  const consent = (plan: keyof typeof PLAN_PRICES_USD) =>
    consentTexts(PLAN_PRICES_USD[plan], deps.siteUrl);
  const fail = (status: number, code: keyof typeof MESSAGES, cors: Record<string, string>) =>
    problem(status, code, MESSAGES[code], cors);

  const options = { allowedOrigins: deps.allowedOrigins, log, event: "checkout" };
  return serveFunction(options, async (req, cors, info) => {
    const verdict = await checkRateLimits(deps, info);
    if (!verdict.allowed) return rateLimited(verdict, MESSAGES.rate_limited, cors);
    const key = idempotencyKey(req);
    if (!key.ok) return fail(400, "invalid_idempotency_key", cors);
    const body = await readJsonRequest(
      req,
      MAX_BODY_BYTES,
      deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS,
    );
    if (!body.ok) {
      if (body.aborted) log(JSON.stringify({ level: "warn", event: "checkout_body_aborted" }));
      return fail(body.status, body.code, cors);
    }
    const parsed = parseCheckoutBody(body.value);
    if (!parsed.ok) return fail(400, parsed.code, cors);

    const price = deps.prices.get(parsed.body.priceId);
    if (price === undefined) return fail(400, "unknown_price", cors);

    try {
      const { url } = await deps.createSession({
        price,
        successUrl,
        cancelUrl,
        consent: consent(parsed.body.priceId),
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
          ...(failure === undefined ? describeError(error) : failure.details),
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
