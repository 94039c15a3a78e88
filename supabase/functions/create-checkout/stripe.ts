import Stripe from "stripe";
import {
  CheckoutSessionError,
  type CheckoutFailureDetails,
  type CreateSession,
} from "./session.ts";

export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** Used when Stripe rate-limits us without saying how long to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 2;

export interface StripeCheckoutConfig {
  secretKey: string;
  /** Points the SDK somewhere other than api.stripe.com, e.g. stripe-mock or a local fake. */
  apiBase?: URL;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export function createStripeCheckout(config: StripeCheckoutConfig): {
  createSession: CreateSession;
} {
  const stripe = new Stripe(config.secretKey, {
    // The fetch client is the one that works unchanged on Deno, Supabase and Node.
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: config.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.timeoutMs ?? STRIPE_TIMEOUT_MS,
    ...apiBaseOptions(config.apiBase),
  });

  return {
    async createSession({ price, successUrl, cancelUrl }) {
      let session: Stripe.Response<Stripe.Checkout.Session>;
      try {
        session = await stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          allow_promotion_codes: true,
        });
      } catch (error) {
        throw toCheckoutSessionError(error, config.secretKey);
      }
      if (typeof session.url !== "string" || session.url === "") {
        throw new CheckoutSessionError("unavailable", {
          stripeType: "missing_session_url",
          requestId: session.lastResponse.requestId,
        });
      }
      return { url: session.url };
    },
  };
}

function apiBaseOptions(
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

export function toCheckoutSessionError(error: unknown, secretKey: string): CheckoutSessionError {
  if (error instanceof CheckoutSessionError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    const name = error instanceof Error ? error.name : typeof error;
    const message = error instanceof Error ? error.message : undefined;
    return new CheckoutSessionError("unavailable", {
      stripeType: `unexpected:${name}`,
      message: message === undefined ? undefined : redactSecrets(message, secretKey),
    });
  }

  const details: CheckoutFailureDetails = {
    stripeType: error.rawType ?? error.type,
    stripeCode: error.code,
    requestId: error.requestId,
    statusCode: error.statusCode,
    message: redactSecrets(error.message, secretKey),
  };
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new CheckoutSessionError("rate_limited", details, retryAfterSeconds(error.headers));
  }
  return new CheckoutSessionError("unavailable", details);
}

function retryAfterSeconds(headers: Record<string, string> | undefined): number {
  const value = headers?.["retry-after"] ?? headers?.["Retry-After"];
  const seconds = value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return seconds >= 1 && seconds <= 60 ? seconds : DEFAULT_RETRY_AFTER_SECONDS;
}

/** Stripe masks keys in its messages, but the log must not depend on that. */
export function redactSecrets(text: string, secretKey: string): string {
  const masked = secretKey === "" ? text : text.split(secretKey).join("[redacted]");
  return masked.replace(/\b(sk|rk)_(test|live)_[A-Za-z0-9*]+/g, "$1_$2_[redacted]");
}
