import { describe, expect, it } from "vitest";
import { isTrustedOrigin, parseFormBytes, readFormOrJson } from "./form-or-json.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const request = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  new Request("https://fn.test/", {
    method: "POST",
    headers: { "content-type": type, ...headers },
    body,
  });

describe("readFormOrJson", () => {
  it("reads a urlencoded form into an object of strings, and JSON as JSON", async () => {
    const form = await readFormOrJson(
      request("action=cancel&email=a%40b.co", "application/x-www-form-urlencoded; charset=UTF-8"),
      1024,
      1000,
    );
    expect(form).toEqual({ ok: true, kind: "form", value: { action: "cancel", email: "a@b.co" } });
    const json = await readFormOrJson(request('{"a":1}', "application/json"), 1024, 1000);
    expect(json).toEqual({ ok: true, kind: "json", value: { a: 1 } });
  });

  it("refuses another media type, an oversized body and broken bytes", async () => {
    expect(await readFormOrJson(request("x", "text/plain"), 1024, 1000)).toMatchObject({
      status: 415,
    });
    expect(
      await readFormOrJson(
        request("a=".padEnd(2000, "x"), "application/x-www-form-urlencoded"),
        1024,
        1000,
      ),
    ).toMatchObject({
      status: 413,
      code: "payload_too_large",
    });
    expect(parseFormBytes(new Uint8Array([0x61, 0x3d, 0xff]))).toMatchObject({
      ok: false,
      code: "invalid_body",
    });
    expect(parseFormBytes(bytes("a=%FF"))).toMatchObject({ ok: false, code: "invalid_body" });
    expect(parseFormBytes(bytes("a=%zz"))).toMatchObject({ ok: false, code: "invalid_body" });
  });

  it("refuses a field sent twice rather than picking one", () => {
    expect(parseFormBytes(bytes("email=a%40b.co&email=c%40d.co"))).toMatchObject({
      ok: false,
      code: "duplicate_field",
    });
  });

  it("keeps keys like __proto__ as plain data", () => {
    const parsed = parseFormBytes(bytes("__proto__=x&constructor=y"));
    expect(parsed.ok && Object.keys(parsed.value as object)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("isTrustedOrigin", () => {
  const allowed = ["https://castloop.test"];
  const req = (headers: Record<string, string>) =>
    new Request("https://fn.test/", { method: "POST", headers });
  it("trusts only listed origins, and without one only a same-origin or non-browser request", () => {
    expect(isTrustedOrigin(req({ origin: "https://castloop.test" }), allowed)).toBe(true);
    expect(isTrustedOrigin(req({ origin: "https://evil.test" }), allowed)).toBe(false);
    expect(isTrustedOrigin(req({ origin: "null" }), allowed)).toBe(false);
    expect(isTrustedOrigin(req({ "sec-fetch-site": "cross-site" }), allowed)).toBe(false);
    expect(isTrustedOrigin(req({ "sec-fetch-site": "same-origin" }), allowed)).toBe(true);
    expect(isTrustedOrigin(req({}), allowed)).toBe(true);
  });
});
