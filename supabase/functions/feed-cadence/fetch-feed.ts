import { parseIpAddress } from "../_shared/client-address.ts";
import { BRAND_NAME } from "../_shared/contract.ts";
import { readStreamWithLimit } from "../_shared/http.ts";
import { checkAddress } from "./address-policy.ts";

// Fetching a URL a stranger typed (OWASP SSRF prevention): http(s) on ports 80/443 only, no
// credentials, every resolved address public, the connection pinned to the checked address,
// redirects followed by hand and checked again, one deadline for everything, a streaming cap.

/** Every address a hostname resolves to. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export type UpstreamResponse = {
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
};

/** One request to `url` over a connection to `address` only; never follows redirects. */
export type PinnedRequest = (
  url: URL,
  address: string,
  init: {
    /** GET when absent. */
    method?: "GET" | "HEAD";
    headers: Record<string, string>;
    signal: AbortSignal;
    connectTimeoutMs: number;
  },
) => Promise<{ response: UpstreamResponse; close: () => Promise<void> }>;

export type FetchLimits = {
  deadlineMs: number;
  connectTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
};

export type FetchFailure =
  | { reason: "url_not_allowed" }
  | { reason: "address_not_allowed"; detail: string }
  | { reason: "unreachable"; detail: string }
  | { reason: "http_error"; status: number }
  | { reason: "timeout" }
  | { reason: "too_large" }
  | { reason: "too_many_redirects" }
  | { reason: "not_a_feed"; contentType: string };

/** The body's bytes as they arrived (after gzip or brotli), undecoded: readFeed decodes. */
export type FetchResult =
  | { ok: true; bytes: Uint8Array; contentType: string | null; url: string }
  | ({ ok: false } & FetchFailure);

export type UrlCheck =
  { ok: true; url: URL } | { ok: false; reason: "invalid_url" | "url_not_allowed" };

/** An absolute http(s) URL without credentials, on the scheme's default port or 80/443. */
export function checkFeedUrl(text: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: "url_not_allowed" };
  }
  if (url.username !== "" || url.password !== "") return { ok: false, reason: "url_not_allowed" };
  if (url.port !== "" && url.port !== "80" && url.port !== "443") {
    return { ok: false, reason: "url_not_allowed" };
  }
  url.hash = "";
  return { ok: true, url };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** XML in any of its media types, plain text (some hosts), or no type at all. */
export function isFeedContentType(value: string | null): boolean {
  if (value === null) return true;
  const type = (value.split(";")[0] ?? "").trim().toLowerCase();
  return (
    type === "" ||
    type === "text/plain" ||
    type.endsWith("/xml") ||
    type.endsWith("+xml") ||
    type === "application/octet-stream"
  );
}

const REQUEST_HEADERS = {
  accept: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1",
  "accept-encoding": "gzip, br",
  "user-agent": `${BRAND_NAME}FeedReader/1.0 (plan finder; one request per visitor)`,
};

/** The addresses to connect to, once each one passed the policy. */
async function addressesFor(
  hostname: string,
  resolve: ResolveHost,
): Promise<{ ok: true; address: string } | ({ ok: false } & FetchFailure)> {
  // URL keeps IPv6 literals in brackets.
  const literal = hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (parseIpAddress(literal) !== null) {
    addresses = [literal];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      return { ok: false, reason: "unreachable", detail: `dns: ${errorCode(error)}` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unreachable", detail: "dns: none" };
  // One private answer refuses the name: the resolver's order may change between lookups.
  for (const address of addresses) {
    const verdict = checkAddress(address);
    if (!verdict.allowed) {
      return { ok: false, reason: "address_not_allowed", detail: verdict.reason };
    }
  }
  return { ok: true, address: addresses[0]! };
}

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const { code, cause } = error as { code?: unknown; cause?: unknown };
    if (typeof code === "string") return code;
    if (cause !== undefined) return errorCode(cause);
    if (error instanceof Error) return error.name;
  }
  return typeof error;
}

/** A response from a checked address, its body not read yet; `close` ends the connection. */
export type Opened = { response: UpstreamResponse; close: () => Promise<void>; url: URL };

/**
 * One request to `start`, its redirects followed by hand, each hop checked like the first: the
 * URL rules, every resolved address public, the connection pinned to the checked address.
 * Every outbound request of the feed reader and the check-up goes through here. `signal` ends
 * it (the caller's deadline); a 2xx or any other final status is returned with its body unread.
 */
