import { describe, expect, it } from "vitest";
import type { FakeStripeError } from "../../../tests/fakes/fake-stripe.ts";
import { createCheckoutHandler, MESSAGES } from "./handler.ts";
import { CheckoutSessionError } from "./session.ts";
import { redactSecrets } from "./stripe.ts";
import {
  LEAK_PATTERNS,
  SECRET_KEY,
  SITE_ORIGIN,
  SITE_URL,
  VALID_BODY,
  eventually,
  post,
  readProblem,
  startHarness,
  useHarness,
  type Harness,
} from "../../../tests/functions/checkout-helpers.ts";

const harness = useHarness();

function expectNoLeaks(text: string): void {
  for (const pattern of LEAK_PATTERNS) expect(text).not.toMatch(pattern);
}

function lastLog(): Record<string, unknown> {
  expect(harness.logs.length).toBeGreaterThan(0);
  return JSON.parse(harness.logs.at(-1) ?? "{}") as Record<string, unknown>;
}

describe("Stripe rate limit (S7)", () => {
  it("answers 503 with Retry-After and CORS, without retrying", async () => {
    harness.fake.failNext({ type: "rate_limit_error" });
    const response = await harness.handler()(post(VALID_BODY));

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    const body = await readProblem(response);
    expect(body).toEqual({ error: MESSAGES.checkout_busy, code: "checkout_busy" });
    expectNoLeaks(JSON.stringify(body));
    expect(harness.fake.requests).toHaveLength(1);
    expect(lastLog()).toMatchObject({
      event: "checkout_session_failed",
      kind: "rate_limited",
      statusCode: 429,
    });
  });

  it("passes on a sane Retry-After from Stripe", async () => {
    harness.fake.failNext({ type: "rate_limit_error", headers: { "Retry-After": "7" } });
    const response = await harness.handler()(post(VALID_BODY));
    expect(response.headers.get("retry-after")).toBe("7");
  });
});

const failures: Array<[string, FakeStripeError, number]> = [
  ["invalid request (unknown price)", { type: "invalid_request_error" }, 1],
  ["authentication", { type: "authentication_error" }, 1],
  ["permission", { type: "permission_error" }, 1],
  ["card", { type: "card_error" }, 1],
  ["idempotency", { type: "idempotency_error" }, 1],
  ["API error marked not retryable", { type: "api_error", shouldRetry: false }, 1],
  ["unexpected status", { type: "api_error", status: 418, message: "I'm a teapot at Stripe" }, 1],
];

describe("other Stripe failures → 502 (S7)", () => {
  it.each(failures)("%s", async (_name, error, attempts) => {
    harness.fake.failNext(error, attempts);
    const response = await harness.handler()(post(VALID_BODY));

    expect(response.status).toBe(502);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(response.headers.get("retry-after")).toBeNull();
    const body = await readProblem(response);
    expect(body).toEqual({ error: MESSAGES.checkout_unavailable, code: "checkout_unavailable" });
    expectNoLeaks(JSON.stringify(body));
    expect(harness.fake.requests).toHaveLength(attempts);

    const log = lastLog();
    expect(log).toMatchObject({
      level: "error",
      event: "checkout_session_failed",
      kind: "unavailable",
      plan: "price_pro",
      stripeType: error.type,
      requestId: `req_fake_${attempts}`,
    });
    expect(harness.logs.join("\n")).not.toContain(SECRET_KEY);
  });

  it("logs Stripe's code and a redacted message, never the key", async () => {
    harness.fake.failNext({
      type: "authentication_error",
      code: "api_key_expired",
      message: `Expired API Key provided: ${SECRET_KEY}; also rk_live_abc123`,
    });
    await harness.handler()(post(VALID_BODY));

    const log = lastLog();
    expect(log).toMatchObject({ stripeCode: "api_key_expired", statusCode: 401 });
    expect(log.message).toBe("Expired API Key provided: [redacted]; also rk_live_[redacted]");
    expect(harness.logs).toHaveLength(1);
  });
});

