import type Stripe from "stripe";
import type { CheckoutPlanId } from "./contract.ts";

// How every function that calls Stripe reads its settings: which variable holds each plan's
// price, what kind of key it was given, and where a local stand-in for Stripe's API listens.

/** The variable that holds each checkout plan's Stripe price id. */
export const PRICE_ENV_BY_PLAN: Readonly<Record<CheckoutPlanId, string>> = {
  price_starter: "STRIPE_PRICE_STARTER",
  price_pro: "STRIPE_PRICE_PRO",
  price_expert: "STRIPE_PRICE_EXPERT",
};

/** A live secret or restricted key: it may talk to Stripe's own API only. */
export const isLiveKey = (key: string) => /^(sk|rk)_live_/.test(key);
export const isTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

/** stripe-node's host, port and protocol for STRIPE_API_BASE; none for Stripe's own API. */
export function apiBaseOptions(
  apiBase: URL | undefined,
): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (apiBase === undefined) return {};
  const protocol = apiBase.protocol === "http:" ? "http" : "https";
  return {
    host: apiBase.hostname,
    port: apiBase.port || (protocol === "http" ? "80" : "443"),
    protocol,
  };
}
