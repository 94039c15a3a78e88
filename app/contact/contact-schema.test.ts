import { describe, expect, it } from "vitest";
import { characterCount, contactMessages, contactSchema } from "./contact-schema";

const valid = { name: "Ada Lovelace", email: "ada@castloop.com", message: "Hello there, team!" };

/** The messages zod reports for one field of an otherwise valid form. */
function errorsFor(field: keyof typeof valid, value: string): string[] {
  const result = contactSchema.safeParse({ ...valid, [field]: value });
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((i) => i.message);
}

describe("contactSchema", () => {
  it("accepts a complete form and trims surrounding spaces", () => {
    expect(
      contactSchema.parse({
        name: "  Ada  ",
        email: " ada@castloop.com\t",
        message: "\n Hello there, team! \n",
      }),
    ).toEqual({ name: "Ada", email: "ada@castloop.com", message: "Hello there, team!" });
  });

  it("reports all three messages for an empty form", () => {
    const result = contactSchema.safeParse({ name: "", email: "", message: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", contactMessages.name],
      ["email", contactMessages.email],
      ["message", contactMessages.message],
    ]);
  });

  it("uses docs/product.md's wording", () => {
    expect(contactMessages).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      message: "Message must be at least 10 characters",
    });
  });

  describe("name", () => {
    it.each([
      ["A", false],
      ["Al", true],
      ["  A  ", false],
      [" Al ", true],
      ["   ", false],
      ["\u00a0B\u00a0", false],
      ["😀", false],
      ["😀😀", true],
      ["李", false],
      ["李明", true],
    ])("%j valid: %s", (name, ok) => {
      expect(errorsFor("name", name)).toEqual(ok ? [] : [contactMessages.name]);
    });
  });

  describe("message", () => {
    it.each([
      ["123456789", false],
      ["1234567890", true],
      ["   123456789   ", false],
      ["  1234567890  ", true],
      [" ".repeat(20), false],
      ["\n\n\n\n\n\n\n\n\n\n\n", false],
      ["😀".repeat(9), false],
      ["😀".repeat(10), true],
      ["👍🏽".repeat(5), true],
      ["שלום עולם!", true],
    ])("%j valid: %s", (message, ok) => {
      expect(errorsFor("message", message)).toEqual(ok ? [] : [contactMessages.message]);
    });
  });

  describe("email", () => {
    it.each([
      "o'brien+tag@sub.example.co.uk",
      "first.last@castloop.com",
      "x_y-z@mail-server.io",
      "  padded@castloop.com  ",
      "UPPER@CASTLOOP.COM",
    ])("accepts %j", (email) => {
      expect(errorsFor("email", email)).toEqual([]);
    });

    it.each([
      "",
      "   ",
      "plainaddress",
      "a@b",
      "a@@b.com",
      "a b@c.com",
      "@castloop.com",
      "ada@",
      "ada@castloop",
      ".ada@castloop.com",
      "ada..lovelace@castloop.com",
      "ada@castloop..com",
      "ada@castloop.com\r\nBcc: a@evil.com",
      "ada@castloop.com?cc=a@evil.com",
    ])("rejects %j", (email) => {
      expect(errorsFor("email", email)).toEqual([contactMessages.email]);
    });
  });
});

describe("characterCount", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(characterCount("😀")).toBe(1);
    expect("😀".length).toBe(2);
    expect(characterCount("abc")).toBe(3);
    expect(characterCount("")).toBe(0);
  });
});
