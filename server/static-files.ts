import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { extname, relative, sep } from "node:path";
import { filesUnder } from "./files.ts";

export type StaticFile = {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
};

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".pdf": "application/pdf",
  ".srt": "application/x-subrip",
  ".vtt": "text/vtt; charset=utf-8",
};

export function contentTypeFor(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/**
 * The file name a sample kit's download is saved under (`Content-Disposition`), or undefined
 * for files that are shown rather than saved. The slide previews (.webp) are only shown.
 */
export function downloadFileName(urlPath: string): string | undefined {
  const match = /^\/examples\/[a-z0-9-]+\/([a-z0-9-]+\.(?:txt|srt|vtt|pdf|png))$/.exec(urlPath);
  return match?.[1];
}

/**
 * Reads the whole build into memory, keyed by URL path ("/pricing/index.html"). Requests can
 * only ever be answered from these keys, so no path a visitor types reaches the file system.
 * `.br` and `.gz` siblings written by scripts/postbuild.ts become the compressed variants.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const paths = [...filesUnder(root)];
  const present = new Set(paths);
  for (const path of paths) {
    if (path.endsWith(".br") || path.endsWith(".gz")) continue;
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const body = readFileSync(path);
    files.set(urlPath, {
      body,
      br: present.has(`${path}.br`) ? readFileSync(`${path}.br`) : undefined,
      gzip: present.has(`${path}.gz`) ? readFileSync(`${path}.gz`) : undefined,
      contentType: contentTypeFor(path),
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
    });
  }
  return files;
}
