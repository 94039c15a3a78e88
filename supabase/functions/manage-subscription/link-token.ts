// The "Keep my subscription" link: an HMAC-SHA256 over the subscription id, the id of the
// cancellation request that sent it and the link's expiry, keyed by SUBSCRIPTION_LINK_SECRET.
// Web Crypto, so it is the same on Deno and Node. Whoever holds the link can undo that one
// cancellation until it expires, nothing else: the handler also checks that it is still the
// subscription's latest, so a link from before a "keep" cannot undo a later cancellation.

import { KEEP_LINK_DAYS } from "../_shared/contract.ts";

export { KEEP_LINK_DAYS };
const VERSION = "v2";
// Stripe ids are letters, digits and underscores; anything else is not ours.
const SUBSCRIPTION_ID = /^[A-Za-z0-9_]{1,100}$/;
// The requests table's ids: UUIDs as Postgres writes them.
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN =
  /^v2\.([A-Za-z0-9_]{1,100})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type TokenCheck =
  | { ok: true; subscriptionId: string; requestId: string; expiresAt: Date }
  | { ok: false; reason: "malformed" | "forged" | "expired" };

async function hmacKey(secret: string): Promise<CryptoKey> {
  return await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

function base64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const signed = (subscriptionId: string, requestId: string, expiresSeconds: number) =>
  new TextEncoder().encode(`${VERSION}.${subscriptionId}.${requestId}.${expiresSeconds}`);

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
  if (!SUBSCRIPTION_ID.test(subscriptionId)) throw new RangeError("Not a subscription id");
  if (!REQUEST_ID.test(requestId)) throw new RangeError("Not a request id");
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    signed(subscriptionId, requestId, seconds),
  );
  return `${VERSION}.${subscriptionId}.${requestId}.${seconds}.${base64Url(mac)}`;
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
  const seconds = Number(secondsText);
  // One spelling per link: no leading zeros in the expiry, no spare bits in the signature's
  // last character. Anything else is refused as not ours, even though it would verify.
  if (String(seconds) !== secondsText || base64Url(fromBase64Url(mac).buffer) !== mac) {
    return { ok: false, reason: "forged" };
  }
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    fromBase64Url(mac),
    signed(subscriptionId, requestId, seconds),
  );
  if (!valid) return { ok: false, reason: "forged" };
  const expiresAt = new Date(seconds * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subscriptionId, requestId, expiresAt };
}

/** The link's expiry for a cancellation made at `now`. */
export function keepLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + KEEP_LINK_DAYS * 24 * 60 * 60 * 1000);
}
