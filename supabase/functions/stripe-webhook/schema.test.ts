import { describe, expect, it } from "vitest";
import { parseWebhookEnv } from "./schema.ts";

describe("STRIPE_WEBHOOK_SECRET", () => {
  it("takes any whsec_ secret in test mode, as a stand-in or the Stripe CLI signs with", () => {
    for (const secret of ["whsec_test", "whsec_x", "whsec_local.stand-in"]) {
      const config = parseWebhookEnv({
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_SECRET_KEY: "sk_test_anything",
      });
      expect(config.webhookSecret).toBe(secret);
      expect(config.missing).toEqual([]);
    }
  });
  it("refuses a value that is not a signing secret", () => {
    expect(() => parseWebhookEnv({ STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/whsec_/);
    expect(() => parseWebhookEnv({ STRIPE_WEBHOOK_SECRET: "whsec_a b" })).toThrow(/whsec_/);
  });
  it("asks a live key for the dashboard's form of the secret", () => {
    expect(() =>
      parseWebhookEnv({ STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_SECRET_KEY: "sk_live_abc" }),
    ).toThrow(/dashboard/);
    expect(
      parseWebhookEnv({
        STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdefABCDEF",
        STRIPE_SECRET_KEY: "sk_live_abc",
      }).webhookSecret,
    ).toBe("whsec_0123456789abcdefABCDEF");
  });
});
