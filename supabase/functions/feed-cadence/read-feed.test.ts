import { describe, expect, it } from "vitest";
import { readFeed } from "./read-feed.ts";

const now = Date.UTC(2026, 10, 15, 12);
const items = Array.from(
  { length: 8 },
  (_, i) =>
    `<item><title>Folge ${i}</title><pubDate>${new Date(now - (3 + 7 * i) * 86_400_000).toUTCString()}</pubDate><enclosure url="https://cdn.example/${i}.mp3" type="audio/mpeg" length="1"/></item>`,
).join("");
const rss = (declaration: string, title = "Caf\u00e9 \u201cM\u00fcnchen\u201d") =>
  `${declaration}<rss version="2.0"><channel><title>${title}</title>${items}</channel></rss>`;

const latin1 = (text: string) =>
  Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    const high: Record<number, number> = { 0x201c: 0x93, 0x201d: 0x94 };
    return high[code] ?? code;
  });

describe("readFeed", () => {
  it("accepts whitespace, and a mark with whitespace, before the declaration", () => {
    const text = rss('\n\n  <?xml version="1.0" encoding="UTF-8"?>');
    const plain = readFeed(new TextEncoder().encode(text), { httpCharset: null, now });
    expect(plain).toMatchObject({ ok: true, cadence: { title: "Café “München”", episodes: 8 } });
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(readFeed(marked, { httpCharset: null, now }).ok).toBe(true);
  });

  it("reads a UTF-16 feed", () => {
    const text = `\uFEFF${rss('<?xml version="1.0" encoding="UTF-16"?>')}`;
    const bytes = new Uint8Array(new Uint16Array(Array.from(text, (c) => c.charCodeAt(0))).buffer);
    const reading = readFeed(bytes, { httpCharset: "utf-8", now });
    expect(reading).toMatchObject({ ok: true, encoding: "utf-16le", cadence: { episodes: 8 } });
    expect(reading.ok && reading.cadence.title).toBe("Café “München”");
  });

  it.each(["ISO-8859-1", "windows-1252"])(
    "reads a %s feed that says so only in its declaration",
    (encoding) => {
      const text = rss(`<?xml version="1.0" encoding="${encoding}"?>`);
      const reading = readFeed(latin1(text), { httpCharset: null, now });
      expect(reading.ok && reading.cadence.title).toBe("Café “München”");
      // Over HTTP the declaration still wins over a server's default charset.
      const served = readFeed(latin1(text), { httpCharset: "utf-8", now });
      expect(served.ok && served.cadence.title).toBe("Café “München”");
    },
  );

  it("refuses an element with 360,000 attributes at once, with its own log reason", () => {
    const attributes = Array.from({ length: 360_000 }, (_, i) => ` a${i}="1"`).join("");
    const bytes = new TextEncoder().encode(rss("").replace("<rss", `<rss${attributes}`));
    const start = performance.now();
    const reading = readFeed(bytes, { httpCharset: null, now });
    const ms = performance.now() - start;
    expect(reading).toEqual({
      ok: false,
      code: "not_a_feed",
      reason: "oversized_attributesPerElement",
    });
    // fast-xml-parser needs 7 to 13 s for this document; the shape check stops at the 129th.
    expect(ms).toBeLessThan(1_000);
  });

  it("refuses a feed without dates with its own code", () => {
    const undated = rss("").replace(/<pubDate>[^<]*<\/pubDate>/g, "<pubDate>Episode 12</pubDate>");
    expect(readFeed(new TextEncoder().encode(undated), { httpCharset: null, now })).toEqual({
      ok: false,
      code: "no_episode_dates",
      reason: "no_episode_dates",
    });
  });

  it("answers plain data that survives JSON, as a worker's message must", () => {
    const reading = readFeed(new TextEncoder().encode(rss("")), { httpCharset: null, now });
    expect(JSON.parse(JSON.stringify(reading))).toEqual(reading);
  });
});
