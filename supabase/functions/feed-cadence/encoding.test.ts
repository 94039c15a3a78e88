import { describe, expect, it } from "vitest";
import { charsetOf, decodeFeed } from "./encoding.ts";

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
function utf16(text: string, order: "le" | "be", bom: boolean): Uint8Array {
  const bytes = [...(bom ? (order === "le" ? [0xff, 0xfe] : [0xfe, 0xff]) : [])];
  for (const char of text) {
    const code = char.charCodeAt(0);
    bytes.push(...(order === "le" ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff]));
  }
  return Uint8Array.from(bytes);
}

describe("charsetOf", () => {
  it.each([
    ["application/rss+xml; charset=ISO-8859-1", "ISO-8859-1"],
    ['text/xml;charset="windows-1252"', "windows-1252"],
    ["application/xml", null],
    [null, null],
  ])("reads %j", (header, charset) => {
    expect(charsetOf(header)).toBe(charset);
  });
});

describe("decodeFeed", () => {
  const title = "<title>Caf\u00e9 \u00e0 la carte</title>";

  it("takes the XML declaration's ISO-8859-1 when HTTP names no charset", () => {
    const bytes = latin1(`<?xml version="1.0" encoding="ISO-8859-1"?>${title}`);
    expect(decodeFeed(bytes, null)).toMatchObject({
      text: expect.stringContaining("Café à la carte"),
      source: "declaration",
    });
  });

  it("reads windows-1252's curly quotes from the declaration", () => {
    const bytes = latin1(`<?xml version='1.0' encoding='windows-1252'?><t>\x93hi\x94</t>`);
    expect(decodeFeed(bytes, null).text).toContain("\u201chi\u201d");
  });

  it("prefers the declaration to the HTTP charset, and a mark to both", () => {
    const declared = latin1(`<?xml version="1.0" encoding="ISO-8859-1"?>${title}`);
    expect(decodeFeed(declared, "utf-8").text).toContain("Café");
    const marked = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(`<?xml version="1.0" encoding="ISO-8859-1"?>${title}`),
    ]);
    expect(decodeFeed(marked, "windows-1252")).toMatchObject({ encoding: "utf-8", source: "bom" });
    expect(decodeFeed(marked, "windows-1252").text).toContain("Café");
  });

  it("uses the HTTP charset when the document names none, else UTF-8", () => {
    expect(decodeFeed(latin1(title), "iso-8859-1").text).toContain("Café");
    expect(decodeFeed(new TextEncoder().encode(title), null)).toMatchObject({
      encoding: "utf-8",
      source: "default",
      text: title,
    });
  });

  it.each([
    ["little-endian with a mark", "le", true],
    ["big-endian with a mark", "be", true],
    ["little-endian without a mark", "le", false],
    ["big-endian without a mark", "be", false],
  ] as const)("reads UTF-16 %s", (_name, order, bom) => {
    const text = `<?xml version="1.0" encoding="UTF-16"?>${title}`;
    const decoded = decodeFeed(utf16(text, order, bom), "utf-8");
    expect(decoded.text).toBe(text);
    expect(decoded.encoding).toBe(`utf-16${order}`);
  });

  it("passes over a declaration that names UTF-16 in an 8-bit document, and unknown names", () => {
    const wrong = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-16"?>${title}`);
    expect(decodeFeed(wrong, null).text).toContain("Café");
    const unknown = latin1(`<?xml version="1.0" encoding="x-klingon"?>${title}`);
    expect(decodeFeed(unknown, "iso-8859-1")).toMatchObject({ source: "http" });
  });

  it("finds the declaration after leading whitespace", () => {
    const bytes = latin1(`\n  <?xml version="1.0" encoding="ISO-8859-1"?>${title}`);
    expect(decodeFeed(bytes, null).text).toContain("Café");
  });
});
