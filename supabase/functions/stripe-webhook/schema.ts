import { z } from "zod";
import {
  checkoutPlanIds,
  DEFAULT_SUPPORT_EMAIL,
  type CheckoutPlanId,
} from "../_shared/contract.ts";
import { databaseUrlFromEnv } from "../_shared/db.ts";
import { linkSecretOf, linkSecretSchema } from "../_shared/link-secret.ts";
import {
  envProblems,
  FunctionConfigError,
  functionEnvShape,
  optional,
  secureApiBase,
  siteAndOrigins,
} from "../_shared/env.ts";

// What the operator configures for the webhook. STRIPE_WEBHOOK_SECRET is the signing secret
// of the endpoint added in Stripe's dashboard (docs/deployment.md); it is never logged and
// never a VITE_ variable, which would put it in the browser bundle.

const PRICE_VARIABLES = {
  price_starter: "STRIPE_PRICE_STARTER",
  price_pro: "STRIPE_PRICE_PRO",
  price_expert: "STRIPE_PRICE_EXPERT",
} as const satisfies Record<CheckoutPlanId, string>;

const isLiveKey = (key: string) => /^(sk|rk)_live_/.test(key);

export const webhookEnvSchema = z.object({
  ...functionEnvShape,
  STRIPE_WEBHOOK_SECRET: optional(
    // Any whsec_ value on one line: a stand-in or the Stripe CLI signs with its own. A live
    // key asks for the form Stripe's dashboard gives (below).
    z.string().regex(/^whsec_\S+$/, {
      message: "must be the endpoint's signing secret from Stripe (whsec_…)",
    }),
  ),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_API_BASE: optional(secureApiBase),
  STRIPE_PRICE_STARTER: optional(z.string()),
  STRIPE_PRICE_PRO: optional(z.string()),
  STRIPE_PRICE_EXPERT: optional(z.string()),
  VITE_SUPPORT_EMAIL: optional(z.string()),
  SUBSCRIPTION_LINK_SECRET: linkSecretSchema,
});

export interface WebhookConfig {
  siteUrl: string;
  webhookSecret: string | undefined;
  secretKey: string | undefined;
  stripeApiBase: URL | undefined;
  /** Stripe price id → public plan id. */
  plans: Map<string, CheckoutPlanId>;
  supportEmail: string;
  /**
   * Signs the end-older links of a second subscription's confirmation, as the manage function
   * verifies them (link-secret.ts); undefined: the confirmation asks to write to support.
   */
  linkSecret: string | undefined;
  databaseUrl: string | undefined;
  /** Names (never values) of the variables missing for the webhook to act. */
  missing: string[];
}

export class WebhookConfigError extends FunctionConfigError {
  constructor(problems: readonly string[]) {
    super("stripe-webhook", problems);
    this.name = "WebhookConfigError";
  }
}

/**
 * Throws WebhookConfigError for malformed values, and for a live Stripe key without a webhook
 * secret: live subscriptions would then get no confirmation. Otherwise a missing secret or key
 * only makes the endpoint answer 503 `not_configured`.
 */
export function parseWebhookEnv(env: Record<string, string | undefined>): WebhookConfig {
  const result = webhookEnvSchema.safeParse(env);
  if (!result.success) throw new WebhookConfigError(envProblems(result.error));
  const vars = result.data;
  const live = isLiveKey(vars.STRIPE_SECRET_KEY ?? "");
  if (live && vars.STRIPE_WEBHOOK_SECRET === undefined) {
    throw new WebhookConfigError([
      "STRIPE_WEBHOOK_SECRET is required with a live STRIPE_SECRET_KEY (the signing secret of the webhook endpoint in Stripe, docs/deployment.md)",
    ]);
  }
  if (live && !/^whsec_[A-Za-z0-9+/=_-]{8,}$/.test(vars.STRIPE_WEBHOOK_SECRET ?? "")) {
    throw new WebhookConfigError([
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret from Stripe's dashboard (whsec_ and at least 8 letters or digits) with a live STRIPE_SECRET_KEY",
    ]);
  }
  if (live && vars.STRIPE_API_BASE !== undefined) {
    throw new WebhookConfigError([
      "STRIPE_API_BASE must not be set when STRIPE_SECRET_KEY is a live key (sk_live_ or rk_live_)",
    ]);
  }
  const site = siteAndOrigins(vars);
  if ("problem" in site) throw new WebhookConfigError([site.problem]);
  const plans = new Map<string, CheckoutPlanId>();
  for (const plan of checkoutPlanIds) {
    const price = vars[PRICE_VARIABLES[plan]];
    if (price !== undefined) plans.set(price, plan);
  }
  return {
    siteUrl: site.siteUrl,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    secretKey: vars.STRIPE_SECRET_KEY,
    stripeApiBase: vars.STRIPE_API_BASE === undefined ? undefined : new URL(vars.STRIPE_API_BASE),
    plans,
    supportEmail: vars.VITE_SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    linkSecret: linkSecretOf(vars.SUBSCRIPTION_LINK_SECRET, vars.STRIPE_SECRET_KEY),
    databaseUrl: databaseUrlFromEnv(vars),
    missing: [
      ...(vars.STRIPE_WEBHOOK_SECRET === undefined ? ["STRIPE_WEBHOOK_SECRET"] : []),
      ...(vars.STRIPE_SECRET_KEY === undefined ? ["STRIPE_SECRET_KEY"] : []),
    ],
  };
}
