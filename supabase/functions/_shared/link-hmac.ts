// The one signing helper behind every link the functions e-mail (keep links,
// manage-subscription/link-token.ts; plan links, plan-link.ts): HMAC-SHA256 keyed by
// SUBSCRIPTION_LINK_SECRET over the link's own text, by Web Crypto, so Deno and Node agree.
// Each kind of link signs a message that starts differently, so no MAC passes for another's.

/** A Stripe id as a link carries it: letters, digits, underscores and hyphens (test stand-ins). */
export const STRIPE_ID_SOURCE = "[A-Za-z0-9_-]{1,100}";
const STRIPE_ID = new RegExp(`^${STRIPE_ID_SOURCE}$`);
export const isLinkStripeId = (value: string) => STRIPE_ID.test(value);

/** A base64url SHA-256 MAC: 43 characters. */
export const MAC_SOURCE = "[A-Za-z0-9_-]{43}";
/** An expiry in whole seconds, as a link writes it. */
export const SECONDS_SOURCE = "\\d{1,12}";

async function hmacKey(secret: string): Promise<CryptoKey> {
  return await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export function base64Url(bytes: ArrayBuffer | Uint8Array): string {
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

/** A fresh random nonce of 22 base64url characters (128 bits). */
export const randomNonce = () => base64Url(crypto.getRandomValues(new Uint8Array(16)));

/** The MAC of `message`, base64url. */
export async function linkMac(secret: string, message: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    new TextEncoder().encode(message),
  );
  return base64Url(mac);
}

/** Whole seconds since the epoch, for the expiry a link signs. */
export const linkSeconds = (expiresAt: Date) => Math.floor(expiresAt.getTime() / 1000);

/**
 * Whether `mac` is `message`'s, checked in constant time by Web Crypto. One spelling per link:
 * an expiry with leading zeros or a MAC with spare bits in its last character is refused,
 * even though it would verify, so a link has exactly one form.
 */
export async function linkMacMatches(
  secret: string,
  message: string,
  mac: string,
  secondsText: string,
): Promise<boolean> {
  if (String(Number(secondsText)) !== secondsText) return false;
  const bytes = fromBase64Url(mac);
  if (base64Url(bytes) !== mac) return false;
  return await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    bytes,
    new TextEncoder().encode(message),
  );
}
