import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";
import type { EmbeddedDb } from "../../server/embedded-db.ts";
import { clearFunctionState, sharedTestDb } from "../db/test-db.ts";
import type { CheckoutHandler } from "../../supabase/functions/create-checkout/handler.ts";
import {
  createCheckoutHandlerFromEnv,
  type CheckoutFromEnvOptions,
} from "../../supabase/functions/create-checkout/from-env.ts";

export const SITE_URL = "https://castloop.test";
export const SITE_ORIGIN = "https://castloop.test";
export const FOREIGN_ORIGIN = "https://evil.example";
export const ENDPOINT = "http://127.0.0.1:3000/functions/v1/create-checkout";
export const SECRET_KEY = "sk_test_fake_handler_tests_only";

export const PRICE_ENV = {
  STRIPE_PRICE_STARTER: "price_1TestStarter",
  STRIPE_PRICE_PRO: "price_1TestPro",
  STRIPE_PRICE_EXPERT: "price_1TestExpert",
} as const;

export function testEnv(fake: FakeStripe, extra: Record<string, string | undefined> = {}) {
  return {
    STRIPE_SECRET_KEY: SECRET_KEY,
    ...PRICE_ENV,
    SITE_URL,
    STRIPE_API_BASE: fake.url,
    CHECKOUT_RATE_LIMIT: "0",
    ...extra,
  };
}

export interface Harness {
  fake: FakeStripe;
  logs: string[];
  /** Where the handlers count their rate limits: a real Postgres (PGlite), emptied per test. */
  db: EmbeddedDb;
  /** Builds a handler against the fake; `extra` overrides env variables. */
  handler(
    extra?: Record<string, string | undefined>,
    options?: CheckoutFromEnvOptions,
  ): CheckoutHandler;
}

export async function startHarness(): Promise<Harness> {
  const db = await sharedTestDb();
  const fake = await startFakeStripe();
  const logs: string[] = [];
  return {
    fake,
    logs,
    db,
    handler: (extra = {}, options = {}) =>
      createCheckoutHandlerFromEnv(testEnv(fake, extra), {
        db,
        log: (line) => logs.push(line),
        ...options,
      }),
  };
}

/**
 * One fake Stripe for the whole test file, reset with the log before each test. The returned
 * object is filled in by `beforeAll`, so read it inside tests and hooks only.
 */
export function useHarness(): Harness {
  const harness = {} as Harness;
  // The database may take a while to open on a busy machine (initdb, or its snapshot).
  beforeAll(async () => {
    Object.assign(harness, await startHarness());
  }, 120_000);
  afterAll(() => harness.fake?.close());
  beforeEach(async () => {
    harness.fake.reset();
    harness.logs.length = 0;
    await clearFunctionState(harness.db);
  });
  return harness;
}

export interface PostInit {
  origin?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Stands for the client going away: the handler sees it as `req.signal`. */
  signal?: AbortSignal;
}

/** A browser-like POST; `body` objects are JSON-encoded, strings and streams are sent as-is. */
export function post(body: unknown, init: PostInit = {}): Request {
  const headers = new Headers(init.headers);
  const contentType = init.contentType === undefined ? "application/json" : init.contentType;
  if (contentType !== null) headers.set("content-type", contentType);
  const origin = init.origin === undefined ? SITE_ORIGIN : init.origin;
  if (origin !== null) headers.set("origin", origin);
  const encoded =
    typeof body === "string" || body instanceof Uint8Array || body instanceof ReadableStream
      ? body
      : JSON.stringify(body);
  // `duplex` is required by undici for stream bodies and missing from the DOM typings.
  return new Request(ENDPOINT, {
    method: "POST",
    headers,
    body: encoded,
    signal: init.signal,
    duplex: "half",
  } as RequestInit);
}

export const VALID_BODY = { priceId: "price_pro", isGuest: true } as const;

/** Asserts the JSON error envelope and its headers, and returns the body. */
export async function readProblem(response: Response): Promise<{ error: string; code: string }> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body: unknown = await response.json();
  expect(body).toEqual({
    error: expect.any(String),
    code: expect.stringMatching(/^[a-z]+(_[a-z]+)*$/),
  });
  return body as { error: string; code: string };
}

/** Strings that must never reach a browser. */
export const LEAK_PATTERNS = [/stripe/i, /sk_/, /rk_/, /price_1/, /\bat\s+\S+\s*\(/, /\.ts:\d+/];

/** Waits until `check` holds, polling, or fails after `ms`. */
export async function eventually(check: () => boolean, ms = 2_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
