import { describe, expect, it } from "vitest";
import { createCheckoutHandlerFromEnv } from "./from-env.ts";
import { MESSAGES } from "./handler.ts";
import { CheckoutConfigError } from "./schema.ts";
import {
  ENDPOINT,
  PRICE_ENV,
  SECRET_KEY,
  SITE_ORIGIN,
  VALID_BODY,
  post,
  readProblem,
  useHarness,
  testEnv,
} from "../../../tests/functions/checkout-helpers.ts";

const harness = useHarness();

describe("not configured (E3)", () => {
  it.each([
    ["STRIPE_SECRET_KEY", undefined],
    ["STRIPE_SECRET_KEY", ""],
    ["STRIPE_SECRET_KEY", "   "],
    ["STRIPE_PRICE_STARTER", undefined],
    ["STRIPE_PRICE_PRO", ""],
    ["STRIPE_PRICE_EXPERT", undefined],
  ])("without %s (%j) POST → 503 not_configured, Stripe untouched", async (name, value) => {
    const handler = harness.handler({ [name]: value });
    const response = await handler(post(VALID_BODY));

    expect(response.status).toBe(503);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(await readProblem(response)).toEqual({
      error: "Checkout is not configured on this server yet.",
      code: "not_configured",
    });
    expect(harness.fake.requests).toHaveLength(0);
    expect(harness.logs).toHaveLength(1);
    expect(JSON.parse(harness.logs[0] ?? "{}")).toEqual({
      level: "warn",
      event: "checkout_not_configured",
      missing: [name],
    });
  });

  it("still answers preflight and 405, and logs names but never values", async () => {
    const handler = createCheckoutHandlerFromEnv(
      { STRIPE_SECRET_KEY: SECRET_KEY },
      { log: (line) => harness.logs.push(line) },
    );
    const preflight = await handler(
      new Request(ENDPOINT, { method: "OPTIONS", headers: { origin: "http://localhost:3000" } }),
    );
    const get = await handler(new Request(ENDPOINT));

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(get.status).toBe(405);
    expect(harness.logs.join("\n")).not.toContain(SECRET_KEY);
    expect(JSON.parse(harness.logs[0] ?? "{}")).toMatchObject({
      missing: ["STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO", "STRIPE_PRICE_EXPERT"],
    });
  });

  it("answers 503 for a malformed body too: configuration comes first", async () => {
    const handler = harness.handler({ STRIPE_SECRET_KEY: undefined });
    expect((await handler(post("{"))).status).toBe(503);
  });
});