export async function openPublic(
  start: URL,
  deps: {
    resolve: ResolveHost;
    request: PinnedRequest;
    maxRedirects: number;
    connectTimeoutMs: number;
    signal: AbortSignal;
  },
  init: { method: "GET" | "HEAD"; headers: Record<string, string> },
): Promise<({ ok: true } & Opened) | ({ ok: false } & FetchFailure)> {
  const { signal } = deps;
  const timedOut = () => signal.aborted;
  const withDeadline = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        if (timedOut()) reject(new Error("deadline"));
        signal.addEventListener("abort", () => reject(new Error("deadline")), { once: true });
      }),
    ]);
  let url = start;
  for (let hop = 0; ; hop++) {
    const checked = checkFeedUrl(url.href);
    if (!checked.ok) return { ok: false, reason: "url_not_allowed" };
    url = checked.url;

    const target = await withDeadline(addressesFor(url.hostname, deps.resolve)).catch(() => null);
    if (target === null) return { ok: false, reason: "timeout" };
    if (!target.ok) return target;

    let upstream: Awaited<ReturnType<PinnedRequest>>;
    try {
      upstream = await deps.request(url, target.address, {
        method: init.method,
        headers: init.headers,
        signal,
        connectTimeoutMs: deps.connectTimeoutMs,
      });
    } catch (error) {
      if (timedOut()) return { ok: false, reason: "timeout" };
      return { ok: false, reason: "unreachable", detail: errorCode(error) };
    }
    const { response, close } = upstream;
    const location = response.headers.get("location");
    if (REDIRECTS.has(response.status) && location !== null) {
      await response.body?.cancel().catch(() => {});
      await close();
      if (hop >= deps.maxRedirects) return { ok: false, reason: "too_many_redirects" };
      try {
        url = new URL(location, url);
      } catch {
        return { ok: false, reason: "unreachable", detail: "bad redirect" };
      }
      continue;
    }
    return { ok: true, response, close, url };
  }
}

/**
 * Fetches a feed within `limits`, refusing at the first step that breaks a rule. `signal`
 * aborts the whole fetch (the visitor left).
 */
export async function fetchFeed(
  start: URL,
  deps: { resolve: ResolveHost; request: PinnedRequest; limits: FetchLimits; signal?: AbortSignal },
): Promise<FetchResult> {
  const { limits } = deps;
  const controller = new AbortController();
  const startedAt = Date.now();
  const timer = setTimeout(() => controller.abort(), limits.deadlineMs);
  const stop = () => controller.abort();
  deps.signal?.addEventListener("abort", stop, { once: true });
  const timedOut = () => controller.signal.aborted;

  try {
    const opened = await openPublic(
      start,
      {
        resolve: deps.resolve,
        request: deps.request,
        maxRedirects: limits.maxRedirects,
        connectTimeoutMs: limits.connectTimeoutMs,
        signal: controller.signal,
      },
      { method: "GET", headers: REQUEST_HEADERS },
    );
    if (!opened.ok) return opened;
    const { response, close, url } = opened;
    try {
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => {});
        return { ok: false, reason: "http_error", status: response.status };
      }
      const contentType = response.headers.get("content-type");
      if (!isFeedContentType(contentType)) {
        await response.body?.cancel().catch(() => {});
        return { ok: false, reason: "not_a_feed", contentType: contentType ?? "" };
      }
      // Content-Length counts encoded bytes; the cap applies to what is decoded, as it streams.
      const encoded = (response.headers.get("content-encoding") ?? "").trim() !== "";
      const body = await readStreamWithLimit(
        response.body,
        encoded ? null : response.headers.get("content-length"),
        limits.maxBytes,
        Math.max(0, limits.deadlineMs - (Date.now() - startedAt)),
      );
      if (!body.ok) {
        if (body.reason === "too_large") return { ok: false, reason: "too_large" };
        if (body.reason === "timeout" || timedOut()) return { ok: false, reason: "timeout" };
        return { ok: false, reason: "unreachable", detail: "body broke off" };
      }
      return { ok: true, bytes: body.bytes, contentType, url: url.href };
    } finally {
      await close();
    }
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener("abort", stop);
  }
}
