// The plan links: an HMAC (link-hmac.ts) over their purpose, the subscription, its customer, a
// random nonce and the expiry. A `change-plan` link opens that one subscription's plan change
// in Stripe's portal (the change-plan e-mail); an `end-older` link ends an older subscription
// under the same mailbox and refunds its unused part (the checkout confirmation, for a second
// subscription). Each works once (the nonce is recorded on use, manage-subscription's
// plan-link-store.ts) and for PLAN_LINK_HOURS. The purpose is written in the token and signed,
// so one kind of link never passes for the other, nor a keep link for either.

import { PLAN_LINK_HOURS } from "./contract.ts";
import {
  isLinkStripeId,
  linkMac,
  linkMacMatches,
  linkSeconds,
  MAC_SOURCE,
  randomNonce,
  SECONDS_SOURCE,
  STRIPE_ID_SOURCE,
} from "./link-hmac.ts";

export const PLAN_LINK_PURPOSES = ["change-plan", "end-older"] as const;
export type PlanLinkPurpose = (typeof PLAN_LINK_PURPOSES)[number];

const VERSION = "p2";
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = new RegExp(
  `^p2\\.(change-plan|end-older)\\.(${STRIPE_ID_SOURCE})\\.(${STRIPE_ID_SOURCE})\\.([A-Za-z0-9_-]{22})\\.(${SECONDS_SOURCE})\\.(${MAC_SOURCE})$`,
);

export type PlanLinkCheck =
  | { ok: true; subscriptionId: string; customerId: string; nonce: string; expiresAt: Date }
  | { ok: false; reason: "malformed" | "forged" | "expired" };

const message = (
  purpose: PlanLinkPurpose,
  subscription: string,
  customer: string,
  nonce: string,
  seconds: string | number,
) => `plan-link.${VERSION}.${purpose}.${subscription}.${customer}.${nonce}.${seconds}`;

/** The link's expiry for one sent at `now`. */
export const planLinkExpiry = (now: Date) =>
  new Date(now.getTime() + PLAN_LINK_HOURS * 60 * 60 * 1000);

/** A one-use token for `purpose` on `subscriptionId`, valid until `expiresAt`. */
export async function signPlanLink(
  secret: string,
  purpose: PlanLinkPurpose,
  subscriptionId: string,
  customerId: string,
  expiresAt: Date,
  nonce: string = randomNonce(),
): Promise<string> {
  if (!isLinkStripeId(subscriptionId)) throw new RangeError("Not a subscription id");
  if (!isLinkStripeId(customerId)) throw new RangeError("Not a customer id");
  if (!NONCE.test(nonce)) throw new RangeError("Not a nonce");
  const seconds = linkSeconds(expiresAt);
  const mac = await linkMac(secret, message(purpose, subscriptionId, customerId, nonce, seconds));
  return `${VERSION}.${purpose}.${subscriptionId}.${customerId}.${nonce}.${seconds}.${mac}`;
}

/**
 * Checks that the token is a `purpose` link, then its signature (in constant time, by Web
 * Crypto), then the expiry. A link of the other purpose is `forged`: it is ours, but not for this.
 */
export async function verifyPlanLink(
  secret: string,
  purpose: PlanLinkPurpose,
  token: string,
  now: Date,
): Promise<PlanLinkCheck> {
  const match = TOKEN.exec(token);
  if (match === null) return { ok: false, reason: "malformed" };
  const [
    ,
    named = "",
    subscriptionId = "",
    customerId = "",
    nonce = "",
    secondsText = "",
    mac = "",
  ] = match;
  if (named !== purpose) return { ok: false, reason: "forged" };
  const signed = message(purpose, subscriptionId, customerId, nonce, secondsText);
  if (!(await linkMacMatches(secret, signed, mac, secondsText))) {
    return { ok: false, reason: "forged" };
  }
  const expiresAt = new Date(Number(secondsText) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subscriptionId, customerId, nonce, expiresAt };
}
