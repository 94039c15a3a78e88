import { z } from "zod";
import { checkoutPlanIds, SITE_PATHS, type CheckoutPlanId } from "../_shared/contract.ts";
import { databaseUrlFromEnv } from "../_shared/db.ts";
import {
  envProblems,
  FunctionConfigError,
  functionEnvShape,
  optional,
  perMinute,
  secureApiBase,
  siteAndOrigins,
} from "../_shared/env.ts";
import { isLiveKey, PRICE_ENV_BY_PLAN } from "../_shared/stripe-settings.ts";

/**
 * A path on this site, for a form post's way back after a failure: lower-case segments only,
 * so it can never name another host, a scheme, a query or a fragment. The answer prefixes
 * SITE_URL, so an unknown path lands on the site's own not-found page.
 */
export const RETURN_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;
export const RETURN_PATH_MAX_LENGTH = 200;
export function isReturnPath(value: string): boolean {
  return value.length <= RETURN_PATH_MAX_LENGTH && RETURN_PATH.test(value);
}

/** Where a form post goes back to when it named no page of its own. */
export const DEFAULT_RETURN_PATH: string = SITE_PATHS.pricing;

export const checkoutBodySchema = z.strictObject({
  priceId: z.enum(checkoutPlanIds),
  isGuest: z.literal(true),
  // Only a form post uses it (the JSON path answers with the URL and stays on the page).
  returnTo: z.string().max(RETURN_PATH_MAX_LENGTH).regex(RETURN_PATH).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export type BodyErrorCode = "invalid_body" | "unknown_field" | "unknown_price" | "invalid_field";
export type BodyParseResult = { ok: true; body: CheckoutBody } | { ok: false; code: BodyErrorCode };

// When a body has several problems, the first code in this list is reported.
const BODY_ERROR_PRIORITY: readonly BodyErrorCode[] = [
  "invalid_body",
  "unknown_field",
  "unknown_price",
  "invalid_field",
];

/** A form's fields as the JSON body they stand for: a form can only send `isGuest` as text. */
export function checkoutBodyFromForm(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...fields };
  if (fields.isGuest === "true") body.isGuest = true;
  return body;
}

export function parseCheckoutBody(value: unknown): BodyParseResult {
  const result = checkoutBodySchema.safeParse(value);
  if (result.success) return { ok: true, body: result.data };
  const codes = new Set<BodyErrorCode>(
    result.error.issues.map((issue): BodyErrorCode => {
      if (issue.path.length === 0) {
        return issue.code === "unrecognized_keys" ? "unknown_field" : "invalid_body";
      }
      return issue.path[0] === "priceId" ? "unknown_price" : "invalid_field";
    }),
  );
  return { ok: false, code: BODY_ERROR_PRIORITY.find((code) => codes.has(code)) ?? "invalid_body" };
}

// Plain http: would send the secret key in clear text; a local fake or stripe-mock is fine.
const stripeApiBase = secureApiBase;

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
/** The global ceiling defaults to this many clients' worth of requests. */
export const GLOBAL_RATE_LIMIT_FACTOR = 10;

export const checkoutEnvSchema = z.object({
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_PRICE_STARTER: optional(z.string()),
  STRIPE_PRICE_PRO: optional(z.string()),
  STRIPE_PRICE_EXPERT: optional(z.string()),
  ...functionEnvShape,
  STRIPE_API_BASE: optional(stripeApiBase),
  CHECKOUT_RATE_LIMIT: perMinute("requests"),
  CHECKOUT_RATE_LIMIT_GLOBAL: perMinute("requests for all clients together"),
});

export interface CheckoutConfig {
  /** No trailing slash, so paths can be appended. */
  siteUrl: string;
  allowedOrigins: string[];
  /** Requests per minute per client IP (IPv6 per /64); 0 turns the limiter off. */
  rateLimitPerMinute: number;
  /** Requests per minute for all clients together; 0 turns the ceiling off. */
  rateLimitGlobalPerMinute: number;
  stripeApiBase: URL | undefined;
  /** Undefined when the secret key or a price is missing: checkout answers 503. */
  stripe: { secretKey: string; prices: Map<CheckoutPlanId, string> } | undefined;
  /** Names (never values) of the variables that are missing. */
  missing: string[];
  /** DATABASE_URL, else SUPABASE_DB_URL; undefined when neither is set. */
  databaseUrl: string | undefined;
}

export class CheckoutConfigError extends FunctionConfigError {
  constructor(problems: readonly string[]) {
    super("checkout", problems);
    this.name = "CheckoutConfigError";
  }
}

/** Throws `CheckoutConfigError` for malformed values; missing secrets only disable checkout. */
export function parseCheckoutEnv(env: Record<string, string | undefined>): CheckoutConfig {
  const result = checkoutEnvSchema.safeParse(env);
  if (!result.success) {
    throw new CheckoutConfigError(envProblems(result.error));
  }
  const vars = result.data;

  if (vars.STRIPE_API_BASE !== undefined && isLiveKey(vars.STRIPE_SECRET_KEY ?? "")) {
    throw new CheckoutConfigError([
      "STRIPE_API_BASE must not be set when STRIPE_SECRET_KEY is a live key (sk_live_ or rk_live_): live requests go to Stripe's own API only",
    ]);
  }

  const site = siteAndOrigins(vars);
  if ("problem" in site) throw new CheckoutConfigError([site.problem]);
  const { siteUrl, allowedOrigins } = site;

  const configuredPrices: Record<CheckoutPlanId, string | undefined> = {
    price_starter: vars.STRIPE_PRICE_STARTER,
    price_pro: vars.STRIPE_PRICE_PRO,
    price_expert: vars.STRIPE_PRICE_EXPERT,
  };
  const prices = new Map<CheckoutPlanId, string>();
  const missing: string[] = vars.STRIPE_SECRET_KEY === undefined ? ["STRIPE_SECRET_KEY"] : [];
  for (const plan of checkoutPlanIds) {
    const price = configuredPrices[plan];
    if (price === undefined) missing.push(PRICE_ENV_BY_PLAN[plan]);
    else prices.set(plan, price);
  }

  const rateLimitPerMinute = vars.CHECKOUT_RATE_LIMIT ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  return {
    siteUrl,
    allowedOrigins,
    rateLimitPerMinute,
    rateLimitGlobalPerMinute:
      vars.CHECKOUT_RATE_LIMIT_GLOBAL ?? GLOBAL_RATE_LIMIT_FACTOR * rateLimitPerMinute,
    stripeApiBase: vars.STRIPE_API_BASE === undefined ? undefined : new URL(vars.STRIPE_API_BASE),
    stripe:
      vars.STRIPE_SECRET_KEY !== undefined && missing.length === 0
        ? { secretKey: vars.STRIPE_SECRET_KEY, prices }
        : undefined,
    missing,
    databaseUrl: databaseUrlFromEnv(vars),
  };
}

/** Where Stripe hosts its Checkout pages: a form post's 303 leads there. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The origins of the Checkout pages the session URLs may point to: Stripe's, and, with
 * STRIPE_API_BASE set (a local stand-in), that server's own too, since a stand-in may answer
 * with URLs on either (stripe-mock answers with Stripe's). The site's CSP `form-action` names
 * them, as Chrome checks the redirect after a form post against that directive.
 */
export function checkoutPageOrigins(env: Record<string, string | undefined>): string[] {
  const base = env.STRIPE_API_BASE?.trim();
  return base ? [new URL(base).origin, STRIPE_CHECKOUT_ORIGIN] : [STRIPE_CHECKOUT_ORIGIN];
}
