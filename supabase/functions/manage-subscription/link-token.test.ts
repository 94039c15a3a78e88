import { describe, expect, it } from "vitest";
import { keepLinkExpiry, signKeepToken, verifyKeepToken } from "./link-token.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const now = new Date("2026-11-27T12:00:00Z");

describe("the keep link", () => {
  it("verifies its own token for 14 days, and no longer", async () => {
    const token = await signKeepToken(SECRET, "sub_123", keepLinkExpiry(now));
    expect(await verifyKeepToken(SECRET, token, now)).toMatchObject({
      ok: true,
      subscriptionId: "sub_123",
    });
    const day13 = new Date(now.getTime() + 13 * 86_400_000);
    expect((await verifyKeepToken(SECRET, token, day13)).ok).toBe(true);
    const day14 = new Date(now.getTime() + 14 * 86_400_000);
    expect(await verifyKeepToken(SECRET, token, day14)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another secret, another subscription and a later expiry", async () => {
    const token = await signKeepToken(SECRET, "sub_123", keepLinkExpiry(now));
    const [version, id, expiry, mac] = token.split(".");
    expect((await verifyKeepToken("another-secret-that-is-long-enough!!", token, now)).ok).toBe(
      false,
    );
    expect(await verifyKeepToken(SECRET, [version, "sub_124", expiry, mac].join("."), now)).toEqual(
      { ok: false, reason: "forged" },
    );
    expect(
      await verifyKeepToken(SECRET, [version, id, Number(expiry) + 86_400, mac].join("."), now),
    ).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(await verifyKeepToken(SECRET, "sub_123", now)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