// The SDK backs off 0.5–1 s between attempts (not configurable), so these tests run
// concurrently, each against its own fake.
describe.concurrent("retries and timeouts (S5, S6)", () => {
  async function withOwnHarness(run: (own: Harness) => Promise<void>): Promise<void> {
    const own = await startHarness();
    try {
      await run(own);
    } finally {
      await own.fake.close();
    }
  }
  const idempotencyKeys = (own: Harness) =>
    own.fake.requests.map((request) => request.idempotencyKey);

  it("retries a 500 twice with the same Idempotency-Key, then answers 502", () =>
    withOwnHarness(async (own) => {
      own.fake.failNext({ type: "api_error" }, 3);
      const response = await own.handler()(post(VALID_BODY));

      expect(response.status).toBe(502);
      expect(idempotencyKeys(own)).toHaveLength(3);
      expect(new Set(idempotencyKeys(own)).size).toBe(1);
    }));

  it("retries a dropped connection with the same Idempotency-Key and succeeds", () =>
    withOwnHarness(async (own) => {
      own.fake.dropNext(2);
      const response = await own.handler()(post(VALID_BODY));

      expect(response.status).toBe(200);
      expect(idempotencyKeys(own)).toHaveLength(3);
      expect(idempotencyKeys(own)[0]).toBeTruthy();
      expect(new Set(idempotencyKeys(own)).size).toBe(1);
    }));

  it("gives up after 3 dropped connections → 502 with CORS", () =>
    withOwnHarness(async (own) => {
      own.fake.dropNext(5);
      const response = await own.handler()(post(VALID_BODY));

      expect(response.status).toBe(502);
      expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
      expectNoLeaks(JSON.stringify(await readProblem(response)));
      expect(own.fake.requests).toHaveLength(3);
      expect(JSON.parse(own.logs.at(-1) ?? "{}")).toMatchObject({
        kind: "unavailable",
        stripeType: "StripeConnectionError",
      });
    }));

  it("times out each attempt and answers 502 within timeout × 3 plus back-off", () =>
    withOwnHarness(async (own) => {
      const timeoutMs = 150;
      own.fake.delayNext(5_000, 3);
      const started = performance.now();
      const response = await own.handler({}, { stripeTimeoutMs: timeoutMs })(post(VALID_BODY));
      const elapsed = performance.now() - started;

      expect(response.status).toBe(502);
      expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
      expect(own.fake.requests).toHaveLength(3);
      // Two back-off sleeps of at most 1 s each, plus slack for a loaded machine.
      expect(elapsed).toBeLessThan(timeoutMs * 3 + 2_000 + 1_000);
    }));

  it("stops at the overall Stripe deadline and closes the upstream request", () =>
    withOwnHarness(async (own) => {
      own.fake.delayNext(5_000, 3);
      const started = performance.now();
      const response = await own.handler(
        {},
        { stripeTimeoutMs: 4_000, stripeDeadlineMs: 300 },
      )(post(VALID_BODY));
      const elapsed = performance.now() - started;

      expect(response.status).toBe(502);
      expect(await readProblem(response)).toEqual({
        error: MESSAGES.checkout_unavailable,
        code: "checkout_unavailable",
      });
      expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
      // Before even the first try's own timeout.
      expect(elapsed).toBeLessThan(4_000);
      await eventually(() => own.fake.requests[0]?.closedEarly === true);
      expect(JSON.parse(own.logs.at(-1) ?? "{}")).toMatchObject({
        event: "checkout_session_failed",
        kind: "unavailable",
        stripeType: "deadline_exceeded",
      });
    }));

  it("abandons the Stripe call when the client goes away", () =>
    withOwnHarness(async (own) => {
      own.fake.delayNext(5_000, 3);
      const client = new AbortController();
      const started = performance.now();
      const pending = own.handler(
        {},
        { stripeTimeoutMs: 4_000 },
      )(post(VALID_BODY, { signal: client.signal }));
      await eventually(() => own.fake.requests.length === 1);
      client.abort();
      await pending;

      // Before the try's own timeout.
      expect(performance.now() - started).toBeLessThan(4_000);
      await eventually(() => own.fake.requests[0]?.closedEarly === true);
      // The SDK's retries find the signal aborted and never reach "Stripe".
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(own.fake.requests).toHaveLength(1);
      expect(own.logs.map((line) => JSON.parse(line))).toEqual([
        { level: "warn", event: "checkout_abandoned", plan: "price_pro" },
      ]);
    }));

  it("waits for a slow answer that arrives within the timeout", () =>
    withOwnHarness(async (own) => {
      own.fake.delayNext(50);
      const response = await own.handler({}, { stripeTimeoutMs: 2_000 })(post(VALID_BODY));
      expect(response.status).toBe(200);
      expect(own.fake.requests).toHaveLength(1);
    }));
});

describe("createSession contract with fake dependencies", () => {
  const prices = new Map([["price_pro", "price_1Fake"]]);
  const base = {
    prices,
    siteUrl: SITE_URL,
    allowedOrigins: [SITE_ORIGIN],
    priceTaxBehavior: () => Promise.resolve("inclusive" as const),
  };

  it("maps an unexpected adapter error to 502 without its message or stack", async () => {
    const logs: string[] = [];
    const handler = createCheckoutHandler({
      ...base,
      log: (line) => logs.push(line),
      createSession: () => Promise.reject(new Error("boom sk_test_secret at stripe.ts:12")),
    });
    const response = await handler(post(VALID_BODY));

    expect(response.status).toBe(502);
    expectNoLeaks(JSON.stringify(await readProblem(response)));
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0] ?? "{}")).toMatchObject({ kind: "unavailable", errorName: "Error" });
  });

  it("uses the adapter's Retry-After for a rate-limited session", async () => {
    const handler = createCheckoutHandler({
      ...base,
      log: () => {},
      createSession: () => Promise.reject(new CheckoutSessionError("rate_limited", {}, 9)),
    });
    const response = await handler(post(VALID_BODY));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("9");
  });

  it("redacts keys in log text", () => {
    expect(redactSecrets("key sk_test_ABC and sk_live_9x*z", "sk_test_ABC")).toBe(
      "key [redacted] and sk_live_[redacted]",
    );
  });
});
