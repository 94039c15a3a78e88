// The change-plan link: an HMAC-SHA256, keyed by SUBSCRIPTION_LINK_SECRET, over its purpose,
// the subscription, its customer, a random nonce and the expiry. It opens that one
// subscription's plan change in Stripe's portal, once (the nonce is recorded on use,
// plan-link-store.ts) and for PLAN_LINK_HOURS. The purpose in the signed text keeps a keep
// link from ever passing for one of these, and the reverse.

import { PLAN_LINK_HOURS } from "../_shared/contract.ts";

const VERSION = "p1";
const PURPOSE = "change-plan";
const STRIPE_ID = /^[A-Za-z0-9_]{1,100}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const TOKEN =
  /^p1\.([A-Za-z0-9_]{1,100})\.([A-Za-z0-9_]{1,100})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type PlanLinkCheck =
  | { ok: true; subscriptionId: string; customerId: string; nonce: string; expiresAt: Date }
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

function base64Url(bytes: ArrayBuffer | Uint8Array): string {
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

const signed = (subscription: string, customer: string, nonce: string, seconds: number) =>
  new TextEncoder().encode(`${PURPOSE}.${VERSION}.${subscription}.${customer}.${nonce}.${seconds}`);

/** The link's expiry for one sent at `now`. */
export const planLinkExpiry = (now: Date) =>
  new Date(now.getTime() + PLAN_LINK_HOURS * 60 * 60 * 1000);

/** A one-use token for changing `subscriptionId`'s plan, valid until `expiresAt`. */
export async function signPlanLink(
  secret: string,
  subscriptionId: string,
  customerId: string,
  expiresAt: Date,
  nonce: string = base64Url(crypto.getRandomValues(new Uint8Array(16))),
): Promise<string> {
  if (!STRIPE_ID.test(subscriptionId)) throw new RangeError("Not a subscription id");
  if (!STRIPE_ID.test(customerId)) throw new RangeError("Not a customer id");
  if (!NONCE.test(nonce)) throw new RangeError("Not a nonce");
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    signed(subscriptionId, customerId, nonce, seconds),
  );
  return `${VERSION}.${subscriptionId}.${customerId}.${nonce}.${seconds}.${base64Url(mac)}`;
}

/** Checks the signature first (in constant time, by Web Crypto), then the expiry. */
export async function verifyPlanLink(
  secret: string,
  token: string,
  now: Date,
): Promise<PlanLinkCheck> {
  const match = TOKEN.exec(token);
  if (match === null) return { ok: false, reason: "malformed" };
  const [, subscriptionId = "", customerId = "", nonce = "", secondsText = "", mac = ""] = match;
  const seconds = Number(secondsText);
  // One spelling per link: no leading zeros, no spare bits in the signature's last character.
  if (String(seconds) !== secondsText || base64Url(fromBase64Url(mac)) !== mac) {
    return { ok: false, reason: "forged" };
  }
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    fromBase64Url(mac),
    signed(subscriptionId, customerId, nonce, seconds),
  );
  if (!valid) return { ok: false, reason: "forged" };
  const expiresAt = new Date(seconds * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subscriptionId, customerId, nonce, expiresAt };
}
