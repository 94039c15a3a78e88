import { BRAND_NAME } from "../../_shared/contract.ts";
import { openPublic, type PinnedRequest, type ResolveHost } from "../fetch-feed.ts";
import { readImageHeader } from "./image-header.ts";
import type { ArtworkProbe, MediaProbe } from "./report.ts";

// The check-up's requests beyond the feed: the artwork's first 64 KB, and a HEAD and a
// two-byte Range GET of the latest episode's file. Each goes through openPublic, the feed
// reader's own address policy, redirects and pinning included; none downloads media.

/** The most of the artwork read: enough for any JPEG or PNG header. */
export const ARTWORK_HEAD_BYTES = 64 * 1024;

export type ProbeDeps = {
  resolve: ResolveHost;
  request: PinnedRequest;
  maxRedirects: number;
  connectTimeoutMs: number;
  /** The time this one request may take, end to end. */
  timeoutMs: number;
};

const HEADERS = {
  "user-agent": `${BRAND_NAME}FeedCheck/1.0 (feed check-up; one request per check)`,
};

async function withDeadline<T>(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** Up to `max` bytes of `body`, the rest canceled; null when the body broke off. */
async function readHead(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  signal: AbortSignal,
): Promise<Uint8Array | null> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal.aborted) resolve("aborted");
    signal.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  try {
    while (total < max) {
      const next = await Promise.race([reader.read().catch(() => "aborted" as const), aborted]);
      if (next === "aborted") return total > 0 ? concat(chunks, total, max) : null;
      if (next.done) break;
      chunks.push(next.value);
      total += next.value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return concat(chunks, total, max);
}

function concat(chunks: Uint8Array[], total: number, max: number): Uint8Array {
  const bytes = new Uint8Array(Math.min(total, max));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at >= bytes.length) break;
  }
  return bytes;
}

/** The whole file's size from a 206's Content-Range, or a 200's Content-Length. */
function totalBytes(status: number, headers: { get(name: string): string | null }): number | null {
  if (status === 206) {
    const total = /\/(\d+)\s*$/.exec(headers.get("content-range") ?? "")?.[1];
    return total === undefined ? null : Number(total);
  }
  const length = headers.get("content-length")?.trim();
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
}

/** One request for the artwork's first 64 KB; a failure is a finding, never thrown. */
export async function probeArtwork(url: string, deps: ProbeDeps): Promise<ArtworkProbe> {
  let start: URL;
  try {
    start = new URL(url);
  } catch {
    return { ok: false, reason: "unreachable" };
  }
  try {
    return await withDeadline(deps.timeoutMs, async (signal) => {
      const opened = await openPublic(
        start,
        { ...deps, signal },
        {
          method: "GET",
          headers: {
            ...HEADERS,
            accept: "image/jpeg, image/png, image/*;q=0.8",
            range: `bytes=0-${ARTWORK_HEAD_BYTES - 1}`,
          },
        },
      );
      if (!opened.ok) return { ok: false, reason: "unreachable" } as const;
      const { response, close } = opened;
      try {
        if (response.status !== 200 && response.status !== 206) {
          await response.body?.cancel().catch(() => {});
          return { ok: false, reason: "http_error", status: response.status } as const;
        }
        const head = await readHead(response.body, ARTWORK_HEAD_BYTES, signal);
        if (head === null) return { ok: false, reason: "unreachable" } as const;
        const header = readImageHeader(head);
        if (!header.ok) return { ok: false, reason: "not_an_image" } as const;
        const { format, width, height, cmyk, alpha } = header;
        return {
          ok: true,
          format,
          width,
          height,
          cmyk,
          alpha,
          bytes: totalBytes(response.status, response.headers),
        } as const;
      } finally {
        await close();
      }
    });
  } catch {
    return { ok: false, reason: "unreachable" };
  }
}

/** One request to the episode's file: its status, the body never read. */
async function ask(
  start: URL,
  deps: ProbeDeps,
  method: "GET" | "HEAD",
  headers: Record<string, string>,
): Promise<{ ok: boolean; status: number | null }> {
  try {
    return await withDeadline(deps.timeoutMs, async (signal) => {
      const opened = await openPublic(start, { ...deps, signal }, { method, headers });
      if (!opened.ok) return { ok: false, status: null };
      const { response, close } = opened;
      await response.body?.cancel().catch(() => {});
      await close();
      return { ok: response.status >= 200 && response.status <= 299, status: response.status };
    });
  } catch {
    return { ok: false, status: null };
  }
}

/** A HEAD and a `Range: bytes=0-1` GET of the latest episode's file, one after the other. */
export async function probeMedia(url: string, deps: ProbeDeps): Promise<MediaProbe> {
  let start: URL;
  try {
    start = new URL(url);
  } catch {
    return { head: { ok: false, status: null }, range: { ok: false, status: null } };
  }
  const head = await ask(start, deps, "HEAD", HEADERS);
  const range = await ask(start, deps, "GET", { ...HEADERS, range: "bytes=0-1" });
  return { head, range };
}
