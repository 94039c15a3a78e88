import { z } from "zod";
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

/** Public plan ids the browser may send; the real Stripe price ids stay on the server. */
export const PLAN_IDS = ["price_starter", "price_pro", "price_expert"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PRICE_ENV_BY_PLAN: Readonly<Record<PlanId, string>> = {
  price_starter: "STRIPE_PRICE_STARTER",
  price_pro: "STRIPE_PRICE_PRO",
  price_expert: "STRIPE_PRICE_EXPERT",
};

export const checkoutBodySchema = z.strictObject({
  priceId: z.enum(PLAN_IDS),
  isGuest: z.literal(true),
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

const isLiveKey = (key: string) => /^(sk|rk)_live_/.test(key);

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
  stripe: { secretKey: string; prices: Map<PlanId, string> } | undefined;
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

  const configuredPrices: Record<PlanId, string | undefined> = {
    price_starter: vars.STRIPE_PRICE_STARTER,
    price_pro: vars.STRIPE_PRICE_PRO,
    price_expert: vars.STRIPE_PRICE_EXPERT,
  };
  const prices = new Map<PlanId, string>();
  const missing: string[] = vars.STRIPE_SECRET_KEY === undefined ? ["STRIPE_SECRET_KEY"] : [];
  for (const plan of PLAN_IDS) {
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
