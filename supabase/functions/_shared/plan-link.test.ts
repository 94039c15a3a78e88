import { describe, expect, it } from "vitest";
import { signKeepToken, verifyKeepToken } from "../manage-subscription/link-token.ts";
import { planLinkExpiry, signPlanLink, verifyPlanLink } from "./plan-link.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const now = new Date("2026-11-27T12:00:00Z");
const HOUR = 60 * 60 * 1000;

const tampered = (token: string) => {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
};

describe("the plan links", () => {
  it("name their subscription and customer for 24 hours, and no longer", async () => {
    const token = await signPlanLink(SECRET, "change-plan", "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyPlanLink(SECRET, "change-plan", token, now)).toMatchObject({
      ok: true,
      subscriptionId: "sub_1",
      customerId: "cus_1",
    });
    const later = (hours: number) => new Date(now.getTime() + hours * HOUR);
    expect(await verifyPlanLink(SECRET, "change-plan", token, later(23))).toMatchObject({
      ok: true,
    });
    expect(await verifyPlanLink(SECRET, "change-plan", token, later(24))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("carry a signed purpose: a change-plan link never ends a subscription, nor the reverse", async () => {
    const change = await signPlanLink(SECRET, "change-plan", "sub_1", "cus_1", planLinkExpiry(now));
    const end = await signPlanLink(SECRET, "end-older", "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyPlanLink(SECRET, "end-older", end, now)).toMatchObject({ ok: true });
    expect(await verifyPlanLink(SECRET, "end-older", change, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(await verifyPlanLink(SECRET, "change-plan", end, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    // The purpose written over with the other one breaks the signature.
    const relabelled = change.replace(".change-plan.", ".end-older.");
    expect(await verifyPlanLink(SECRET, "end-older", relabelled, now)).toEqual({
      ok: false,
      reason: "forged",
    });
  });

  it("take Stripe ids with hyphens and underscores, as test stand-ins write them", async () => {
    for (const purpose of ["change-plan", "end-older"] as const) {
      const token = await signPlanLink(
        SECRET,
        purpose,
        "sub_test-123_a",
        "cus_test-9-b_",
        planLinkExpiry(now),
      );
      expect(await verifyPlanLink(SECRET, purpose, token, now)).toMatchObject({
        ok: true,
        subscriptionId: "sub_test-123_a",
        customerId: "cus_test-9-b_",
      });
    }
    await expect(
      signPlanLink(SECRET, "end-older", "sub.1", "cus_1", planLinkExpiry(now)),
    ).rejects.toThrow(RangeError);
  });

  it("give each link its own nonce, so each is spent on its own", async () => {
    const sign = () => signPlanLink(SECRET, "change-plan", "sub_1", "cus_1", planLinkExpiry(now));
    const first = await verifyPlanLink(SECRET, "change-plan", await sign(), now);
    const second = await verifyPlanLink(SECRET, "change-plan", await sign(), now);
    expect(first.ok && second.ok && first.nonce !== second.nonce).toBe(true);
  });

  it("refuse a changed signature, another secret, and another subscription or customer", async () => {
    const token = await signPlanLink(SECRET, "end-older", "sub_1", "cus_1", planLinkExpiry(now));
    const refused = { ok: false, reason: "forged" };
    expect(await verifyPlanLink(SECRET, "end-older", tampered(token), now)).toEqual(refused);
    expect(await verifyPlanLink(`${SECRET}-other`, "end-older", token, now)).toEqual(refused);
    const otherSubscription = token.replace(".sub_1.", ".sub_2.");
    expect(await verifyPlanLink(SECRET, "end-older", otherSubscription, now)).toEqual(refused);
    const otherCustomer = token.replace(".cus_1.", ".cus_2.");
    expect(await verifyPlanLink(SECRET, "end-older", otherCustomer, now)).toEqual(refused);
    // A later expiry, written in, breaks the signature too.
    const parts = token.split(".");
    parts[5] = String(Math.floor(now.getTime() / 1000) + 86_400 * 30);
    expect(await verifyPlanLink(SECRET, "end-older", parts.join("."), now)).toEqual(refused);
  });

  it("have one spelling: no leading zeros in the expiry, no spare bits in the signature", async () => {
    const token = await signPlanLink(SECRET, "end-older", "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyPlanLink(SECRET, "end-older", token, now)).toMatchObject({ ok: true });
    const parts = token.split(".");
    const padded = [...parts.slice(0, 5), `0${parts[5]}`, parts[6]].join(".");
    expect(await verifyPlanLink(SECRET, "end-older", padded, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    // 43 base64url characters carry 258 bits for a 256-bit MAC: the last one's low two bits are
    // spare. Setting one decodes to the same MAC, so only the canonical spelling is taken.
    const mac = parts[6] ?? "";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(mac.at(-1) ?? "A");
    const spare = `${mac.slice(0, -1)}${alphabet[last ^ 1]}`;
    const respelled = [...parts.slice(0, 6), spare].join(".");
    expect(await verifyPlanLink(SECRET, "end-older", respelled, now)).toEqual({
      ok: false,
      reason: "forged",
    });
  });

  it("are never keep links, nor keep links these", async () => {
    const keep = await signKeepToken(
      SECRET,
      "sub_1",
      "0b5c1f8e-2d4a-4c1e-9f3b-7a6d5e4c3b2a",
      planLinkExpiry(now),
    );
    expect(await verifyPlanLink(SECRET, "change-plan", keep, now)).toEqual({
      ok: false,
      reason: "malformed",
    });
    const plan = await signPlanLink(SECRET, "end-older", "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyKeepToken(SECRET, plan, now)).toEqual({ ok: false, reason: "malformed" });
  });

  it("call a cut-short or foreign token malformed", async () => {
    const token = await signPlanLink(SECRET, "change-plan", "sub_1", "cus_1", planLinkExpiry(now));
    const malformed = { ok: false, reason: "malformed" };
    expect(await verifyPlanLink(SECRET, "change-plan", token.slice(0, -3), now)).toEqual(malformed);
    expect(await verifyPlanLink(SECRET, "change-plan", "", now)).toEqual(malformed);
    expect(await verifyPlanLink(SECRET, "change-plan", "p2.change-plan.sub 1.cus_1", now)).toEqual(
      malformed,
    );
    expect(
      await verifyPlanLink(
        SECRET,
        "change-plan",
        token.replace("p2.change-plan.", "p2.refund."),
        now,
      ),
    ).toEqual(malformed);
  });
});
