import { describe, expect, it } from "vitest";
import { signKeepToken } from "./link-token.ts";
import { planLinkExpiry, signPlanLink, verifyPlanLink } from "./plan-link.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const now = new Date("2026-11-27T12:00:00Z");
const HOUR = 60 * 60 * 1000;

const tampered = (token: string) => {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
};

describe("the change-plan link", () => {
  it("names its subscription and customer for 24 hours, and no longer", async () => {
    const token = await signPlanLink(SECRET, "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyPlanLink(SECRET, token, now)).toMatchObject({
      ok: true,
      subscriptionId: "sub_1",
      customerId: "cus_1",
    });
    expect(await verifyPlanLink(SECRET, token, new Date(now.getTime() + 23 * HOUR))).toMatchObject({
      ok: true,
    });
    expect(await verifyPlanLink(SECRET, token, new Date(now.getTime() + 24 * HOUR))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("gives each link its own nonce, so each is spent on its own", async () => {
    const first = await verifyPlanLink(
      SECRET,
      await signPlanLink(SECRET, "sub_1", "cus_1", planLinkExpiry(now)),
      now,
    );
    const second = await verifyPlanLink(
      SECRET,
      await signPlanLink(SECRET, "sub_1", "cus_1", planLinkExpiry(now)),
      now,
    );
    expect(first.ok && second.ok && first.nonce !== second.nonce).toBe(true);
  });

  it("refuses a changed signature, another secret, and another subscription or customer", async () => {
    const token = await signPlanLink(SECRET, "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyPlanLink(SECRET, tampered(token), now)).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(await verifyPlanLink(`${SECRET}-other`, token, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    const otherSubscription = token.replace(".sub_1.", ".sub_2.");
    expect(await verifyPlanLink(SECRET, otherSubscription, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    const otherCustomer = token.replace(".cus_1.", ".cus_2.");
    expect(await verifyPlanLink(SECRET, otherCustomer, now)).toEqual({
      ok: false,
      reason: "forged",
    });
    // A later expiry, written in, breaks the signature too.
    const [version, sub, cus, nonce, , mac] = token.split(".");
    const stretched = [
      version,
      sub,
      cus,
      nonce,
      String(Math.floor(now.getTime() / 1000) + 86_400 * 30),
      mac,
    ].join(".");
    expect(await verifyPlanLink(SECRET, stretched, now)).toEqual({ ok: false, reason: "forged" });
  });

  it("is never a keep link, nor a keep link one of these", async () => {
    const keep = await signKeepToken(
      SECRET,
      "sub_1",
      "0b5c1f8e-2d4a-4c1e-9f3b-7a6d5e4c3b2a",
      planLinkExpiry(now),
    );
    expect(await verifyPlanLink(SECRET, keep, now)).toEqual({ ok: false, reason: "malformed" });
  });

  it("calls a cut-short or foreign token malformed", async () => {
    const token = await signPlanLink(SECRET, "sub_1", "cus_1", planLinkExpiry(now));
    expect(await verifyPlanLink(SECRET, token.slice(0, -3), now)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await verifyPlanLink(SECRET, "", now)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifyPlanLink(SECRET, "p1.sub 1.cus_1", now)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
