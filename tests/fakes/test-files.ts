import type { StaticFile } from "../../server/static-files.ts";

/** An in-memory build file for the server's tests. */
export const builtFile = (body: string, extra: Partial<StaticFile> = {}): StaticFile => ({
  body: Buffer.from(body),
  contentType: "text/html; charset=utf-8",
  etag: `"${body.length}"`,
  ...extra,
});

/** A small build: three pages, the not-found page, an asset. */
export function builtSite(extra: [string, StaticFile][] = []): Map<string, StaticFile> {
  return new Map<string, StaticFile>([
    ["/index.html", builtFile("<h1>Home</h1>")],
    ["/pricing/index.html", builtFile("<h1>Pricing</h1>")],
    ["/404.html", builtFile("<h1>Page not found</h1>")],
    ["/assets/app-abc123.js", builtFile("console.log(1)", { contentType: "text/javascript" })],
    ...extra,
  ]);
}
