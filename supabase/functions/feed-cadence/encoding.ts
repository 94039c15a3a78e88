// Which encoding a feed's bytes are in, as XML says (XML 1.0 appendix F, RFC 7303): a byte
// order mark first, then the XML declaration's `encoding`, then the HTTP charset, else UTF-8.

export type EncodingSource = "bom" | "zero-bytes" | "declaration" | "http" | "default";

export type DecodedFeed = { text: string; encoding: string; source: EncodingSource };

/** A label TextDecoder knows, by its canonical name; null for anything else. */
function knownEncoding(label: string | null | undefined): string | null {
  if (label === null || label === undefined || label.trim() === "") return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/** The charset parameter of a Content-Type header, unquoted; null when there is none. */
export function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1] ?? null;
}

function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", length: 3 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", length: 2 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", length: 2 };
  return null;
}

/**
 * UTF-16 without a mark shows itself by its zero bytes around the ASCII `<` (or whitespace)
 * that must open the document.
 */
function unmarkedUtf16(bytes: Uint8Array): string | null {
  if (bytes.length < 2) return null;
  if (bytes[0] === 0 && bytes[1] !== 0) return "utf-16be";
  if (bytes[0] !== 0 && bytes[1] === 0) return "utf-16le";
  return null;
}

/** The `encoding` of an XML declaration, read as ASCII from the document's first bytes. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const match = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head);
  return match?.[1] ?? null;
}

/** windows-1252's characters for the bytes 0x80 to 0x9F (the rest is ISO-8859-1). */
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Node 20's TextDecoder reads windows-1252 (and the ISO-8859-1 labels the Encoding Standard maps
 * to it) as plain ISO-8859-1, so 0x93 becomes a control character instead of a curly quote.
 * Deno and browsers are right; this fixes the 32 bytes where the two differ, on both runtimes.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const latin = new TextDecoder("windows-1252").decode(bytes);
  return latin.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * Decodes a feed's bytes. A declaration may name a UTF-16 or UTF-32 form only when the bytes
 * are in it, which the mark or the zero bytes already told; in an ASCII-compatible document
 * such a name is wrong and is passed over.
 */
export function decodeFeed(bytes: Uint8Array, httpCharset: string | null): DecodedFeed {
  const decode = (encoding: string, source: EncodingSource, skip = 0): DecodedFeed => ({
    text:
      encoding === "windows-1252"
        ? decodeWindows1252(bytes.subarray(skip))
        : new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(skip)),
    encoding,
    source,
  });

  const mark = byteOrderMark(bytes);
  if (mark !== null) return decode(mark.encoding, "bom", mark.length);
  const utf16 = unmarkedUtf16(bytes);
  if (utf16 !== null) return decode(utf16, "zero-bytes");

  const declared = knownEncoding(declaredEncoding(bytes));
  if (declared !== null && !declared.startsWith("utf-16")) return decode(declared, "declaration");
  const http = knownEncoding(httpCharset);
  if (http !== null && !http.startsWith("utf-16")) return decode(http, "http");
  return decode("utf-8", "default");
}
