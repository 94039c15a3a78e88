import { open } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { charsetOf } from "../supabase/functions/feed-cadence/encoding.ts";
import {
  checkFeedUrl,
  fetchFeed,
  type PinnedRequest,
  type ResolveHost,
} from "../supabase/functions/feed-cadence/fetch-feed.ts";
import { productionNetwork } from "../supabase/functions/feed-cadence/from-env.ts";
import {
  codeForFetchFailure,
  DEFAULT_FETCH_LIMITS,
  type CheckCode,
} from "../supabase/functions/feed-cadence/handler.ts";

/**
 * What `npm run feed:check` and `npm run feed:report` share: their arguments
 * (`<file-or-url> [--now <ISO date>]`, and `--json` where a tool takes it) and the feed's bytes,
 * from a URL through the function's hardened fetch or from a saved file. A saved file may be
 * gzip-compressed (as `curl --compressed -o` or a browser's "save" sometimes leave it): its magic
 * bytes say so, and it is unpacked under the same cap.
 */

export type Network = { resolve: ResolveHost; request: PinnedRequest };

/** A saved feed is read up to this size, packed or unpacked: long-running shows pass 5 MB. */
export const MAX_SAVED_FEED_BYTES = 32 * 1024 * 1024;

export type FeedArgs =
  { ok: true; target: string; now: number; json: boolean } | { ok: false; error: string };

/** `<file-or-url> [--now <ISO date>]`, plus `--json` when `acceptsJson`. */
export function parseFeedArgs(
  args: readonly string[],
  options: { acceptsJson: boolean; now?: number },
): FeedArgs {
  let target: string | undefined;
  let now = options.now ?? Date.now();
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--json" && options.acceptsJson) json = true;
    else if (arg === "--now") {
      const value = args[++i];
      const time = value === undefined ? NaN : Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value ?? "") || Number.isNaN(time)) {
        return {
          ok: false,
          error: `--now wants an ISO date such as 2026-11-15, not ${JSON.stringify(value ?? "")}`,
        };
      }
      now = time;
    } else if (arg.startsWith("--")) return { ok: false, error: `unknown option ${arg}` };
    else if (target === undefined) target = arg;
    else return { ok: false, error: "give one file or URL" };
  }
  if (target === undefined) return { ok: false, error: "give a feed file or URL" };
  return { ok: true, target, now, json };
}

export type FeedSource =
  | {
      ok: true;
      bytes: Uint8Array;
      /** The Content-Type's charset; null for a saved file. */
      httpCharset: string | null;
      /** Set for a URL: the address after redirects and how long the fetch took. */
      fetched: { url: string; ms: number } | null;
      /** A saved file that was gzip-compressed. */
      gzip: boolean;
    }
  /** The feed is refused, as the function would refuse it. */
  | { ok: false; code: CheckCode }
  /** The file could not be read at all: a usage error. */
  | { ok: false; usage: string };

export const isUrl = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);

/** The file's bytes, refusing it past `maxBytes` without reading the rest. */
async function readCapped(
  path: string,
  maxBytes: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; usage: string } | "too_large"> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "unreadable";
    return { ok: false, usage: `cannot read ${path} (${code})` };
  }
  try {
    const buffer = new Uint8Array(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) return "too_large";
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
}

/** gzip's magic number (RFC 1952): 1f 8b, then 08 for deflate. */
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;

export async function readSavedFeed(path: string, maxBytes: number): Promise<FeedSource> {
  const read = await readCapped(path, maxBytes);
  if (read === "too_large") return { ok: false, code: "feed_too_large" };
  if (!read.ok) return read;
  if (!isGzip(read.bytes)) {
    return { ok: true, bytes: read.bytes, httpCharset: null, fetched: null, gzip: false };
  }
  try {
    const bytes = new Uint8Array(gunzipSync(read.bytes, { maxOutputLength: maxBytes }));
    return { ok: true, bytes, httpCharset: null, fetched: null, gzip: true };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      return { ok: false, code: "feed_too_large" };
    }
    return { ok: false, usage: `cannot read ${path} (a damaged gzip file)` };
  }
}

export async function fetchFeedSource(target: string, network?: Network): Promise<FeedSource> {
  const checked = checkFeedUrl(target);
  if (!checked.ok) return { ok: false, code: checked.reason };
  const started = performance.now();
  const fetched = await fetchFeed(checked.url, {
    ...(network ?? productionNetwork),
    limits: DEFAULT_FETCH_LIMITS,
  });
  if (!fetched.ok) return { ok: false, code: codeForFetchFailure(fetched) };
  return {
    ok: true,
    bytes: fetched.bytes,
    httpCharset: charsetOf(fetched.contentType),
    fetched: { url: fetched.url, ms: performance.now() - started },
    gzip: false,
  };
}

/** A URL through the function's fetch, anything else as a saved file of at most `maxSavedBytes`. */
export function readFeedSource(
  target: string,
  options: { maxSavedBytes: number; network?: Network },
): Promise<FeedSource> {
  return isUrl(target)
    ? fetchFeedSource(target, options.network)
    : readSavedFeed(target, options.maxSavedBytes);
}
