import { describe, expect, it } from "vitest";
import { keepLinkExpiry, signKeepToken, verifyKeepToken } from "./link-token.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const now = new Date("2026-11-27T12:00:00Z");
const REQUEST = "0b5c1f8e-2d4a-4c1e-9f3b-7a6d5e4c3b2a";
const OTHER_REQUEST = "9e8d7c6b-5a49-4838-a726-150f0e0d0c0b";

/** The token with one character of its signature changed, wherever it falls. */
const tampered = (token: string) => {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
};

describe("the keep link", () => {
  it("verifies its own token for 14 days, and no longer", async () => {
    const token = await signKeepToken(SECRET, "sub_123", REQUEST, keepLinkExpiry(now));
    expect(await verifyKeepToken(SECRET, token, now)).toMatchObject({
      ok: true,
      subscriptionId: "sub_123",
      requestId: REQUEST,
    });
    const day13 = new Date(now.getTime() + 13 * 86_400_000);
    expect((await verifyKeepToken(SECRET, token, day13)).ok).toBe(true);
    const day14 = new Date(now.getTime() + 14 * 86_400_000);
    expect(await verifyKeepToken(SECRET, token, day14)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another secret, another subscription, another cancellation and a later expiry", async () => {
    const token = await signKeepToken(SECRET, "sub_123", REQUEST, keepLinkExpiry(now));
    const [version, id, request, expiry, mac] = token.split(".");
    expect((await verifyKeepToken("another-secret-that-is-long-enough!!", token, now)).ok).toBe(
      false,
    );
    expect(
      await verifyKeepToken(SECRET, [version, "sub_124", request, expiry, mac].join("."), now),
    ).toEqual({ ok: false, reason: "forged" });
    expect(
      await verifyKeepToken(SECRET, [version, id, OTHER_REQUEST, expiry, mac].join("."), now),
    ).toEqual({ ok: false, reason: "forged" });
    expect(
      await verifyKeepToken(
        SECRET,
        [version, id, request, Number(expiry) + 86_400, mac].join("."),
        now,
      ),
    ).toEqual({ ok: false, reason: "forged" });
    expect(await verifyKeepToken(SECRET, tampered(token), now)).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(await verifyKeepToken(SECRET, "sub_123", now)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("signs the cancellation's request id, so each cancellation has a link of its own", async () => {
    const expiresAt = keepLinkExpiry(now);
    const first = await signKeepToken(SECRET, "sub_123", REQUEST, expiresAt);
    const second = await signKeepToken(SECRET, "sub_123", OTHER_REQUEST, expiresAt);
    expect(first).not.toBe(second);
    expect(await verifyKeepToken(SECRET, second, now)).toMatchObject({
      ok: true,
      requestId: OTHER_REQUEST,
    });
    await expect(signKeepToken(SECRET, "sub_123", "not-a-uuid", expiresAt)).rejects.toThrow(
      RangeError,
    );
  });

  it("refuses a link of the first version, which named no cancellation, as not valid", async () => {
    const v1 = `v1.sub_123.${Math.floor(keepLinkExpiry(now).getTime() / 1000)}.${"A".repeat(43)}`;
    expect(await verifyKeepToken(SECRET, v1, now)).toEqual({ ok: false, reason: "forged" });
  });
});
