import Stripe from "stripe";

// The Stripe SDK as the webhook uses it: the signature check (the async one, on Web Crypto, so
// it runs alike on Deno, Supabase and Node) and the two reads an event may need. Every failure
// of a read is a WebhookStripeError whose details are for the log only.

/** Stripe's default: a signature older than this many seconds is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Per try, and how many tries: Stripe waits about 10 s for an answer before it retries. */
export const STRIPE_READ_TIMEOUT_MS = 4_000;
export const STRIPE_READ_RETRIES = 1;

export class WebhookStripeError extends Error {
  readonly details: { stripeType?: string; statusCode?: number; requestId?: string };
  constructor(details: WebhookStripeError["details"]) {
    super("A Stripe read failed.");
    this.name = "WebhookStripeError";
    this.details = details;
  }
}

export type Verification =
  { ok: true; event: unknown } | { ok: false; reason: "invalid_signature" | "invalid_json" };

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * Checks `Stripe-Signature` against the raw body with the endpoint's secret, then parses the
 * body. `nowSeconds`: the clock the tolerance is judged by (tests), else the system's.
 */
export async function verifyEvent(
  body: Uint8Array,
  header: string,
  secret: string,
  nowSeconds?: number,
): Promise<Verification> {
  try {
    const event = await Stripe.webhooks.constructEventAsync(
      body,
      header,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      cryptoProvider,
      nowSeconds,
    );
    return { ok: true, event };
  } catch (error) {
    return error instanceof Stripe.errors.StripeSignatureVerificationError
      ? { ok: false, reason: "invalid_signature" }
      : { ok: false, reason: "invalid_json" };
  }
}

/** The reads an event may need, as objects the event schemas check. */
export interface WebhookStripe {
  retrieveSubscription(id: string): Promise<unknown>;
  /** The customer's address as Stripe has it; null when it has none or was deleted. */
  customerEmail(id: string): Promise<string | null>;
}

export function createWebhookStripe(config: {
  secretKey: string;
  /** stripe-mock or a local stand-in (STRIPE_API_BASE). */
  apiBase?: URL;
  timeoutMs?: number;
}): WebhookStripe {
  const protocol = config.apiBase?.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: STRIPE_READ_RETRIES,
    timeout: config.timeoutMs ?? STRIPE_READ_TIMEOUT_MS,
    httpClient: Stripe.createFetchHttpClient(),
    ...(config.apiBase === undefined
      ? {}
      : {
          host: config.apiBase.hostname,
          port: config.apiBase.port || (protocol === "http" ? "80" : "443"),
          protocol,
        }),
  });
  const read = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new WebhookStripeError({
          stripeType: error.rawType ?? error.type,
          statusCode: error.statusCode,
          requestId: error.requestId,
        });
      }
      throw new WebhookStripeError({
        stripeType: `unexpected:${error instanceof Error ? error.name : typeof error}`,
      });
    }
  };
  return {
    retrieveSubscription: (id) => read(() => stripe.subscriptions.retrieve(id)),
    async customerEmail(id) {
      const customer = await read(() => stripe.customers.retrieve(id));
      if ("deleted" in customer && customer.deleted === true) return null;
      const email = (customer as { email?: unknown }).email;
      return typeof email === "string" && email !== "" ? email : null;
    },
  };
}
