import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, type CheckoutHandler } from "./handler.ts";
import { checkoutNoticeId, type MessageCode } from "./messages.ts";
import {
  FOREIGN_ORIGIN,
  LEAK_PATTERNS,
  PRICE_ENV,
  SITE_URL,
  VALID_BODY,
  post,
  testEnv,
  useHarness,
} from "../../../tests/functions/checkout-helpers.ts";
import { createCheckoutHandlerFromEnv } from "./from-env.ts";
import { expectedSessionParams } from "../../../tests/contracts/checkout-session-params.ts";

// A Subscribe control is a `<form method="post">`: the function answers it with a 303, to
// Stripe Checkout or back to the page the form was on, at the notice for the refusal.

const FORM = "application/x-www-form-urlencoded";
const harness = useHarness();
let handler: CheckoutHandler;

beforeEach(() => {
  handler = harness.handler();
});

const formPost = (body: string, init: Parameters<typeof post>[1] = {}) =>
  post(body, { contentType: FORM, ...init });
const PRO_FORM = "priceId=price_pro&isGuest=true&returnTo=%2Fexamples%2Fopen-kitchen-hours";

function expectBackTo(response: Response, path: string, code: MessageCode) {
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(`${SITE_URL}${path}#${checkoutNoticeId(code)}`);
  expect(response.headers.get("cache-control")).toBe("no-store");
}

describe("a form post from the site", () => {
  it("answers 303 to the Checkout Session's URL", async () => {
    const response = await handler(formPost(PRO_FORM));
    expect(response.status).toBe(303);
    const [session] = [...harness.fake.sessions.values()];
    expect(response.headers.get("location")).toBe(session?.url);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");
  });

  it("gives the same session as the JSON body: every parameter sent to Stripe", async () => {
    await harness.handler()(post(VALID_BODY));
    await handler(formPost(PRO_FORM));
    const [fromJson, fromForm] = harness.fake.requests;
    expect(harness.fake.requests).toHaveLength(2);
    expect(fromForm?.params).toEqual(fromJson?.params);
    expect(fromForm?.params).toEqual(
      expectedSessionParams(SITE_URL, PRICE_ENV.STRIPE_PRICE_PRO, "$149"),
    );
  });

  it("accepts a UTF-8 charset and fields in any order", async () => {
    const response = await handler(
      formPost("returnTo=%2F&isGuest=true&priceId=price_expert", {
        contentType: `${FORM}; charset=UTF-8`,
      }),
    );
    expect(response.status).toBe(303);
    expect(harness.fake.sessions.size).toBe(1);
  });

  it("needs no returnTo, and goes back to /pricing if it fails without one", async () => {
    harness.fake.failNext({ type: "api_error" }, 5);
    const response = await harness.handler(
      {},
      { stripeTimeoutMs: 200, stripeDeadlineMs: 500 },
    )(formPost("priceId=price_pro&isGuest=true"));
    expectBackTo(response, "/pricing", "checkout_unavailable");
  });

  it("a Stripe failure goes back to the form's page at the notice, naming nothing of Stripe's", async () => {
    harness.fake.failNext({ type: "api_error", message: "sk_test_secret broke" }, 5);
    const response = await harness.handler(
      {},
      { stripeTimeoutMs: 200, stripeDeadlineMs: 500 },
    )(formPost(PRO_FORM));
    expectBackTo(response, "/examples/open-kitchen-hours", "checkout_unavailable");
    for (const pattern of LEAK_PATTERNS) {
      expect(response.headers.get("location")).not.toMatch(pattern);
    }
  });
});

