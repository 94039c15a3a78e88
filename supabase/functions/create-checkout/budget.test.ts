import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { checkoutTimeoutMs } from "../_shared/contract.ts";
import {
  BODY_READ_TIMEOUT_MS,
  CLIENT_MARGIN_MS,
  STRIPE_DEADLINE_MS,
  STRIPE_MAX_NETWORK_RETRIES,
  STRIPE_RETRY_SLEEP_MAX_MS,
  STRIPE_TRY_TIMEOUT_MS,
} from "./budget.ts";

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

  it("matches the SDK's sleep before each retry (timers are too noisy to measure it)", () => {
    const requestSender = (
      new Stripe("sk_test_budget") as unknown as {
        _requestSender: { _getSleepTimeInMS(numRetries: number): number };
      }
    )._requestSender;
    for (let retry = 0; retry < STRIPE_MAX_NETWORK_RETRIES; retry += 1) {
      // The sleep has random jitter; enough draws reach its upper end.
      for (let draw = 0; draw < 1_000; draw += 1) {
        expect(requestSender._getSleepTimeInMS(retry)).toBeLessThanOrEqual(
          STRIPE_RETRY_SLEEP_MAX_MS,
        );
      }
    }
  });
});
