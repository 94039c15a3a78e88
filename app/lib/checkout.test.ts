import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
} from "@supabase/functions-js";
import { describe, expect, it } from "vitest";
import { checkoutUrlFrom, functionsBaseUrl, requestCheckout } from "./checkout";

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
