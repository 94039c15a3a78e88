import {
  formReturnBase,
  isFormContentType,
  isOwnFormPost,
  readFormRequest,
  seeOther,
} from "../_shared/form-body.ts";
import { logNoDatabase } from "../_shared/function-db.ts";
import { json, problem, readJsonRequest } from "../_shared/http.ts";
import {
  ALLOW,
  checkRateLimits,
  databaseUnavailable,
  defaultLog,
  describeError,
  logFault,
  rateLimited,
  serveFunction,
  type ClientInfo,
  type FunctionHandler,
  type LogLine,
} from "../_shared/serve.ts";
import type { RateLimiters } from "../_shared/rate-limit.ts";
import { BODY_READ_TIMEOUT_MS } from "./budget.ts";
import { checkoutNoticeId, MESSAGES, type MessageCode } from "./messages.ts";
import {
  checkoutBodyFromForm,
  DEFAULT_RETURN_PATH,
  isReturnPath,
  parseCheckoutBody,
  type CheckoutBody,
} from "./schema.ts";
import { checkoutPlanPrices, SITE_PATHS } from "../_shared/contract.ts";
import { consentTexts } from "../_shared/checkout-consent.ts";
import {
  CheckoutSessionError,
  type CreateSession,
  type PriceTaxBehavior,
  type TaxBehavior,
} from "./session.ts";

export { ALLOW };
export type { ClientInfo, LogLine };
export const MAX_BODY_BYTES = 16 * 1024;
/** A form sends three fields; a few more are refused as malformed, not read. */
export const MAX_FORM_FIELDS = 8;
/** The browser's per-click key, passed to Stripe as its Idempotency-Key. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
// A UUID in its canonical text form: 36 characters, well under Stripe's 255.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { MESSAGES };

export type CheckoutHandler = FunctionHandler;

export interface CheckoutHandlerDeps extends RateLimiters {
  createSession: CreateSession;
  /** Reads a configured price's tax behavior; asked once per price, before its first session. */
  priceTaxBehavior: PriceTaxBehavior;
  /** Public plan id → Stripe price id. A Map, so prototype keys can never match. */
  prices: ReadonlyMap<string, string>;
  /** Absolute, without trailing slash. */
  siteUrl: string;
  allowedOrigins: readonly string[];
  /** Deadline for reading the request body (default BODY_READ_TIMEOUT_MS). */
  bodyTimeoutMs?: number;
  log?: LogLine;
}

/** Where a form post goes back to after a failure: its page, at the notice for the code. */
function backToPage(
  siteUrl: string,
  returnTo: string,
  code: MessageCode,
  cors: Record<string, string>,
) {
  return seeOther(`${siteUrl}${returnTo}#${checkoutNoticeId(code)}`, cors);
}

/** The page a form post came from, if it named a valid one. */
function returnPathOf(fields: Record<string, string>): string {
  const path = fields.returnTo;
  return path !== undefined && isReturnPath(path) ? path : DEFAULT_RETURN_PATH;
}

/**
 * A checkout that refuses every post with one code: Stripe is not configured, or there is no
 * database to count the rate limits in. A form post goes back to its page at the notice.
 */
function createRefusingHandler(
  code: "not_configured" | "database_unavailable",
  options: {
    allowedOrigins: readonly string[];
    /** Absolute, without trailing slash: where a form post's visitor is sent back to. */
    siteUrl: string;
    bodyTimeoutMs?: number;
    log?: LogLine;
  },
): CheckoutHandler {
  const log = options.log ?? defaultLog;
  return serveFunction(
    { allowedOrigins: options.allowedOrigins, log, event: "checkout" },
    async (req, cors) => {
      if (!isFormContentType(req.headers.get("content-type"))) {
        return code === "database_unavailable"
          ? databaseUnavailable(cors)
          : problem(503, code, MESSAGES[code], cors);
      }
      const form = await readFormRequest(req, {
        maxBytes: MAX_BODY_BYTES,
        timeoutMs: options.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS,
        maxFields: MAX_FORM_FIELDS,
      });
      const returnTo = form.ok ? returnPathOf(form.value) : DEFAULT_RETURN_PATH;
      const base = formReturnBase(req, options.siteUrl, options.allowedOrigins);
      return backToPage(base, returnTo, code, cors);
    },
  );
}

