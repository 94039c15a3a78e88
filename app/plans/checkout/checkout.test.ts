import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
} from "@supabase/functions-js";
import { describe, expect, it, vi } from "vitest";
import {
  checkoutUrlFrom,
  createIdempotencyKeys,
  requestCheckout,
  supabaseInvoke,
} from "./checkout";
import { functionsBaseUrl } from "~/lib/functions-url";

const answer =
  (data: unknown, error: unknown = null) =>
  async () => ({ data, error });
const httpError = (body: string, status = 400) =>
  new FunctionsHttpError(
    new Response(body, { status, headers: { "content-type": "application/json" } }),
  );

describe("requestCheckout", () => {
  it("sends the plan id as a guest and returns the checkout url", async () => {
    const sent: unknown[] = [];
    const outcome = await requestCheckout("price_pro", async (body) => {
      sent.push(body);
      return { data: { url: "https://checkout.stripe.com/c/pay/cs_test_1" }, error: null };
    });
    expect(sent).toEqual([{ priceId: "price_pro", isGuest: true }]);
    expect(outcome).toEqual({ ok: true, url: "https://checkout.stripe.com/c/pay/cs_test_1" });
  });

  it("shows the function's own error text", async () => {
    const error = httpError(
      JSON.stringify({
        error: "Checkout is not configured on this server yet.",
        code: "not_configured",
      }),
      503,
    );
    expect(await requestCheckout("price_pro", answer(null, error))).toEqual({
      ok: false,
      message:
        "Failed to start subscription process: Checkout is not configured on this server yet.",
    });
  });

  it("falls back to the generic text when the error body is not the function's JSON", async () => {
    for (const error of [
      httpError("<html>Bad gateway</html>", 502),
      httpError(JSON.stringify({ message: "x" })),
      new FunctionsFetchError(new TypeError("Failed to fetch")),
      new FunctionsRelayError({}),
    ]) {
      expect(await requestCheckout("price_pro", answer(null, error))).toEqual({
        ok: false,
        message: "Failed to start subscription process. Please try again.",
      });
    }
  });

  it("reports a missing url", async () => {
    for (const data of [{}, null, { url: "" }, { url: 42 }, "https://x"]) {
      expect(await requestCheckout("price_starter", answer(data))).toEqual({
        ok: false,
        message: "Failed to start subscription process. No checkout URL returned.",
      });
    }
  });

  it("never follows a non-http(s) or relative url", async () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,<script>",
      "/success",
      "//evil.test/x",
    ]) {
      expect(await requestCheckout("price_pro", answer({ url }))).toEqual({
        ok: false,
        message: "Failed to start subscription process. Please try again.",
      });
    }
  });

  it("turns anything thrown (abort, timeout) into the generic text", async () => {
    const outcome = await requestCheckout("price_expert", async () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    });
    expect(outcome).toEqual({
      ok: false,
      message: "Failed to start subscription process. Please try again.",
    });
  });
});

describe("helpers", () => {
  it("reads the url field only", () => {
    expect(checkoutUrlFrom({ url: "https://a" })).toBe("https://a");
    expect(checkoutUrlFrom({ href: "https://a" })).toBeNull();
  });

  it("calls the site's own server when no Supabase URL is configured", () => {
    expect(functionsBaseUrl("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/functions/v1");
  });
});

describe("idempotency keys", () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const ok = { data: { url: "https://checkout.stripe.com/c/pay/cs_test_1" }, error: null };

  /** Keys "k1", "k2", … and an invoke that records the key of each call. */
  function setup() {
    let counter = 0;
    const keys = createIdempotencyKeys(() => `k${(counter += 1)}`);
    const sent: string[] = [];
    const call = (priceId: "price_starter" | "price_pro", answer: () => Promise<unknown>) =>
      requestCheckout(
        priceId,
        async (_body, key) => {
          sent.push(key);
          return (await answer()) as { data: unknown; error: unknown };
        },
        keys,
      );
    return { sent, call };
  }

  const unknownOutcomes: Array<[string, () => Promise<unknown>]> = [
    ["a network error", answer(null, new FunctionsFetchError(new TypeError("Failed to fetch")))],
    ["a relay error", answer(null, new FunctionsRelayError({}))],
    ["a 502", answer(null, httpError(JSON.stringify({ error: "x", code: "y" }), 502))],
    ["a 503", answer(null, httpError("<html>busy</html>", 503))],
    [
      "a timeout",
      async () => {
        throw new DOMException("The operation timed out.", "TimeoutError");
      },
    ],
  ];

  it.each(unknownOutcomes)(
    "reuses the key after %s, then starts afresh after a success",
    async (_name, failure) => {
      const { sent, call } = setup();
      expect((await call("price_pro", failure)).ok).toBe(false);
      expect((await call("price_pro", failure)).ok).toBe(false);
      expect((await call("price_pro", async () => ok)).ok).toBe(true);
      await call("price_pro", async () => ok);
      expect(sent).toEqual(["k1", "k1", "k1", "k2"]);
    },
  );

  it.each([
    ["a 400", 400],
    ["a 408", 408],
    ["a 429", 429],
  ])("uses a fresh key after %s: nothing was created", async (_name, status) => {
    const { sent, call } = setup();
    const refusal = answer(null, httpError(JSON.stringify({ error: "x", code: "y" }), status));
    await call("price_pro", refusal);
    await call("price_pro", refusal);
    expect(sent).toEqual(["k1", "k2"]);
  });

  it("uses a fresh key after an answer without a usable url", async () => {
    const { sent, call } = setup();
    await call("price_pro", answer({}));
    await call("price_pro", answer({ url: "javascript:alert(1)" }));
    await call("price_pro", answer({ url: "https://checkout.stripe.com/c/pay/cs_test_2" }));
    expect(sent).toEqual(["k1", "k2", "k3"]);
  });

  it("gives another plan its own key and keeps each plan's pending key", async () => {
    const { sent, call } = setup();
    const lost = answer(null, new FunctionsFetchError(new TypeError("Failed to fetch")));
    await call("price_pro", lost);
    await call("price_starter", lost);
    await call("price_pro", async () => ok);
    await call("price_starter", async () => ok);
    expect(sent).toEqual(["k1", "k2", "k1", "k2"]);
  });

  it("makes UUID v4 keys by default", () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor("price_pro");
    expect(first).toMatch(UUID_V4);
    keys.settle("price_pro", "known");
    expect(keys.keyFor("price_pro")).not.toBe(first);
  });

  it("sends the key as the Idempotency-Key header", async () => {
    const fetch = vi.fn(async () => Response.json(ok.data));
    vi.stubGlobal("fetch", fetch);
    try {
      await supabaseInvoke("https://castloop.test")({ priceId: "price_pro", isGuest: true }, "k1");
    } finally {
      vi.unstubAllGlobals();
    }
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get("idempotency-key")).toBe("k1");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });
});
