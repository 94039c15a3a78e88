import { describe, expect, it } from "vitest";
import { checkoutTimeoutMs } from "../../../app/lib/checkout-messages.ts";
import {
  BODY_READ_TIMEOUT_MS,
  CLIENT_MARGIN_MS,
  STRIPE_DEADLINE_MS,
  STRIPE_MAX_NETWORK_RETRIES,
  STRIPE_RETRY_SLEEP_MAX_MS,
  STRIPE_TRY_TIMEOUT_MS,
} from "./budget.ts";
import { post, useHarness, VALID_BODY } from "./test-helpers.ts";

// The function cannot import from app/, so this Node test ties its budget to the browser's.

describe("time budget (finding 7)", () => {
  it("answers well before the browser gives up", () => {
    expect(BODY_READ_TIMEOUT_MS + STRIPE_DEADLINE_MS + CLIENT_MARGIN_MS).toBeLessThanOrEqual(
      checkoutTimeoutMs,
    );
    expect(CLIENT_MARGIN_MS).toBeGreaterThanOrEqual(2_000);
  });

  it("fits every try and the back-off between them inside the Stripe deadline", () => {
    const tries = STRIPE_MAX_NETWORK_RETRIES + 1;
    expect(
      tries * STRIPE_TRY_TIMEOUT_MS + STRIPE_MAX_NETWORK_RETRIES * STRIPE_RETRY_SLEEP_MAX_MS,
    ).toBeLessThanOrEqual(STRIPE_DEADLINE_MS);
  });

  describe("against the real SDK", () => {
    const harness = useHarness();

    it("sleeps no longer than STRIPE_RETRY_SLEEP_MAX_MS before a retry", async () => {
      harness.fake.failNext({ type: "api_error" }, STRIPE_MAX_NETWORK_RETRIES + 1);
      await harness.handler()(post(VALID_BODY));

      const arrivals = harness.fake.requests.map((request) => request.receivedAt);
      expect(arrivals).toHaveLength(STRIPE_MAX_NETWORK_RETRIES + 1);
      for (let index = 1; index < arrivals.length; index += 1) {
        const gap = (arrivals[index] ?? 0) - (arrivals[index - 1] ?? 0);
        // Slack for the request itself on a busy machine.
        expect(gap).toBeLessThan(STRIPE_RETRY_SLEEP_MAX_MS + 250);
      }
    });
  });
});
