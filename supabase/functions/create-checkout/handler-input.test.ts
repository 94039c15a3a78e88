import { beforeEach, describe, expect, it } from "vitest";
import { BODY_READ_TIMEOUT_MS } from "./budget.ts";
import { MAX_BODY_BYTES, MESSAGES, type CheckoutHandler } from "./handler.ts";
import {
  PRICE_ENV,
  SITE_ORIGIN,
  VALID_BODY,
  post,
  readProblem,
  useHarness,
} from "../../../tests/functions/checkout-helpers.ts";

// Every malformed request is answered before Stripe is called.

const harness = useHarness();
let handler: CheckoutHandler;

beforeEach(() => {
  handler = harness.handler();
});

const inputErrors: Array<[string, () => Request, number, string]> = [
  // F3
  ["no Content-Type", () => post(VALID_BODY, { contentType: null }), 415, "unsupported_media_type"],
  [
    "text/plain",
    () => post(VALID_BODY, { contentType: "text/plain" }),
    415,
    "unsupported_media_type",
  ],
  [
    "multipart",
    () => post("--x--", { contentType: "multipart/form-data; boundary=x" }),
    415,
    "unsupported_media_type",
  ],
  [
    "JSON in another charset",
    () => post(VALID_BODY, { contentType: "application/json; charset=latin1" }),
    415,
    "unsupported_media_type",
  ],
  // F5
  ["truncated JSON", () => post('{"priceId":'), 400, "invalid_json"],
  ["trailing comma", () => post('{"priceId":"price_pro","isGuest":true,}'), 400, "invalid_json"],
  ["a byte-order mark", () => post(`\uFEFF${JSON.stringify(VALID_BODY)}`), 400, "invalid_json"],
  ["an empty body", () => post(""), 400, "invalid_json"],
  ["invalid UTF-8", () => post(new Uint8Array([0x7b, 0xff, 0x7d])), 400, "invalid_json"],
  // F6
  ...["[]", "null", '"x"', "42", "true"].map((text): [string, () => Request, number, string] => [
    `body ${text}`,
    () => post(text),
    400,
    "invalid_body",
  ]),
  // F7
  ["no priceId", () => post({ isGuest: true }), 400, "unknown_price"],
  ...[null, 1, true, ["price_pro"], { id: "price_pro" }].map(
    (priceId): [string, () => Request, number, string] => [
      `priceId ${JSON.stringify(priceId)}`,
      () => post({ priceId, isGuest: true }),
      400,
      "unknown_price",
    ],
  ),
  ...[
    "",
    "PRICE_PRO",
    " price_pro",
    "price_pro ",
    "price_agency",
    "price_enterprise",
    PRICE_ENV.STRIPE_PRICE_PRO,
    "price_1Nv0FakeRealLookingId",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
  ].map((priceId): [string, () => Request, number, string] => [
    `priceId ${JSON.stringify(priceId)}`,
    () => post({ priceId, isGuest: true }),
    400,
    "unknown_price",
  ]),
  // F8
  ...[
    "amount",
    "price_data",
    "quantity",
    "successUrl",
    "customer",
    "email",
    "customer_email",
    "__proto__",
  ].map((field): [string, () => Request, number, string] => [
    `extra field ${field}`,
    () => post(`{"priceId":"price_pro","isGuest":true,${JSON.stringify(field)}:1}`),
    400,
    "unknown_field",
  ]),
  // F9
  ["isGuest missing", () => post({ priceId: "price_pro" }), 400, "invalid_field"],
  ...[false, "true", 1, null, [true]].map((isGuest): [string, () => Request, number, string] => [
    `isGuest ${JSON.stringify(isGuest)}`,
    () => post({ priceId: "price_pro", isGuest }),
    400,
    "invalid_field",
  ]),
];

