import { describe, expect, it } from "vitest";
import { MESSAGES } from "./handler.ts";
import { CheckoutSessionError } from "./session.ts";
import { createStripeCheckout } from "./stripe.ts";
import {
  LEAK_PATTERNS,
  PRICE_ENV,
  SECRET_KEY,
  VALID_BODY,
  post,
  readProblem,
  useHarness,
} from "../../../tests/functions/checkout-helpers.ts";

// The site shows every price as the total, taxes included, so a checkout starts only on a
// Stripe price that is tax-inclusive: the function reads each configured price once.

const harness = useHarness();
const logged = () => harness.logs.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("a configured price that is not tax-inclusive", () => {
  it.each(["exclusive", "unspecified"] as const)(
    "refuses to start a checkout on a %s price, with a configuration error",
    async (taxBehavior) => {
      harness.fake.setPriceTaxBehavior(PRICE_ENV.STRIPE_PRICE_PRO, taxBehavior);
      const response = await harness.handler()(post(VALID_BODY));

      expect(response.status).toBe(503);
      const body = await readProblem(response);
      expect(body).toEqual({
        error: "Checkout is not configured correctly yet.",
        code: "price_not_tax_inclusive",
      });
      for (const pattern of LEAK_PATTERNS) expect(JSON.stringify(body)).not.toMatch(pattern);
      expect(harness.fake.sessions.size).toBe(0);
      expect(harness.fake.requests).toHaveLength(0);
      expect(harness.fake.priceRetrievals.map((r) => [r.method, r.path])).toEqual([
        ["GET", `/v1/prices/${PRICE_ENV.STRIPE_PRICE_PRO}`],
      ]);
      expect(logged()).toEqual([
        expect.objectContaining({
          level: "error",
          event: "checkout_price_not_tax_inclusive",
          plan: "price_pro",
          taxBehavior,
        }),
      ]);
    },
  );

  it("keeps the verdict: a second click is refused without asking Stripe again", async () => {
    harness.fake.setPriceTaxBehavior(PRICE_ENV.STRIPE_PRICE_PRO, "exclusive");
    const handler = harness.handler();
    expect((await handler(post(VALID_BODY))).status).toBe(503);
    expect((await handler(post(VALID_BODY))).status).toBe(503);
    expect(harness.fake.priceRetrievals).toHaveLength(1);
  });

  it("refuses only the plan whose price is wrong", async () => {
    harness.fake.setPriceTaxBehavior(PRICE_ENV.STRIPE_PRICE_EXPERT, "exclusive");
    const handler = harness.handler();
    expect((await handler(post({ priceId: "price_starter", isGuest: true }))).status).toBe(200);
    expect((await handler(post({ priceId: "price_expert", isGuest: true }))).status).toBe(503);
    expect(harness.fake.sessions.size).toBe(1);
  });
});

describe("a tax-inclusive price", () => {
  it("is read once per price, then every checkout on it starts", async () => {
    const handler = harness.handler();
    const answers = await Promise.all([
      handler(post(VALID_BODY)),
      handler(post(VALID_BODY)),
      handler(post({ priceId: "price_starter", isGuest: true })),
    ]);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    expect((await handler(post(VALID_BODY))).status).toBe(200);
    expect(harness.fake.priceRetrievals.map((r) => r.path).sort()).toEqual([
      `/v1/prices/${PRICE_ENV.STRIPE_PRICE_PRO}`,
      `/v1/prices/${PRICE_ENV.STRIPE_PRICE_STARTER}`,
    ]);
    expect(harness.fake.requests).toHaveLength(4);
    expect(harness.logs).toEqual([]);
  });

  it("proceeds with a warning when the answer has no tax_behavior at all", async () => {
    harness.fake.setPriceTaxBehavior(PRICE_ENV.STRIPE_PRICE_PRO, "absent");
    const handler = harness.handler();
    expect((await handler(post(VALID_BODY))).status).toBe(200);
    expect((await handler(post(VALID_BODY))).status).toBe(200);
    expect(logged()).toEqual([
      expect.objectContaining({
        level: "warn",
        event: "checkout_price_tax_behavior_missing",
        plan: "price_pro",
      }),
    ]);
  });
});

describe("a price read that fails", () => {
  it("answers checkout_unavailable 502 on a connection error, and asks again next time", async () => {
    harness.fake.failNextPriceRetrieval("drop", 3);
    const handler = harness.handler({}, { stripeTimeoutMs: 2_000 });
    const response = await handler(post(VALID_BODY));

    expect(response.status).toBe(502);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.checkout_unavailable,
      code: "checkout_unavailable",
    });
    expect(harness.fake.requests).toHaveLength(0);
    expect(logged().at(-1)).toMatchObject({
      event: "checkout_session_failed",
      step: "price_read",
      stripeType: "StripeConnectionError",
    });

    expect((await handler(post(VALID_BODY))).status).toBe(200);
    expect(harness.fake.priceRetrievals).toHaveLength(4);
  });
});

describe("the Stripe adapter's price read", () => {
  const adapter = () =>
    createStripeCheckout({ secretKey: SECRET_KEY, apiBase: new URL(harness.fake.url) });

  it("returns the price's tax_behavior, or null when the field is missing", async () => {
    const read = adapter().priceTaxBehavior;
    expect(await read("price_1Default")).toBe("inclusive");
    for (const behavior of ["exclusive", "unspecified"] as const) {
      harness.fake.setPriceTaxBehavior("price_1Set", behavior);
      expect(await read("price_1Set")).toBe(behavior);
    }
    harness.fake.setPriceTaxBehavior("price_1Set", "absent");
    expect(await read("price_1Set")).toBeNull();
    expect(harness.fake.priceRetrievals[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it("fails with the adapter's own error, its details for the log only", async () => {
    harness.fake.failNextPriceRetrieval({ type: "invalid_request_error", status: 404 });
    const failure = await adapter()
      .priceTaxBehavior("price_1Missing")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckoutSessionError);
    expect(failure).toMatchObject({
      kind: "unavailable",
      details: { stripeCode: "resource_missing", statusCode: 404 },
    });
  });
});
