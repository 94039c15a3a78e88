import { describe, expect, it } from "vitest";
import {
  formReturnBase,
  isFormContentType,
  isOwnFormPost,
  parseFormBytes,
  readFormRequest,
} from "./form-body.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const SITE = "https://castloop.test";

function post(headers: Record<string, string>, body: BodyInit = "a=b"): Request {
  return new Request("http://127.0.0.1/functions/v1/x", { method: "POST", headers, body });
}

describe("isFormContentType", () => {
  it.each([
    ["application/x-www-form-urlencoded", true],
    ["Application/X-WWW-Form-Urlencoded; charset=UTF-8", true],
    ["application/x-www-form-urlencoded; charset=iso-8859-1", false],
    ["multipart/form-data; boundary=x", false],
    ["text/plain", false],
    ["application/json", false],
  ])("%s → %s", (value, expected) => {
    expect(isFormContentType(value)).toBe(expected);
  });
  it("no header is not a form", () => expect(isFormContentType(null)).toBe(false));
});

describe("isOwnFormPost", () => {
  it("accepts an allowed Origin and refuses any other", () => {
    expect(isOwnFormPost(post({ origin: SITE }), [SITE])).toBe(true);
    expect(isOwnFormPost(post({ origin: "https://evil.example" }), [SITE])).toBe(false);
    // A sandboxed frame or a privacy-stripped request says "null".
    expect(isOwnFormPost(post({ origin: "null" }), [SITE])).toBe(false);
  });
  it("without Origin, trusts only Sec-Fetch-Site same-origin or same-site", () => {
    expect(isOwnFormPost(post({ "sec-fetch-site": "same-origin" }), [SITE])).toBe(true);
    expect(isOwnFormPost(post({ "sec-fetch-site": "same-site" }), [SITE])).toBe(true);
    expect(isOwnFormPost(post({ "sec-fetch-site": "cross-site" }), [SITE])).toBe(false);
    expect(isOwnFormPost(post({ "sec-fetch-site": "none" }), [SITE])).toBe(false);
    expect(isOwnFormPost(post({}), [SITE])).toBe(false);
  });
  it("an allowed Origin wins over what Sec-Fetch-Site says, a foreign one loses", () => {
    expect(
      isOwnFormPost(post({ origin: "https://evil.example", "sec-fetch-site": "same-origin" }), [
        SITE,
      ]),
    ).toBe(false);
  });
});

describe("parseFormBytes", () => {
  it("reads what a browser sends", () => {
    const parsed = parseFormBytes(
      bytes("priceId=price_pro&isGuest=true&returnTo=%2Fexamples%2Fa-b&note=two+words"),
      8,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        priceId: "price_pro",
        isGuest: "true",
        returnTo: "/examples/a-b",
        note: "two words",
      },
    });
  });
  it("reads the characters a script leaves unescaped (curl -d email=jane@example.com)", () => {
    expect(
      parseFormBytes(
        bytes("email=jane@example.com&returnTo=/pricing&site=http://localhost:3000"),
        8,
      ),
    ).toEqual({
      ok: true,
      value: { email: "jane@example.com", returnTo: "/pricing", site: "http://localhost:3000" },
    });
  });
  it("an empty body has no fields", () => {
    expect(parseFormBytes(bytes(""), 8)).toEqual({ ok: true, value: {} });
  });
  it.each([
    ["a broken escape", "priceId=%E0%A4%A"],
    ["an escape that is not UTF-8", "priceId=%FF"],
    ["a pair without =", "priceId"],
    ["an empty name", "=price_pro"],
    ["a repeated name", "priceId=price_pro&priceId=price_expert"],
    ["a character no form serializer writes", "priceId=<script>"],
    ["an empty pair", "priceId=price_pro&&isGuest=true"],
  ])("refuses %s", (_, body) => {
    expect(parseFormBytes(bytes(body), 8)).toEqual({ ok: false });
  });
  it("refuses bytes that are not UTF-8", () => {
    expect(parseFormBytes(new Uint8Array([0x61, 0x3d, 0xff]), 8)).toEqual({ ok: false });
  });
  it("refuses more fields than allowed without reading them", () => {
    expect(parseFormBytes(bytes("a=1&b=2&c=3"), 2)).toEqual({ ok: false });
  });
  it("a name like __proto__ is a plain field", () => {
    const parsed = parseFormBytes(bytes("__proto__=x"), 8);
    expect(parsed.ok && Object.getPrototypeOf(parsed.value)).toBe(null);
  });
});

describe("readFormRequest", () => {
  const limits = { maxBytes: 32, timeoutMs: 1_000, maxFields: 4 };
  it("413 past the byte limit", async () => {
    const result = await readFormRequest(post({}, `a=${"x".repeat(64)}`), limits);
    expect(result).toEqual({ ok: false, status: 413, code: "payload_too_large" });
  });
  it("400 for a malformed body", async () => {
    const result = await readFormRequest(post({}, "a=%zz"), limits);
    expect(result).toEqual({ ok: false, status: 400, code: "invalid_form" });
  });
  it("408 when the body stalls", async () => {
    const stalled = new ReadableStream<Uint8Array>({ start() {} });
    const req = new Request("http://127.0.0.1/x", {
      method: "POST",
      body: stalled,
      duplex: "half",
    } as RequestInit);
    const result = await readFormRequest(req, { ...limits, timeoutMs: 20 });
    expect(result).toEqual({ ok: false, status: 408, code: "request_timeout" });
  });
});

describe("formReturnBase", () => {
  const allowed = [SITE, "http://127.0.0.1:3000"];
  it("is the allowed origin the post came from, with the site's path", () => {
    expect(formReturnBase(post({ origin: "http://127.0.0.1:3000" }), SITE, allowed)).toBe(
      "http://127.0.0.1:3000",
    );
    expect(formReturnBase(post({ origin: "http://127.0.0.1:3000" }), `${SITE}/site`, allowed)).toBe(
      "http://127.0.0.1:3000/site",
    );
  });
  it("is the site's address for any other origin, or none", () => {
    expect(formReturnBase(post({ origin: "https://evil.example" }), SITE, allowed)).toBe(SITE);
    expect(formReturnBase(post({}), SITE, allowed)).toBe(SITE);
  });
});