describe("input errors never reach Stripe (F3, F5–F9, F11)", () => {
  it.each(inputErrors)("%s → %i %s", async (_name, makeRequest, status, code) => {
    const response = await handler(makeRequest());

    expect(response.status).toBe(status);
    const body = await readProblem(response);
    expect(body).toEqual({ error: MESSAGES[code as keyof typeof MESSAGES], code });
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("reports unknown fields before other problems", async () => {
    const response = await handler(post({ priceId: "nope", isGuest: false, amount: 1 }));
    expect((await readProblem(response)).code).toBe("unknown_field");
  });
});

describe("body size cap (F4)", () => {
  const bigJson = (bytes: number) => {
    const frame = '{"priceId":"price_pro","isGuest":true,"pad":""}';
    return frame.replace('""}', `"${"x".repeat(bytes - frame.length)}"}`);
  };

  it("accepts a body of exactly the cap", async () => {
    const body = bigJson(MAX_BODY_BYTES);
    expect(new TextEncoder().encode(body).byteLength).toBe(MAX_BODY_BYTES);
    // The cap is not the problem here; the extra field is.
    expect((await readProblem(await handler(post(body)))).code).toBe("unknown_field");
  });

  it.each([
    ["cap + 1 byte", MAX_BODY_BYTES + 1],
    ["64 KiB", 64 * 1024],
    ["1 MiB", 1024 * 1024],
  ])("%s with Content-Length → 413", async (_name, bytes) => {
    const body = bigJson(bytes);
    const response = await handler(post(body, { headers: { "content-length": String(bytes) } }));
    expect(response.status).toBe(413);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.payload_too_large,
      code: "payload_too_large",
    });
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it.each([
    ["cap + 1 byte", MAX_BODY_BYTES + 1],
    ["64 KiB", 64 * 1024],
    ["1 MiB", 1024 * 1024],
  ])("%s streamed without Content-Length → 413", async (_name, bytes) => {
    const data = new TextEncoder().encode(bigJson(bytes));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < data.byteLength; offset += 4096)
          controller.enqueue(data.slice(offset, offset + 4096));
        controller.close();
      },
    });
    const request = post(stream);
    expect(request.headers.get("content-length")).toBeNull();
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("stops reading an endless stream at the cap and cancels it", async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = 1024;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await handler(post(endless));
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunk);
    expect(cancelled).toBe(true);
  });

  it("does not trust a small Content-Length on a large body", async () => {
    const response = await handler(
      post(bigJson(64 * 1024), { headers: { "content-length": "10" } }),
    );
    expect(response.status).toBe(413);
    expect(harness.fake.requests).toHaveLength(0);
  });
});

describe("a client that hangs up mid-upload", () => {
  it("answers 400 incomplete_body and logs a warning, not an internal error", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"priceId":'));
        controller.error(new Error("aborted"));
      },
    });
    const response = await handler(post(broken, { headers: { "content-length": "50" } }));

    expect(response.status).toBe(400);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.incomplete_body,
      code: "incomplete_body",
    });
    expect(harness.logs.map((line) => JSON.parse(line))).toEqual([
      { level: "warn", event: "checkout_body_aborted" },
    ]);
    expect(harness.fake.requests).toHaveLength(0);
  });
});

describe("body read deadline", () => {
  /** Sends `first` and then nothing, like `Content-Length: 50` followed by one byte. */
  function stalled(first = "{") {
    const state = { cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(first));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return { state, request: post(stream, { headers: { "content-length": "50" } }) };
  }

  it("answers 408 request_timeout with CORS and cancels the stream", async () => {
    const { state, request } = stalled();
    const started = performance.now();
    const response = await harness.handler({}, { bodyTimeoutMs: 100 })(request);

    expect(response.status).toBe(408);
    expect(await readProblem(response)).toEqual({
      error: MESSAGES.request_timeout,
      code: "request_timeout",
    });
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(state.cancelled).toBe(true);
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("bounds the whole read, not the wait for each chunk", async () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setInterval(() => controller.enqueue(new Uint8Array([0x20])), 20);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    const started = performance.now();
    const response = await harness.handler({}, { bodyTimeoutMs: 200 })(post(trickle));
    clearInterval(timer);

    expect(response.status).toBe(408);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it(`gives up after ${BODY_READ_TIMEOUT_MS} ms by default`, async () => {
    const { request } = stalled();
    const started = performance.now();
    const response = await harness.handler()(request);
    const elapsed = performance.now() - started;

    expect(response.status).toBe(408);
    expect(elapsed).toBeGreaterThanOrEqual(BODY_READ_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(BODY_READ_TIMEOUT_MS + 2_000);
  });

  it("still reads a body that arrives in pieces within the deadline", async () => {
    const chunks = ['{"priceId":', '"price_pro",', '"isGuest":true}'];
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const response = await harness.handler({}, { bodyTimeoutMs: 1_000 })(post(slow));
    expect(response.status).toBe(200);
  });
});