type RefusingHandlerOptions = Parameters<typeof createRefusingHandler>[1];

/** Without a Stripe key or prices: every post is refused with `not_configured`. */
export const createNotConfiguredHandler = (options: RefusingHandlerOptions) =>
  createRefusingHandler("not_configured", options);

/** Without a database to count in: every post is refused with `database_unavailable`. */
export function createNoDatabaseCheckoutHandler(options: RefusingHandlerOptions): CheckoutHandler {
  logNoDatabase(options.log ?? defaultLog, "checkout");
  return createRefusingHandler("database_unavailable", options);
}

type SessionOutcome =
  | { ok: true; url: string }
  | { ok: false; status: number; code: MessageCode; retryAfterSeconds?: number };

export function createCheckoutHandler(deps: CheckoutHandlerDeps): CheckoutHandler {
  const log = deps.log ?? defaultLog;
  const successUrl = `${deps.siteUrl}${SITE_PATHS.success}?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${deps.siteUrl}${SITE_PATHS.pricing}`;
  const bodyTimeoutMs = deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS;
  const consent = (plan: keyof typeof checkoutPlanPrices) =>
    consentTexts(checkoutPlanPrices[plan], deps.siteUrl);
  const fail = (status: number, code: MessageCode, cors: Record<string, string>) =>
    problem(status, code, MESSAGES[code], cors);

  // Each price's tax behavior, read once: it is configuration, fixed for this process. A read
  // that failed is forgotten, so the next visitor asks again.
  const taxBehaviors = new Map<string, Promise<TaxBehavior>>();
  const taxBehaviorOf = (price: string, plan: string): Promise<TaxBehavior> => {
    const known = taxBehaviors.get(price);
    if (known !== undefined) return known;
    // Not the visitor's signal: the answer serves every later visitor too.
    const read = deps.priceTaxBehavior(price).then((behavior) => {
      if (behavior === null) {
        log(JSON.stringify({ level: "warn", event: "checkout_price_tax_behavior_missing", plan }));
      }
      return behavior;
    });
    taxBehaviors.set(price, read);
    read.catch(() => taxBehaviors.delete(price));
    return read;
  };

  /** The Checkout Session for a valid body: the same for a JSON and a form post. */
  async function createFor(
    body: CheckoutBody,
    idempotencyKey: string | undefined,
    signal: AbortSignal,
  ): Promise<SessionOutcome> {
    const price = deps.prices.get(body.priceId);
    if (price === undefined) return { ok: false, status: 400, code: "unknown_price" };
    let step: "price_read" | "session" = "price_read";
    try {
      // The site shows every price as the total, taxes included; a price Stripe would add tax
      // on top of would charge more than that, so no session starts on it.
      const taxBehavior = await taxBehaviorOf(price, body.priceId);
      if (taxBehavior === "exclusive" || taxBehavior === "unspecified") {
        log(
          JSON.stringify({
            level: "error",
            event: "checkout_price_not_tax_inclusive",
            plan: body.priceId,
            taxBehavior,
            fix: "Set the Stripe price's tax_behavior to inclusive (docs/deployment.md)",
          }),
        );
        return { ok: false, status: 503, code: "price_not_tax_inclusive" };
      }
      step = "session";
      const { url } = await deps.createSession({
        price,
        successUrl,
        cancelUrl,
        consent: consent(body.priceId),
        idempotencyKey,
        signal,
      });
      return { ok: true, url };
    } catch (error) {
      const failure = error instanceof CheckoutSessionError ? error : undefined;
      if (failure?.kind === "abandoned") {
        log(JSON.stringify({ level: "warn", event: "checkout_abandoned", plan: body.priceId }));
        // Nobody reads this answer: the client has gone.
        return { ok: false, status: 502, code: "checkout_unavailable" };
      }
      log(
        JSON.stringify({
          level: "error",
          event: "checkout_session_failed",
          plan: body.priceId,
          step,
          kind: failure?.kind ?? "unavailable",
          ...(failure === undefined ? describeError(error) : failure.details),
        }),
      );
      if (failure?.kind === "rate_limited") {
        return {
          ok: false,
          status: 503,
          code: "checkout_busy",
          retryAfterSeconds: failure.retryAfterSeconds ?? 1,
        };
      }
      return { ok: false, status: 502, code: "checkout_unavailable" };
    }
  }

  /**
   * A `<form method="post">` from one of the site's pages (it works before, or without, any
   * script): 303 to Stripe Checkout, or 303 back to the page with the notice for the refusal.
   * Its body is read before the rate limit, so a refusal can still name the page to go back to.
   */
  async function formPost(req: Request, cors: Record<string, string>, info?: ClientInfo) {
    let returnTo = DEFAULT_RETURN_PATH;
    const base = formReturnBase(req, deps.siteUrl, deps.allowedOrigins);
    const back = (code: MessageCode) => backToPage(base, returnTo, code, cors);
    try {
      if (!isOwnFormPost(req, deps.allowedOrigins)) {
        log(JSON.stringify({ level: "warn", event: "checkout_cross_site_form" }));
        await req.body?.cancel().catch(() => {});
        return back("cross_site");
      }
      const form = await readFormRequest(req, {
        maxBytes: MAX_BODY_BYTES,
        timeoutMs: bodyTimeoutMs,
        maxFields: MAX_FORM_FIELDS,
      });
      if (!form.ok) {
        if (form.aborted) log(JSON.stringify({ level: "warn", event: "checkout_body_aborted" }));
        return back(form.code);
      }
      returnTo = returnPathOf(form.value);
      const verdict = await checkRateLimits(deps, info);
      if (!verdict.allowed) return back("rate_limited");
      const parsed = parseCheckoutBody(checkoutBodyFromForm(form.value));
      if (!parsed.ok) return back(parsed.code);
      const outcome = await createFor(parsed.body, undefined, req.signal);
      return outcome.ok ? seeOther(outcome.url, cors) : back(outcome.code);
    } catch (error) {
      // A visitor who posted a form gets a page: the notice, not the JSON serveFunction sends.
      return back(logFault(log, "checkout", error));
    }
  }

  const options = { allowedOrigins: deps.allowedOrigins, log, event: "checkout" };
  return serveFunction(options, async (req, cors, info) => {
    if (isFormContentType(req.headers.get("content-type"))) return formPost(req, cors, info);
    const verdict = await checkRateLimits(deps, info);
    if (!verdict.allowed) return rateLimited(verdict, MESSAGES.rate_limited, cors);
    const key = idempotencyKey(req);
    if (!key.ok) return fail(400, "invalid_idempotency_key", cors);
    const body = await readJsonRequest(req, MAX_BODY_BYTES, bodyTimeoutMs);
    if (!body.ok) {
      if (body.aborted) log(JSON.stringify({ level: "warn", event: "checkout_body_aborted" }));
      return fail(body.status, body.code, cors);
    }
    const parsed = parseCheckoutBody(body.value);
    if (!parsed.ok) return fail(400, parsed.code, cors);
    const outcome = await createFor(parsed.body, key.value, req.signal);
    if (outcome.ok) return json({ url: outcome.url }, 200, cors);
    if (outcome.retryAfterSeconds !== undefined) {
      return problem(outcome.status, outcome.code, MESSAGES[outcome.code], {
        ...cors,
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    }
    return fail(outcome.status, outcome.code, cors);
  });
}

/** The key is optional (an older page may not send one), but if sent it must be a UUID. */
function idempotencyKey(req: Request): { ok: true; value?: string } | { ok: false } {
  const value = req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) return { ok: true };
  return UUID.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false };
}
