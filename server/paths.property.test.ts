import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "./app.ts";
import { builtFile as page, builtSite } from "../tests/fakes/test-files.ts";

// No request path may produce a 5xx or a Location that leaves the origin.
const origin = "http://site.example";
const files = builtSite([
  ["/blog/index.html", page("<h1>Blog</h1>")],
  ["/blog/podcast-seo/index.html", page("<h1>SEO</h1>")],
  ["/evil.example/index.html", page("<h1>A page whose name looks like a host</h1>")],
  ["/_headers", page("/*\n  X-Frame-Options: DENY")],
]);
const app = createApp({ files, checkout: vi.fn(), connectOrigins: [] });

const percentByte = fc
  .integer({ min: 0, max: 255 })
  .map((byte) => `%${byte.toString(16).padStart(2, "0")}`);
const token = fc.constantFrom(
  ...["", ".", "..", "%2e", "%2E%2e", "%2F", "%2f", "%5C", "%5c", "\\", "/", "//", "///"],
  ...["%00", "%09", "%0d%0a", "%0A", "%20", "%7F", "%", "%%", "%zz", "?", "#", "@", ":", ";"],
  ...["evil.example", "pricing", "blog", "podcast-seo", "index.html", "404", "404.html"],
  ...["_headers", "vercel.json", ".env", ".git", "assets", "app-abc123.js"],
  ...["%E2%98%83", "☃", "🎙️", "%F0%9F%8E", "%C0%AF", "%ED%A0%80", "%FF%FE", "\u202e", "\uFEFF"],
);
const segment = fc.oneof(
  { weight: 6, arbitrary: token },
  { weight: 2, arbitrary: fc.array(percentByte, { maxLength: 8 }).map((bytes) => bytes.join("")) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", minLength: 500, maxLength: 8000 }) },
);
const requestPath = fc
  .tuple(
    fc.array(segment, { maxLength: 10 }),
    fc.constantFrom("", "/", "//", "%2F", "/?x=1", "?next=//evil.example", "#x"),
  )
  .map(([segments, tail]) => `/${segments.join("/")}${tail}`);

// 2,500 paths a method: each test stays well inside Vitest's 5 s on a loaded 2-core machine.
describe("any request path (property-based)", () => {
  it.each(["GET", "HEAD"])(
    "%s never answers 5xx and never redirects off the origin",
    async (method) => {
      await fc.assert(
        fc.asyncProperty(requestPath, async (path) => {
          const response = await app.fetch(new Request(`${origin}${path}`, { method }));
          expect(response.status).toBeLessThan(500);
          const location = response.headers.get("location");
          if (location !== null) {
            expect(location).toMatch(/^\/(?![/\\])/);
            // Header-safe: printable ASCII only (the URL parser percent-encodes the rest).
            expect(location).toMatch(/^[\x20-\x7e]*$/);
            expect(new URL(location, origin).origin).toBe(origin);
          }
        }),
        { numRuns: 2500 },
      );
    },
  );
});
