import assert from "node:assert/strict";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";
import type { EmbeddedDb } from "../../server/embedded-db.ts";
import { clearFunctionState, closeSharedTestDb, sharedTestDb } from "../db/test-db.ts";
import {
  createCheckoutHandlerFromEnv as fromEnv,
  type CheckoutFromEnvOptions,
} from "../../supabase/functions/create-checkout/from-env.ts";
import { expectedSessionParams } from "../contracts/checkout-session-params.ts";

// The same handler as on Supabase, run on real Deno against the local fake Stripe API.

const SITE = "https://castloop.test";
const ENDPOINT = "http://127.0.0.1:54321/functions/v1/create-checkout";

function env(fake: FakeStripe, extra: Record<string, string | undefined> = {}) {
  return {
    STRIPE_SECRET_KEY: "sk_test_fake_deno_tests_only",
    STRIPE_PRICE_STARTER: "price_1DenoStarter",
    STRIPE_PRICE_PRO: "price_1DenoPro",
    STRIPE_PRICE_EXPERT: "price_1DenoExpert",
    SITE_URL: SITE,
    STRIPE_API_BASE: fake.url,
    ...extra,
  };
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...headers },
    body,
  });
}

/** Fails the test instead of letting it hang when `promise` does not settle in time. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

// The rate limits count in a real Postgres (PGlite in memory), emptied before each test.
let db: EmbeddedDb;
const createCheckoutHandlerFromEnv = (
  vars: Record<string, string | undefined>,
  options: CheckoutFromEnvOptions = {},
) => fromEnv(vars, { db, ...options });

async function withFake(run: (fake: FakeStripe, logs: string[]) => Promise<void>): Promise<void> {
  db = await sharedTestDb();
  await clearFunctionState(db);
  const fake = await startFakeStripe();
  try {
    await run(fake, []);
  } finally {
    await fake.close();
  }
}

Deno.test("creates a subscription Checkout Session through the stripe SDK", () =>
  withFake(async (fake, logs) => {
    const handler = createCheckoutHandlerFromEnv(env(fake), { log: (line) => logs.push(line) });
    const response = await handler(post('{"priceId":"price_expert","isGuest":true}'));

    assert.equal(response.status, 200);
    assert.equal(response.headers.get("access-control-allow-origin"), SITE);
    const body = await response.json();
    assert.deepEqual(Object.keys(body), ["url"]);
    assert.match(body.url, new RegExp(`^${fake.url}/checkout/cs_test_`));
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(
      fake.requests[0]?.params,
      expectedSessionParams(SITE, "price_1DenoExpert", "$299"),
    );
    assert.deepEqual(logs, []);

    const page = await fetch(body.url);
    const html = await page.text();
    assert.match(html, /<h1>Fake Stripe Checkout<\/h1>/);
    assert.match(html, /price_1DenoExpert/);
    assert.match(html, /data-testid="terms"/);
    assert.match(html, /\$299 every month, taxes included, until I cancel/);
    assert.match(html, /Start your subscription at once\?/);
  }),
);

for (const plan of ["price_agency", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
  Deno.test(`rejects the plan ${plan} as unknown, as JSON and as a form, without Stripe`, () =>
    withFake(async (fake) => {
      const handler = createCheckoutHandlerFromEnv(env(fake), { log: () => {} });
      const response = await handler(post(JSON.stringify({ priceId: plan, isGuest: true })));
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), {
        error: "Please choose one of the plans on the pricing page.",
        code: "unknown_price",
      });
      const form = await handler(
        post(`priceId=${plan}&isGuest=true&returnTo=%2F`, {
          "content-type": "application/x-www-form-urlencoded",
        }),
      );
      assert.equal(form.status, 303);
      assert.equal(form.headers.get("location"), `${SITE}/#checkout-error-unknown-price`);
      assert.equal(fake.requests.length, 0);
    }),
  );
}

Deno.test("answers a CORS preflight", () =>
  withFake(async (fake) => {
    const handler = createCheckoutHandlerFromEnv(env(fake), { log: () => {} });
    const response = await handler(
      new Request(ENDPOINT, { method: "OPTIONS", headers: { origin: SITE } }),
    );

    assert.equal(response.status, 204);
    assert.equal(await response.text(), "");
    assert.equal(response.headers.get("access-control-allow-origin"), SITE);
    assert.equal(
      response.headers.get("access-control-allow-headers"),
      "authorization, x-client-info, apikey, content-type, idempotency-key",
    );
    assert.equal(response.headers.get("access-control-allow-methods"), "POST, OPTIONS");
    assert.equal(response.headers.get("access-control-max-age"), "86400");
  }),
);

Deno.test("answers 503 not_configured without a secret key", () =>
  withFake(async (fake, logs) => {
    const handler = createCheckoutHandlerFromEnv(env(fake, { STRIPE_SECRET_KEY: undefined }), {
      log: (line) => logs.push(line),
    });
    const response = await handler(post('{"priceId":"price_pro","isGuest":true}'));

    assert.equal(response.status, 503);
    assert.equal(response.headers.get("access-control-allow-origin"), SITE);
    assert.deepEqual(await response.json(), {
      error: "Checkout is not configured on this server yet.",
      code: "not_configured",
    });
    assert.equal(fake.requests.length, 0);
    assert.equal(logs.length, 1);
  }),
);

Deno.test("maps a Stripe rate limit to 503 with Retry-After", () =>
  withFake(async (fake) => {
    fake.failNext({ type: "rate_limit_error" });
    const handler = createCheckoutHandlerFromEnv(env(fake), { log: () => {} });
    const response = await handler(post('{"priceId":"price_pro","isGuest":true}'));

    assert.equal(response.status, 503);
    assert.equal(response.headers.get("retry-after"), "2");
    assert.equal((await response.json()).code, "checkout_busy");
    assert.equal(fake.requests.length, 1);
  }),
);

Deno.test("rate limits on the client address it is given, never on X-Forwarded-For", () =>
  withFake(async (fake) => {
    const handler = createCheckoutHandlerFromEnv(env(fake, { CHECKOUT_RATE_LIMIT: "1" }), {
      log: () => {},
    });
    const from = (clientIp: string, forwardedFor: string) =>
      handler(post("{", { "x-forwarded-for": forwardedFor }), { clientIp });

    assert.equal((await from("2001:db8:1:2::1", "192.0.2.1")).status, 400);
    assert.equal((await from("2001:db8:1:2::2", "192.0.2.2")).status, 429);
    assert.equal((await from("198.51.100.7", "192.0.2.1")).status, 400);
    assert.equal(fake.requests.length, 0);
  }),
);

Deno.test("answers 408 when the body stalls after one byte", () =>
  withFake(async (fake) => {
    const handler = createCheckoutHandlerFromEnv(env(fake), { log: () => {}, bodyTimeoutMs: 100 });
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{"));
      },
    });
    const response = await within(3_000, handler(post(stalled, { "content-length": "50" })));

    assert.equal(response.status, 408);
    assert.deepEqual(await response.json(), {
      error: "The request took too long to arrive. Please try again.",
      code: "request_timeout",
    });
    assert.equal(fake.requests.length, 0);
  }),
);

Deno.test("answers 400 incomplete_body when the upload breaks off", () =>
  withFake(async (fake, logs) => {
    const handler = createCheckoutHandlerFromEnv(env(fake), { log: (line) => logs.push(line) });
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{"));
        controller.error(new Error("connection reset"));
      },
    });
    const response = await within(3_000, handler(post(broken, { "content-length": "50" })));

    assert.equal(response.status, 400);
    assert.equal((await response.json()).code, "incomplete_body");
    assert.deepEqual(
      logs.map((line) => JSON.parse(line).event),
      ["checkout_body_aborted"],
    );
    assert.equal(fake.requests.length, 0);
  }),
);

Deno.test("abandons the upstream Stripe request when the client goes away", () =>
  withFake(async (fake, logs) => {
    fake.delayNext(5_000, 3);
    const handler = createCheckoutHandlerFromEnv(env(fake), {
      log: (line) => logs.push(line),
      stripeTimeoutMs: 4_000,
    });
    const client = new AbortController();
    const request = new Request(post('{"priceId":"price_pro","isGuest":true}'), {
      signal: client.signal,
    });
    const pending = handler(request);
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    client.abort();
    await within(2_000, pending);

    // Long enough for the SDK's two retry sleeps, which must not reach "Stripe".
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0]?.closedEarly, true);
    assert.deepEqual(
      logs.map((line) => JSON.parse(line).event),
      ["checkout_abandoned"],
    );
  }),
);

Deno.test("two calls with one Idempotency-Key create one Checkout Session", () =>
  withFake(async (fake) => {
    const handler = createCheckoutHandlerFromEnv(env(fake), { log: () => {} });
    const key = crypto.randomUUID();
    const call = () =>
      handler(post('{"priceId":"price_pro","isGuest":true}', { "idempotency-key": key }));

    const first = await (await call()).json();
    const second = await (await call()).json();

    assert.deepEqual(second, first);
    assert.equal(fake.sessions.size, 1);
    assert.deepEqual(
      fake.requests.map((request) => request.idempotencyKey),
      [key, key],
    );
  }),
);

Deno.test("with the database down, answers 503 database_unavailable and never calls Stripe", () =>
  withFake(async (fake) => {
    const down = {
      query: () =>
        Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    };
    const handler = fromEnv(env(fake), { db: down, log: () => {} });
    const response = await handler(post('{"priceId":"price_pro","isGuest":true}'));
    assert.equal(response.status, 503);
    assert.equal(response.headers.get("retry-after"), "30");
    assert.equal((await response.json()).code, "database_unavailable");
    assert.equal(fake.requests.length, 0);
  }),
);

Deno.test("with the database down, a form post goes back to its page at the notice", () =>
  withFake(async (fake) => {
    const down = {
      query: () =>
        Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    };
    const handler = fromEnv(env(fake), { db: down, log: () => {} });
    const response = await handler(
      post("priceId=price_pro&isGuest=true&returnTo=%2Fpricing", {
        "content-type": "application/x-www-form-urlencoded",
      }),
    );
    assert.equal(response.status, 303);
    assert.equal(
      response.headers.get("location"),
      `${SITE}/pricing#checkout-error-database-unavailable`,
    );
    assert.equal(await response.text(), "");
    assert.equal(fake.requests.length, 0);
  }),
);

Deno.test("(closes the test database)", () => closeSharedTestDb());
