import Stripe from "stripe";
import { expressStart } from "../_shared/contract.ts";
import { apiBaseOptions } from "../_shared/stripe-settings.ts";
import { STRIPE_DEADLINE_MS, STRIPE_MAX_NETWORK_RETRIES, STRIPE_TRY_TIMEOUT_MS } from "./budget.ts";
import {
  CheckoutSessionError,
  type CheckoutFailureDetails,
  type CreateSession,
  type PriceTaxBehavior,
} from "./session.ts";

/** Used when Stripe rate-limits us without saying how long to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 2;

export interface StripeCheckoutConfig {
  secretKey: string;
  /** Points the SDK somewhere other than api.stripe.com, e.g. stripe-mock or a local fake. */
  apiBase?: URL;
  /** Per try (default STRIPE_TRY_TIMEOUT_MS). */
  timeoutMs?: number;
  maxNetworkRetries?: number;
  /** For all tries and the back-off between them (default STRIPE_DEADLINE_MS). */
  deadlineMs?: number;
}

class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
}

export function createStripeCheckout(config: StripeCheckoutConfig): {
  createSession: CreateSession;
  priceTaxBehavior: PriceTaxBehavior;
} {
  const settings: Stripe.StripeConfig = {
    maxNetworkRetries: config.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.timeoutMs ?? STRIPE_TRY_TIMEOUT_MS,
    ...apiBaseOptions(config.apiBase),
  };

  /**
   * Runs one API call within the deadline, abandoning it when `signal` aborts; every failure
   * becomes a CheckoutSessionError whose details are for the log only.
   */
  async function withinDeadline<T>(
    signal: AbortSignal | undefined,
    call: (stripe: Stripe) => Promise<T>,
  ): Promise<T> {
    const abort = new AbortController();
    const deadline = setTimeout(
      () => abort.abort(new DeadlineExceeded()),
      config.deadlineMs ?? STRIPE_DEADLINE_MS,
    );
    const onClientGone = () => abort.abort(signal?.reason);
    if (signal?.aborted) onClientGone();
    signal?.addEventListener("abort", onClientGone, { once: true });

    // stripe-node has no per-request AbortSignal (stripe/stripe-node#2241), so each call
    // gets a client whose fetch carries this call's signal.
    const stripe = new Stripe(config.secretKey, {
      ...settings,
      // The fetch client is the one that works unchanged on Deno, Supabase and Node.
      httpClient: Stripe.createFetchHttpClient(fetchWithSignal(abort.signal)),
    });
    const pending = call(stripe);
    // After an abort the SDK may still retry (each try fails at once) and then reject.
    pending.catch(() => {});
    try {
      return await untilAborted(pending, abort.signal);
    } catch (error) {
      if (signal?.aborted) {
        throw new CheckoutSessionError("abandoned", { stripeType: "client_gone" });
      }
      if (abort.signal.reason instanceof DeadlineExceeded) {
        throw new CheckoutSessionError("unavailable", { stripeType: "deadline_exceeded" });
      }
      throw toCheckoutSessionError(error, config.secretKey);
    } finally {
      clearTimeout(deadline);
      signal?.removeEventListener("abort", onClientGone);
    }
  }

  return {
    async priceTaxBehavior(price, signal) {
      const retrieved = await withinDeadline(signal, (stripe) => stripe.prices.retrieve(price));
      // A stand-in may leave the field out; Stripe itself always sends it.
      const behavior: unknown = (retrieved as { tax_behavior?: unknown }).tax_behavior;
      return behavior === "inclusive" || behavior === "exclusive" || behavior === "unspecified"
        ? behavior
        : null;
    },

    async createSession({ price, successUrl, cancelUrl, consent, idempotencyKey, signal }) {
      const session = await withinDeadline(signal, (stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [{ price, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            // No promotion codes: a discounted first charge would make "charged today $79" untrue.
            // Stripe Tax works out the tax inside the tax-inclusive price (the handler refuses any
            // other), so the total is the price the site and the texts below name.
            automatic_tax: { enabled: true },
            // The visitor ticks the Terms checkbox, whose text consents to the renewal and its
            // amount (the Terms URL is set in Stripe's dashboard, docs/deployment.md).
            consent_collection: { terms_of_service: "required" },
            custom_text: {
              terms_of_service_acceptance: { message: consent.termsAcceptance },
              submit: { message: consent.submit },
            },
            // EU/UK consumers ask expressly to start at once (ADR 014); required for everyone.
            custom_fields: [
              {
                key: expressStart.key,
                label: { type: "custom", custom: expressStart.label },
                type: "dropdown",
                dropdown: { options: [{ ...expressStart.option }] },
                optional: false,
              },
            ],
          },
          idempotencyKey === undefined ? undefined : { idempotencyKey },
        ),
      );
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

/** `fetch` that also aborts with `signal`, besides the SDK's own per-try timeout signal. */
function fetchWithSignal(signal: AbortSignal): typeof fetch {
  return (input, init) => {
    if (signal.aborted) return Promise.reject(signal.reason);
    const signals = init?.signal ? [init.signal, signal] : [signal];
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
}

/** Settles with `promise`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
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
