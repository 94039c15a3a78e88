// The "Keep my subscription" link: an HMAC-SHA256 over the subscription id, the id of the
// cancellation request that sent it and the link's expiry, keyed by SUBSCRIPTION_LINK_SECRET
// (_shared/link-hmac.ts, which plan links share). Whoever holds the link can undo that one
// cancellation until it expires, nothing else: the handler also checks that it is still the
// subscription's latest, so a link from before a "keep" cannot undo a later cancellation.

import { KEEP_LINK_DAYS } from "../_shared/contract.ts";
import {
  isLinkStripeId,
  linkMac,
  linkMacMatches,
  linkSeconds,
  MAC_SOURCE,
  SECONDS_SOURCE,
  STRIPE_ID_SOURCE,
} from "../_shared/link-hmac.ts";

export { KEEP_LINK_DAYS };
const VERSION = "v2";
// The requests table's ids: UUIDs as Postgres writes them.
const REQUEST_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const REQUEST_ID = new RegExp(`^${REQUEST_SOURCE}$`);
const TOKEN = new RegExp(
  `^v2\\.(${STRIPE_ID_SOURCE})\\.(${REQUEST_SOURCE})\\.(${SECONDS_SOURCE})\\.(${MAC_SOURCE})$`,
);

export type TokenCheck =
  | { ok: true; subscriptionId: string; requestId: string; expiresAt: Date }
  | { ok: false; reason: "malformed" | "forged" | "expired" };

const signed = (subscriptionId: string, requestId: string, expiresSeconds: string | number) =>
  `${VERSION}.${subscriptionId}.${requestId}.${expiresSeconds}`;

/**
 * A token for undoing the cancellation of `subscriptionId` that request `requestId` made,
 * valid until `expiresAt`.
 */
export async function signKeepToken(
  secret: string,
  subscriptionId: string,
  requestId: string,
  expiresAt: Date,
): Promise<string> {
  if (!isLinkStripeId(subscriptionId)) throw new RangeError("Not a subscription id");
  if (!REQUEST_ID.test(requestId)) throw new RangeError("Not a request id");
  const seconds = linkSeconds(expiresAt);
  const mac = await linkMac(secret, signed(subscriptionId, requestId, seconds));
  return `${VERSION}.${subscriptionId}.${requestId}.${seconds}.${mac}`;
}

/** Checks the signature first (in constant time, by Web Crypto), then the expiry. */
export async function verifyKeepToken(
  secret: string,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  const match = TOKEN.exec(token);
  // A whole link of the first version names no cancellation: not valid, rather than cut short.
  if (match === null)
    return { ok: false, reason: /^v1\.\w+\.\d+\.[\w-]{43}$/.test(token) ? "forged" : "malformed" };
  const [, subscriptionId = "", requestId = "", secondsText = "", mac = ""] = match;
  // One spelling per link (link-hmac.ts): anything else is refused as not ours.
  if (
    !(await linkMacMatches(
      secret,
      signed(subscriptionId, requestId, secondsText),
      mac,
      secondsText,
    ))
  ) {
    return { ok: false, reason: "forged" };
  }
  const expiresAt = new Date(Number(secondsText) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subscriptionId, requestId, expiresAt };
}

/** The link's expiry for a cancellation made at `now`. */
export function keepLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + KEEP_LINK_DAYS * 24 * 60 * 60 * 1000);
}