describe("defaults", () => {
  it("derives SITE_URL and the allowed origin from PORT", async () => {
    const handler = harness.handler({ SITE_URL: undefined, PORT: "4321" });
    const response = await handler(post(VALID_BODY, { origin: "http://localhost:4321" }));

    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:4321");
    expect(harness.fake.requests[0]?.params.cancel_url).toBe("http://localhost:4321/pricing");
  });

  it("falls back to http://localhost:3000", async () => {
    await harness.handler({ SITE_URL: undefined, PORT: undefined })(post(VALID_BODY));
    expect(harness.fake.requests[0]?.params.success_url).toBe(
      "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("uses the prices from the environment, trimmed", async () => {
    await harness.handler({ STRIPE_PRICE_PRO: `  ${PRICE_ENV.STRIPE_PRICE_PRO}\n` })(
      post(VALID_BODY),
    );
    expect(harness.fake.requests[0]?.params["line_items[0][price]"]).toBe(
      PRICE_ENV.STRIPE_PRICE_PRO,
    );
  });
});

describe("malformed configuration fails fast", () => {
  it.each([
    ["SITE_URL", "castloop.com"],
    ["SITE_URL", "ftp://castloop.com"],
    ["SITE_URL", "https://castloop.com/?a=1"],
    ["ALLOWED_ORIGINS", "*"],
    ["ALLOWED_ORIGINS", "https://ok.example,https://ok.example/path"],
    ["STRIPE_API_BASE", "localhost:12111"],
    ["STRIPE_API_BASE", "http://127.0.0.1:12111/v1"],
    ["STRIPE_API_BASE", "not a url"],
    ["CHECKOUT_RATE_LIMIT", "-1"],
    ["CHECKOUT_RATE_LIMIT", "ten"],
    ["CHECKOUT_RATE_LIMIT", "1.5"],
    ["CHECKOUT_RATE_LIMIT_GLOBAL", "-1"],
    ["CHECKOUT_RATE_LIMIT_GLOBAL", "ten"],
    ["CHECKOUT_RATE_LIMIT_GLOBAL", "1.5"],
    ["PORT", "0"],
    ["PORT", "70000"],
  ])("%s=%j throws a CheckoutConfigError naming the variable", (name, value) => {
    const build = () => createCheckoutHandlerFromEnv(testEnv(harness.fake, { [name]: value }));
    expect(build).toThrow(CheckoutConfigError);
    expect(build).toThrow(name);
    try {
      build();
    } catch (error) {
      expect(String(error)).not.toContain(SECRET_KEY);
    }
  });
});

describe("STRIPE_API_BASE (finding 8)", () => {
  const LIVE_KEYS = ["sk_live_fake_for_config_tests", "rk_live_fake_for_config_tests"];
  const build =
    (apiBase: string, secretKey = SECRET_KEY) =>
    () =>
      createCheckoutHandlerFromEnv(
        testEnv(harness.fake, { STRIPE_API_BASE: apiBase, STRIPE_SECRET_KEY: secretKey }),
        { log: () => {} },
      );

  it.each([
    "https://stripe-proxy.example",
    "https://stripe-proxy.example:8443",
    "http://127.0.0.1:12111",
    "http://127.45.6.7:12111",
    "http://localhost:12111",
    "http://LOCALHOST:12111",
    "http://[::1]:12111",
    "http://[0:0:0:0:0:0:0:1]:12111",
  ])("accepts %s with a test key", (apiBase) => {
    expect(build(apiBase)).not.toThrow();
  });

  it.each([
    "http://stripe-mock.internal:12111",
    "http://10.0.0.5:12111",
    "http://0.0.0.0:12111",
    "http://128.0.0.1:12111",
    "http://localhost.evil.example:12111",
    "http://127.0.0.1.nip.io:12111",
    "http://[::2]:12111",
    "http://[::ffff:127.0.0.1]:12111",
    "http://api.stripe.com",
  ])("refuses plain http: to a host that is not loopback (%s)", (apiBase) => {
    expect(build(apiBase)).toThrow(CheckoutConfigError);
    expect(build(apiBase)).toThrow(/STRIPE_API_BASE must use https: .*loopback/);
  });

  it.each(
    LIVE_KEYS.flatMap((key) => [
      [key, "https://stripe-proxy.example"],
      [key, "http://127.0.0.1:12111"],
    ]),
  )(
    "refuses any STRIPE_API_BASE with a live key (%s, %s) without echoing the key",
    (key, apiBase) => {
      expect(build(apiBase, key)).toThrow(CheckoutConfigError);
      expect(build(apiBase, key)).toThrow(
        /STRIPE_API_BASE must not be set when STRIPE_SECRET_KEY is a live key/,
      );
      try {
        build(apiBase, key)();
      } catch (error) {
        expect(String(error)).not.toContain(key);
      }
    },
  );

  it("leaves a live key alone when STRIPE_API_BASE is not set", () => {
    for (const key of LIVE_KEYS) {
      expect(() =>
        createCheckoutHandlerFromEnv(
          { ...testEnv(harness.fake), STRIPE_API_BASE: undefined, STRIPE_SECRET_KEY: key },
          { log: () => {} },
        ),
      ).not.toThrow();
    }
  });
});

describe("rate limit (E6)", () => {
  function clock() {
    let now = 1_700_000_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  it("answers limit+1 with 429, Retry-After and CORS, without calling Stripe", async () => {
    const time = clock();
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "3" }, { now: time.now });
    for (let index = 0; index < 3; index += 1) {
      expect((await handler(post(VALID_BODY), { clientIp: "203.0.113.7" })).status).toBe(200);
    }
    const limited = await handler(post(VALID_BODY), { clientIp: "203.0.113.7" });

    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(await readProblem(limited)).toEqual({
      error: MESSAGES.rate_limited,
      code: "rate_limited",
    });
    expect(harness.fake.requests).toHaveLength(3);

    time.advance(59_500);
    const stillLimited = await handler(post(VALID_BODY), { clientIp: "203.0.113.7" });
    expect(stillLimited.headers.get("retry-after")).toBe("1");
    time.advance(500);
    expect((await handler(post(VALID_BODY), { clientIp: "203.0.113.7" })).status).toBe(200);
  });

  it("counts invalid requests too, per client IP", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "1" }, { now: clock().now });
    expect((await handler(post("{"), { clientIp: "198.51.100.1" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "198.51.100.1" })).status).toBe(429);
    expect((await handler(post("{"), { clientIp: "198.51.100.2" })).status).toBe(400);
  });

  it("ignores X-Forwarded-For and every other client-sent address header", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "1" }, { now: clock().now });
    const spoofed = (value: string) =>
      post("{", {
        headers: {
          "x-forwarded-for": value,
          "x-real-ip": value,
          forwarded: `for=${value}`,
          "cf-connecting-ip": value,
          "true-client-ip": value,
        },
      });

    // With a known client, rotating the headers changes nothing.
    expect((await handler(spoofed("192.0.2.1"), { clientIp: "203.0.113.7" })).status).toBe(400);
    expect((await handler(spoofed("192.0.2.2"), { clientIp: "203.0.113.7" })).status).toBe(429);
    // Without one, every request shares a single key, whatever the headers say.
    expect((await handler(spoofed("192.0.2.3"))).status).toBe(400);
    expect((await handler(spoofed("192.0.2.4"))).status).toBe(429);
    expect((await handler(spoofed("2001:db8::5"))).status).toBe(429);
  });

  it("gives two IPv6 addresses in one /64 one budget, and the next /64 its own", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "1" }, { now: clock().now });
    expect((await handler(post("{"), { clientIp: "2001:db8:1:2::1" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "2001:db8:1:2:ab::9" })).status).toBe(429);
    expect((await handler(post("{"), { clientIp: "2001:DB8:1:2:0:0:0:3" })).status).toBe(429);
    expect((await handler(post("{"), { clientIp: "2001:db8:1:3::1" })).status).toBe(400);
  });

  it("counts an IPv4-mapped IPv6 socket address as the IPv4 address", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "1" }, { now: clock().now });
    expect((await handler(post("{"), { clientIp: "::ffff:198.51.100.4" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "198.51.100.4" })).status).toBe(429);
  });

  it("puts malformed client addresses under the one shared key", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "1" }, { now: clock().now });
    expect((await handler(post("{"), { clientIp: "not an address" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "203.0.113.7, 10.0.0.1" })).status).toBe(429);
    expect((await handler(post("{"))).status).toBe(429);
  });

  it("trips the global ceiling across many clients, with Retry-After and CORS", async () => {
    const time = clock();
    const handler = harness.handler(
      { CHECKOUT_RATE_LIMIT: "2", CHECKOUT_RATE_LIMIT_GLOBAL: "5" },
      { now: time.now },
    );
    const from = (index: number) => handler(post("{"), { clientIp: `198.51.100.${index}` });
    for (let index = 1; index <= 5; index += 1) expect((await from(index)).status).toBe(400);

    time.advance(10_000);
    const limited = await from(6);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("50");
    expect(limited.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(await readProblem(limited)).toEqual({
      error: MESSAGES.rate_limited,
      code: "rate_limited",
    });

    time.advance(50_000);
    expect((await from(7)).status).toBe(400);
  });

  it("counts against the global ceiling only what the per-client limit let through", async () => {
    const handler = harness.handler(
      { CHECKOUT_RATE_LIMIT: "2", CHECKOUT_RATE_LIMIT_GLOBAL: "4" },
      { now: clock().now },
    );
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      statuses.push((await handler(post("{"), { clientIp: "203.0.113.66" })).status);
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(2);
    expect((await handler(post("{"), { clientIp: "203.0.113.67" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "203.0.113.68" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "203.0.113.69" })).status).toBe(429);
  });

  it("sets the global ceiling to ten times the per-client limit by default", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "1" }, { now: clock().now });
    for (let index = 1; index <= 10; index += 1) {
      expect((await handler(post("{"), { clientIp: `192.0.2.${index}` })).status).toBe(400);
    }
    expect((await handler(post("{"), { clientIp: "192.0.2.11" })).status).toBe(429);
  });

  it("turns the global ceiling off with CHECKOUT_RATE_LIMIT_GLOBAL=0", async () => {
    const handler = harness.handler(
      { CHECKOUT_RATE_LIMIT: "1", CHECKOUT_RATE_LIMIT_GLOBAL: "0" },
      { now: clock().now },
    );
    for (let index = 1; index <= 50; index += 1) {
      expect((await handler(post("{"), { clientIp: `192.0.2.${index}` })).status).toBe(400);
    }
  });

  it("applies the global ceiling alone when the per-client limit is off", async () => {
    const handler = harness.handler(
      { CHECKOUT_RATE_LIMIT: "0", CHECKOUT_RATE_LIMIT_GLOBAL: "2" },
      { now: clock().now },
    );
    expect((await handler(post("{"), { clientIp: "192.0.2.1" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "192.0.2.1" })).status).toBe(400);
    expect((await handler(post("{"), { clientIp: "192.0.2.2" })).status).toBe(429);
  });

  it("defaults to 30 per minute", async () => {
    const env = { ...testEnv(harness.fake), CHECKOUT_RATE_LIMIT: undefined };
    const handler = createCheckoutHandlerFromEnv(env, {
      db: harness.db,
      now: clock().now,
      log: () => {},
    });
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await handler(post("{"))).status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it("is off with 0", async () => {
    const handler = harness.handler({ CHECKOUT_RATE_LIMIT: "0" });
    for (let index = 0; index < 40; index += 1) {
      expect((await handler(post(VALID_BODY), { clientIp: "203.0.113.8" })).status).toBe(200);
    }
    expect(harness.fake.requests).toHaveLength(40);
  });
});

