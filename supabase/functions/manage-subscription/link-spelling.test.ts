import { describe, expect, it } from "vitest";
import { keepLinkExpiry, signKeepToken, verifyKeepToken } from "./link-token.ts";

// One spelling per link: the same expiry with leading zeros, or a signature whose last
// character carries spare bits, decodes alike but is not the link we wrote.

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const REQUEST = "00000000-0000-4000-8000-000000000001";

async function token() {
  return await signKeepToken(SECRET, "sub_1", REQUEST, keepLinkExpiry(new Date()));
}

describe("the keep link's spelling", () => {
  it("accepts the link as written", async () => {
    expect((await verifyKeepToken(SECRET, await token(), new Date())).ok).toBe(true);
  });

  it("refuses the expiry with a leading zero", async () => {
    const parts = (await token()).split(".");
    parts[3] = `0${parts[3]}`;
    expect(await verifyKeepToken(SECRET, parts.join("."), new Date())).toEqual({
      ok: false,
      reason: "forged",
    });
  });

  it("refuses the signature with its spare bits set", async () => {
    const parts = (await token()).split(".");
    const mac = parts[4]!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 43 characters carry 258 bits for 256: the last character's two low bits are spare.
    const last = alphabet.indexOf(mac.at(-1)!);
    parts[4] = `${mac.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(await verifyKeepToken(SECRET, parts.join("."), new Date())).toEqual({
      ok: false,
      reason: "forged",
    });
  });

  it("takes Stripe ids with hyphens and underscores, as test stand-ins write them", async () => {
    const hyphenated = await signKeepToken(
      SECRET,
      "sub_test-123_x",
      REQUEST,
      keepLinkExpiry(new Date()),
    );
    expect(await verifyKeepToken(SECRET, hyphenated, new Date())).toMatchObject({
      ok: true,
      subscriptionId: "sub_test-123_x",
    });
  });
});
