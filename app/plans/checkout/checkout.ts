import { FunctionsClient, FunctionsHttpError } from "@supabase/functions-js";
import type { PriceId } from "~/plans/plans";
import { checkoutTimeoutMs, FUNCTION_NAMES } from "../../../supabase/functions/_shared/contract.ts";
import { checkoutMessages } from "~/plans/checkout/checkout-messages";
import { anonKeyHeaders, functionsBaseUrl } from "~/lib/functions-url";

export type CheckoutOutcome = { ok: true; url: string } | { ok: false; message: string };

type Invoke = (
  body: { priceId: PriceId; isGuest: true },
  idempotencyKey: string,
) => Promise<{ data: unknown; error: unknown }>;

/**
 * One idempotency key per plan and checkout attempt. After a failure whose outcome is unknown
 * (timeout, network error, 5xx) the function may still have created a session, so a retry of
 * that plan sends the same key and Stripe answers with that session instead of a second one.
 * A success or a definite refusal ends the attempt; the next click gets a fresh key.
 */
export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  const pending = new Map<PriceId, string>();
  return {
    keyFor(priceId: PriceId): string {
      const key = pending.get(priceId) ?? newKey();
      pending.set(priceId, key);
      return key;
    },
    settle(priceId: PriceId, outcome: "known" | "unknown"): void {
      if (outcome === "known") pending.delete(priceId);
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;

const idempotencyKeys = createIdempotencyKeys();

/** A 4xx is a definite refusal: the function creates nothing before it answers one. */
function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof FunctionsHttpError) || (error.context as Response).status >= 500;
}

/** Only an absolute http(s) URL is followed; anything else is treated as a failure. */
export function checkoutUrlFrom(data: unknown): string | null {
  if (typeof data !== "object" || data === null || !("url" in data)) return null;
  const { url } = data as { url: unknown };
  if (typeof url !== "string" || url === "") return null;
  return url;
}

function isSafeRedirect(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** The function's own `error` text from a JSON error body, if it sent one. */
async function functionErrorText(error: unknown): Promise<string | null> {
  if (!(error instanceof FunctionsHttpError)) return null;
  try {
    const body: unknown = await (error.context as Response).json();
    if (typeof body === "object" && body !== null && "error" in body) {
      const text = (body as { error: unknown }).error;
      if (typeof text === "string" && text.trim() !== "") return text.trim();
    }
  } catch {
    // Not JSON (a gateway page, say): fall through to the generic message.
  }
  return null;
}

/** Calls create-checkout and turns every answer into a redirect URL or one of the texts docs/product.md fixes. */
export async function requestCheckout(
  priceId: PriceId,
  invoke: Invoke,
  keys: IdempotencyKeys = idempotencyKeys,
): Promise<CheckoutOutcome> {
  const key = keys.keyFor(priceId);
  try {
    const { data, error } = await invoke({ priceId, isGuest: true }, key);
    keys.settle(priceId, error && outcomeUnknown(error) ? "unknown" : "known");
    if (error) {
      const text = await functionErrorText(error);
      return {
        ok: false,
        message: text ? checkoutMessages.failedWith(text) : checkoutMessages.tryAgain,
      };
    }
    const url = checkoutUrlFrom(data);
    if (url === null) return { ok: false, message: checkoutMessages.noUrl };
    if (!isSafeRedirect(url)) return { ok: false, message: checkoutMessages.tryAgain };
    return { ok: true, url };
  } catch {
    keys.settle(priceId, "unknown");
    return { ok: false, message: checkoutMessages.tryAgain };
  }
}

export function supabaseInvoke(origin: string): Invoke {
  const client = new FunctionsClient(functionsBaseUrl(origin), { headers: anonKeyHeaders() });
  return (body, idempotencyKey) =>
    client.invoke(FUNCTION_NAMES.checkout, {
      body,
      headers: { "Idempotency-Key": idempotencyKey },
      signal: AbortSignal.timeout(checkoutTimeoutMs),
    });
}
