import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, type CheckoutHandler } from "./handler.ts";
import {
  ENDPOINT,
  FOREIGN_ORIGIN,
  LEAK_PATTERNS,
  PRICE_ENV,
  SITE_ORIGIN,
  SITE_URL,
  VALID_BODY,
  post,
  readProblem,
  useHarness,
} from "../../../tests/functions/checkout-helpers.ts";
import { expectedSessionParams } from "../../../tests/contracts/checkout-session-params.ts";

const harness = useHarness();
let handler: CheckoutHandler;

beforeEach(() => {
  handler = harness.handler();
});

describe("success (S1–S4, F10)", () => {
  it.each([
    ["price_starter", PRICE_ENV.STRIPE_PRICE_STARTER, "$79"],
    ["price_pro", PRICE_ENV.STRIPE_PRICE_PRO, "$149"],
    ["price_expert", PRICE_ENV.STRIPE_PRICE_EXPERT, "$299"],
  ])("maps %s to the configured price and answers only { url }", async (plan, price, amount) => {
    const response = await handler(post({ priceId: plan, isGuest: true }));

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body: unknown = await response.json();
    const [request] = harness.fake.requests;
    const session = [...harness.fake.sessions.values()][0];
    expect(body).toEqual({ url: session?.url });
    expect(harness.fake.requests).toHaveLength(1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.params).toEqual(expectedSessionParams(SITE_URL, price, amount));
    // A promotion code could make the first charge differ from the amount the texts name.
    expect(request?.params).not.toHaveProperty("allow_promotion_codes");
    expect(request?.params).not.toHaveProperty("customer_creation");
    expect(request?.params).not.toHaveProperty("customer_email");
    expect(request?.headers.authorization).toMatch(/^Bearer sk_test_/);
    expect(request?.idempotencyKey).toMatch(/\S{20,}/);
  });

  it("accepts a UTF-8 charset and builds URLs from SITE_URL, never from the request", async () => {
    const response = await handler(
      post(VALID_BODY, {
        contentType: "application/json; charset=UTF-8",
        headers: {
          host: "evil.example",
          referer: "https://evil.example/",
          "x-forwarded-host": "evil.example",
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(harness.fake.requests[0]?.params.success_url).toBe(
      `${SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
    );
  });

  it("uses a trailing-slash SITE_URL without doubling the slash", async () => {
    await harness.handler({ SITE_URL: `${SITE_URL}/` })(post(VALID_BODY));
    expect(harness.fake.requests[0]?.params.cancel_url).toBe(`${SITE_URL}/pricing`);
  });
});

describe("methods (F1, F2)", () => {
  it.each(["GET", "PUT", "DELETE", "PATCH", "HEAD"])("%s → 405 with Allow", async (method) => {
    const response = await handler(
      new Request(ENDPOINT, { method, headers: { origin: SITE_ORIGIN } }),
    );

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(response.headers.get("cache-control")).toBe("no-store");
    if (method !== "HEAD") expect((await readProblem(response)).code).toBe("method_not_allowed");
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("answers a preflight from an allowed origin with 204 and the CORS headers", async () => {
    const response = await handler(
      new Request(ENDPOINT, {
        method: "OPTIONS",
        headers: {
          origin: SITE_ORIGIN,
          "access-control-request-method": "POST",
          "access-control-request-headers":
            "authorization, x-client-info, apikey, content-type, idempotency-key",
        },
      }),
    );

    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "access-control-allow-origin": SITE_ORIGIN,
      "access-control-allow-headers":
        "authorization, x-client-info, apikey, content-type, idempotency-key",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-max-age": "86400",
      vary: "Origin",
    });
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("answers a preflight from a foreign origin without Access-Control-Allow-Origin", async () => {
    const response = await handler(
      new Request(ENDPOINT, { method: "OPTIONS", headers: { origin: FOREIGN_ORIGIN } }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("vary")).toBe("Origin");
  });
});

describe("CORS on real requests (E1)", () => {
  it("echoes an allowed origin on success", async () => {
    const response = await handler(post(VALID_BODY));
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(response.headers.get("vary")).toBe("Origin");
  });

  it.each([FOREIGN_ORIGIN, `${SITE_ORIGIN}.evil.example`, "null", SITE_ORIGIN.toUpperCase()])(
    "still processes a request from %s but without ACAO",
    async (origin) => {
      const success = await handler(post(VALID_BODY, { origin }));
      const failure = await handler(post({ priceId: "nope", isGuest: true }, { origin }));

      expect(success.status).toBe(200);
      expect(failure.status).toBe(400);
      for (const response of [success, failure]) {
        expect(response.headers.get("access-control-allow-origin")).toBeNull();
        expect(response.headers.get("vary")).toBe("Origin");
      }
    },
  );

  it("serves same-origin POSTs that send no Origin header", async () => {
    const response = await handler(post(VALID_BODY, { origin: null }));
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("honours ALLOWED_ORIGINS exactly", async () => {
    const custom = harness.handler({
      ALLOWED_ORIGINS: "https://a.example, https://b.example:8443/",
    });
    const fromB = await custom(post(VALID_BODY, { origin: "https://b.example:8443" }));
    const fromSite = await custom(post(VALID_BODY, { origin: SITE_ORIGIN }));
    expect(fromB.headers.get("access-control-allow-origin")).toBe("https://b.example:8443");
    expect(fromSite.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("error bodies", () => {
  it("never echo the input", async () => {
    const response = await handler(
      post({ priceId: "<script>price_1Leak</script>", isGuest: true }),
    );
    const text = JSON.stringify(await readProblem(response));
    for (const pattern of LEAK_PATTERNS) expect(text).not.toMatch(pattern);
    expect(text).not.toContain("script");
  });
});

describe("idempotency (S5)", () => {
  const KEY = "3f2c6f1e-8b4a-4c1d-9e2f-0a1b2c3d4e5f";
  const withKey = (body: unknown, key: string) =>
    post(body, { headers: { "idempotency-key": key } });

  it("passes the key to Stripe, so a retried click gets the same session", async () => {
    const first = await handler(withKey(VALID_BODY, KEY));
    const second = await handler(withKey(VALID_BODY, KEY));

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(harness.fake.sessions.size).toBe(1);
    expect(harness.fake.requests.map((request) => request.idempotencyKey)).toEqual([KEY, KEY]);
  });

  it("takes the key in any letter case", async () => {
    await handler(withKey(VALID_BODY, KEY.toUpperCase()));
    expect(harness.fake.requests[0]?.idempotencyKey).toBe(KEY);
  });

  it("creates separate sessions for separate keys", async () => {
    await handler(withKey(VALID_BODY, KEY));
    await handler(withKey(VALID_BODY, "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"));
    expect(harness.fake.sessions.size).toBe(2);
  });

  it("answers a key reused for another plan with the generic 502, logging Stripe's error", async () => {
    await handler(withKey(VALID_BODY, KEY));
    const response = await handler(withKey({ priceId: "price_starter", isGuest: true }, KEY));

    expect(response.status).toBe(502);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.checkout_unavailable,
      code: "checkout_unavailable",
    });
    expect(harness.fake.sessions.size).toBe(1);
    expect(JSON.parse(harness.logs.at(-1) ?? "{}")).toMatchObject({
      kind: "unavailable",
      stripeType: "idempotency_error",
    });
  });

  it("lets the SDK key its own retries when the browser sends no key", async () => {
    await handler(post(VALID_BODY));
    expect(harness.fake.requests[0]?.idempotencyKey).toMatch(/^stripe-node-retry-/);
  });

  it.each([
    ["not a UUID", "abc"],
    ["an empty value", ""],
    ["a UUID with extra text", `${KEY}x`],
    ["two UUIDs", `${KEY}, ${KEY}`],
    ["a UUID without dashes", KEY.replaceAll("-", "")],
    ["a 256-character value", "a".repeat(256)],
  ])("rejects %s with 400 before Stripe is called", async (_name, key) => {
    const response = await handler(withKey(VALID_BODY, key));

    expect(response.status).toBe(400);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.invalid_idempotency_key,
      code: "invalid_idempotency_key",
    });
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(harness.fake.requests).toHaveLength(0);
  });
});

describe("the subscription the visitor agrees to", () => {
  it.each([
    ["price_starter", "$79"],
    ["price_pro", "$149"],
    ["price_expert", "$299"],
  ] as const)(
    "for %s, the Terms checkbox consents to renewal at %s and the Pay line says how to cancel",
    async (priceId, amount) => {
      const response = await handler(post({ priceId, isGuest: true }));
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      const params = harness.fake.requests[0]?.params ?? {};
      expect(params["consent_collection[terms_of_service]"]).toBe("required");
      const consent = params["custom_text[terms_of_service_acceptance][message]"] ?? "";
      expect(consent).toContain(`[Terms of Service](${SITE_URL}/terms)`);
      expect(consent).toContain("automatic renewal");
      expect(consent).toContain(`${amount} today and then ${amount} every month`);
      expect(consent).toContain("until I cancel");
      const submit = params["custom_text[submit][message]"] ?? "";
      expect(submit).toContain(`${amount} today and then ${amount} every month`);
      expect(submit).toContain("Cancel anytime, with no sign-in, at https://castloop.test/cancel");
      expect(submit).toContain("until the end of the billing period you have already paid for");
      for (const text of [consent, submit]) expect(text.length).toBeLessThanOrEqual(1200);
      const page = await (await fetch(url)).text();
      expect(page).toContain('data-testid="terms"');
      expect(page).toContain(`${amount} every month, taxes included, until I cancel`);
      expect(page).toContain("Start your subscription at once?");
    },
  );

  it("meets a fake Stripe that checks both parameters as Stripe does", async () => {
    const create = (body: string) =>
      fetch(`${harness.fake.url}/v1/checkout/sessions`, {
        method: "POST",
        headers: {
          Authorization: "Bearer sk_test_fake",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
      });
    const badConsent = await create("mode=subscription&consent_collection[terms_of_service]=yes");
    expect(badConsent.status).toBe(400);
    const longText = `mode=subscription&custom_text[submit][message]=${"a".repeat(1201)}`;
    expect((await create(longText)).status).toBe(400);
    const longConsent = `mode=subscription&consent_collection[terms_of_service]=required&custom_text[terms_of_service_acceptance][message]=${"a".repeat(1201)}`;
    expect((await create(longConsent)).status).toBe(400);
    const consentWithoutCheckbox =
      "mode=subscription&custom_text[terms_of_service_acceptance][message]=ok";
    expect((await create(consentWithoutCheckbox)).status).toBe(400);
    const longLabel = `mode=subscription&custom_fields[0][key]=k&custom_fields[0][type]=dropdown&custom_fields[0][label][type]=custom&custom_fields[0][label][custom]=${"a".repeat(51)}`;
    expect((await create(longLabel)).status).toBe(400);
    expect(harness.fake.sessions.size).toBe(0);
  });
});