describe("refusals: 303 back to the page, never a session", () => {
  it("a cross-site form post is refused without reading its body", async () => {
    const response = await handler(formPost(PRO_FORM, { origin: FOREIGN_ORIGIN }));
    // Its returnTo is not trusted either: the refusal lands on /pricing.
    expectBackTo(response, "/pricing", "cross_site");
    expect(harness.fake.requests).toHaveLength(0);
    expect(harness.logs.map((line) => JSON.parse(line).event)).toEqual([
      "checkout_cross_site_form",
    ]);
  });

  it("a post with neither Origin nor Sec-Fetch-Site is refused", async () => {
    const response = await handler(formPost(PRO_FORM, { origin: null }));
    expectBackTo(response, "/pricing", "cross_site");
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("a post without Origin but Sec-Fetch-Site same-origin is the site's own", async () => {
    const response = await handler(
      formPost(PRO_FORM, { origin: null, headers: { "sec-fetch-site": "same-origin" } }),
    );
    expect(response.status).toBe(303);
    expect(harness.fake.sessions.size).toBe(1);
  });

  it("Sec-Fetch-Site cross-site without Origin is refused", async () => {
    const response = await handler(
      formPost(PRO_FORM, { origin: null, headers: { "sec-fetch-site": "cross-site" } }),
    );
    expectBackTo(response, "/pricing", "cross_site");
  });

  it("an oversized form body is refused", async () => {
    const response = await handler(formPost(`${PRO_FORM}&pad=${"x".repeat(20 * 1024)}`));
    expectBackTo(response, "/pricing", "payload_too_large");
    expect(harness.fake.requests).toHaveLength(0);
  });

  it.each([
    ["a broken escape", "priceId=price_pro&isGuest=true&returnTo=%2"],
    ["a repeated field", "priceId=price_pro&priceId=price_expert&isGuest=true"],
    ["a pair without =", "priceId=price_pro&isGuest"],
    ["too many fields", "a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9"],
  ])("a malformed form body is refused: %s", async (_, body) => {
    const response = await handler(formPost(body));
    expectBackTo(response, "/pricing", "invalid_form");
    expect(harness.fake.requests).toHaveLength(0);
  });

  it.each([
    [
      "an unknown field",
      `${PRO_FORM}&customer_email=a%40b.c`,
      "/examples/open-kitchen-hours",
      "unknown_field",
    ],
    ["an unknown plan", "priceId=price_agency&isGuest=true&returnTo=%2F", "/", "unknown_price"],
    ["isGuest other than true", "priceId=price_pro&isGuest=1&returnTo=%2F", "/", "invalid_field"],
  ] as const)("the same allowlist as JSON: %s", async (_, body, path, code) => {
    const response = await handler(formPost(body));
    expectBackTo(response, path, code);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it.each([
    ["another host", "https://evil.example/"],
    ["a protocol-relative path", "//evil.example"],
    ["a backslash", "/\\evil.example"],
    ["a query", "/pricing?x=1"],
    ["a fragment", "/pricing#x"],
    ["an upper-case path", "/Pricing"],
    ["a dot segment", "/../pricing"],
  ])("a returnTo naming %s is refused, back to /pricing", async (_, returnTo) => {
    const response = await handler(
      formPost(`priceId=price_pro&isGuest=true&returnTo=${encodeURIComponent(returnTo)}`),
    );
    expectBackTo(response, "/pricing", "invalid_field");
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("the rate limit applies to form posts, back to the form's page", async () => {
    const limited = harness.handler({ CHECKOUT_RATE_LIMIT: "1" });
    expect((await limited(formPost(PRO_FORM), { clientIp: "203.0.113.7" })).status).toBe(303);
    const response = await limited(formPost(PRO_FORM), { clientIp: "203.0.113.7" });
    expectBackTo(response, "/examples/open-kitchen-hours", "rate_limited");
    expect(harness.fake.sessions.size).toBe(1);
  });

  it("an unconfigured server sends the form's visitor back with its notice", async () => {
    const response = await harness.handler({ STRIPE_SECRET_KEY: undefined })(formPost(PRO_FORM));
    expectBackTo(response, "/examples/open-kitchen-hours", "not_configured");
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "a plan named %s is an unknown plan, like any other",
    async (plan) => {
      const response = await handler(formPost(`priceId=${plan}&isGuest=true&returnTo=%2F`));
      expectBackTo(response, "/", "unknown_price");
      expect(harness.fake.requests).toHaveLength(0);
    },
  );

  it("every code a form post can be refused with has a visitor's text", () => {
    for (const code of Object.keys(MESSAGES) as MessageCode[]) {
      expect(checkoutNoticeId(code)).toMatch(/^checkout-error-[a-z]+(-[a-z]+)*$/);
    }
  });
});

describe("faults: 303 back to the page, never JSON or a blank page", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
  });

  it("a database that cannot count goes back to the form's page at its notice", async () => {
    const down = harness.handler(
      { CHECKOUT_RATE_LIMIT: "30" },
      { db: { query: () => Promise.reject(refused) } },
    );
    const response = await down(formPost(PRO_FORM), { clientIp: "203.0.113.8" });
    expectBackTo(response, "/examples/open-kitchen-hours", "database_unavailable");
    expect(await response.text()).toBe("");
    expect(harness.fake.requests).toHaveLength(0);
    expect(harness.logs.join("\n")).toContain('"event":"checkout_database_unavailable"');
  });

  it("no database configured at all goes back to the form's page at the same notice", async () => {
    const logs: string[] = [];
    const handler = createCheckoutHandlerFromEnv(testEnv(harness.fake), {
      log: (line) => logs.push(line),
    });
    const response = await handler(formPost(PRO_FORM));
    expectBackTo(response, "/examples/open-kitchen-hours", "database_unavailable");
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("an unexpected fault goes back to the form's page at internal_error, naming nothing", async () => {
    const broken = Object.assign(new Error('relation "private.x" does not exist'), {
      code: "42P01",
    });
    const faulty = harness.handler(
      { CHECKOUT_RATE_LIMIT: "30" },
      { db: { query: () => Promise.reject(broken) } },
    );
    const response = await faulty(formPost(PRO_FORM));
    expectBackTo(response, "/examples/open-kitchen-hours", "internal_error");
    expect(response.headers.get("location")).not.toContain("private");
    expect(harness.logs.join("\n")).toContain('"event":"checkout_internal_error"');
  });
});

describe("JSON keeps its answers", () => {
  it("a JSON body may carry returnTo; it changes nothing of the session", async () => {
    const response = await handler(post({ ...VALID_BODY, returnTo: "/pricing" }));
    expect(response.status).toBe(200);
    expect(harness.fake.requests[0]?.params).toEqual(
      expectedSessionParams(SITE_URL, PRICE_ENV.STRIPE_PRICE_PRO, "$149"),
    );
  });

  it("a JSON body with a foreign returnTo is refused as JSON", async () => {
    const response = await handler(post({ ...VALID_BODY, returnTo: "https://evil.example" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MESSAGES.invalid_field, code: "invalid_field" });
  });
});