describe("fails closed without its database", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
  });

  it("answers 503 database_unavailable with Retry-After, and never calls Stripe", async () => {
    const handler = harness.handler(
      { CHECKOUT_RATE_LIMIT: "30" },
      { db: { query: () => Promise.reject(refused) } },
    );
    const response = await handler(post(VALID_BODY), { clientIp: "203.0.113.8" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.database_unavailable,
      code: "database_unavailable",
    });
    expect(harness.fake.requests).toHaveLength(0);
    expect(harness.logs.join("\n")).toContain('"event":"checkout_database_unavailable"');
    expect(harness.logs.join("\n")).not.toContain("127.0.0.1:5432");
  });

  it("answers 503 when no database is configured at all, and logs which variables", async () => {
    const logs: string[] = [];
    const handler = createCheckoutHandlerFromEnv(testEnv(harness.fake), {
      log: (line) => logs.push(line),
    });
    const response = await handler(post(VALID_BODY));
    expect(response.status).toBe(503);
    expect((await readProblem(response)).code).toBe("database_unavailable");
    expect(harness.fake.requests).toHaveLength(0);
    expect(JSON.parse(logs[0] ?? "{}")).toMatchObject({
      event: "checkout_database_not_configured",
      missing: ["SUPABASE_DB_URL", "DATABASE_URL"],
    });
  });

  it("keeps the database's own faults a 500: only an unreachable database is a 503", async () => {
    const broken = Object.assign(new Error('relation "private.x" does not exist'), {
      code: "42P01",
    });
    const handler = harness.handler(
      { CHECKOUT_RATE_LIMIT: "30" },
      { db: { query: () => Promise.reject(broken) } },
    );
    const response = await handler(post(VALID_BODY));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await readProblem(response))).not.toContain("private.x");
  });
});
