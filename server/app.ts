import { Hono, type Context } from "hono";
import Negotiator from "negotiator";
import { extname } from "node:path";
import { baseSecurityHeaders, cacheControl, hstsHeader, pageHeaders } from "./security-headers.ts";
import type { CheckoutHandler } from "../supabase/functions/create-checkout/handler.ts";
import type { FunctionHandler } from "../supabase/functions/_shared/serve.ts";
import {
  FUNCTION_NAMES,
  functionPath,
  type FunctionName,
} from "../supabase/functions/_shared/contract.ts";
import { KEEP_PAGE_KEY, LINK_PAGE_KEYS, keepPageWithToken } from "./keep-link.ts";
import { downloadFileName, type StaticFile } from "./static-files.ts";

export type { CheckoutHandler };

export type AppOptions = {
  files: Map<string, StaticFile>;
  checkout: CheckoutHandler;
  /** The feed-cadence function; `npm start` always mounts it (server/main.ts). */
  feedCadence?: FunctionHandler;
  /** The manage-subscription function (cancel, withdraw, keep); `npm start` mounts it. */
  manageSubscription?: FunctionHandler;
  /** The stripe-webhook function, which Stripe's deliveries reach; `npm start` mounts it. */
  stripeWebhook?: FunctionHandler;
  /** Origins besides 'self' that pages may fetch from (the Supabase functions origin). */
  connectOrigins: readonly string[];
  /** The origins of the Checkout pages a checkout form post leads to (default: Stripe's). */
  checkoutOrigins?: readonly string[];
  /** How to learn the client's address (the socket's, under @hono/node-server). */
  clientIp?: (c: Context) => string | undefined;
  /** Send HSTS: only when the public site is served over HTTPS. */
  https?: boolean;
};

type Resolved =
  | { kind: "file"; key: string; file: StaticFile }
  | { kind: "redirect"; location: string }
  | { kind: "not-found"; asset: boolean }
  | { kind: "bad-request" };

/** Files the build writes for static hosts: configuration, never content. */
export const HOST_CONFIG_FILES: ReadonlySet<string> = new Set([
  "/_headers",
  "/_redirects",
  "/_routes.json",
  "/vercel.json",
  "/netlify.toml",
]);

const PAGE_SUFFIX = "/index.html";

/** The build key of the page at a decoded path without trailing slash ("" is the home page). */
function pageKey(files: Map<string, StaticFile>, path: string): string | undefined {
  const key = path === "" || path === "/" ? PAGE_SUFFIX : `${path}${PAGE_SUFFIX}`;
  return files.has(key) ? key : undefined;
}

/** A page's canonical URL path, built from its build key, never from request text. */
function pageLocation(key: string): string {
  const path = key.slice(0, -PAGE_SUFFIX.length);
  return path === "" ? "/" : path.split("/").map(encodeURIComponent).join("/");
}

/** Maps a request path to a build file. Only keys of `files` can ever be served. */
export function resolvePath(files: Map<string, StaticFile>, rawPath: string): Resolved {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { kind: "bad-request" };
  }
  if (path.includes("\0") || path.includes("\\")) return { kind: "bad-request" };
  // Dot segments, dotfiles and host configuration are never site files.
  if (path.split("/").some((segment) => segment.startsWith(".")) || HOST_CONFIG_FILES.has(path)) {
    return { kind: "not-found", asset: false };
  }
  if (path.length > 1 && path.endsWith("/")) {
    // Only to a page that exists, so no request text can steer the Location.
    const key = pageKey(files, path.replace(/\/+$/, ""));
    return key === undefined
      ? { kind: "not-found", asset: false }
      : { kind: "redirect", location: pageLocation(key) };
  }
  // The not-found page is only ever served with status 404.
  if (path === "/404.html" || path === "/404") return { kind: "not-found", asset: false };
  const candidates = path === "/" ? [PAGE_SUFFIX] : [`${path}${PAGE_SUFFIX}`, path];
  for (const key of candidates) {
    const file = files.get(key);
    if (file) return { kind: "file", key, file };
  }
  return { kind: "not-found", asset: extname(path) !== "" };
}

const ENCODINGS = ["br", "gzip", "identity"] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The stored variant the client prefers by RFC 9110's rules (q-values included). */
export function pickEncoding(
  file: StaticFile,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: Encoding; etag: string } {
  const available = ENCODINGS.filter((encoding) =>
    encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : true,
  );
  const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
  const chosen = new Negotiator({ headers }).encoding([...available], {
    preferred: [...ENCODINGS],
  }) as Encoding | undefined;
  // With nothing acceptable, identity is still sent (RFC 9110 §12.5.3 allows it; a 406 helps nobody).
  if (chosen === "br" && file.br)
    return { body: file.br, encoding: "br", etag: tagged(file, "br") };
  if (chosen === "gzip" && file.gzip) {
    return { body: file.gzip, encoding: "gzip", etag: tagged(file, "gz") };
  }
  return { body: file.body, encoding: "identity", etag: file.etag };
}

/** Each encoding is its own representation, so it gets its own entity tag. */
function tagged(file: StaticFile, suffix: string): string {
  return `${file.etag.slice(0, -1)}-${suffix}"`;
}

/** If-None-Match by weak comparison (RFC 9110 §13.1.2): a list, `*`, or W/ tags. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

export function createApp(options: AppOptions): Hono {
  const { files, checkout, connectOrigins } = options;
  const app = new Hono();
  const common: Record<string, string> = {
    ...baseSecurityHeaders,
    ...(options.https ? hstsHeader : {}),
  };
  const htmlHeaders = new Map<string, Record<string, string>>();
  for (const [key, file] of files) {
    if (file.contentType.startsWith("text/html")) {
      htmlHeaders.set(key, {
        ...common,
        ...pageHeaders(file.body.toString("utf8"), connectOrigins, options.checkoutOrigins),
      });
    }
  }

  function send(c: Context, key: string, file: StaticFile, status: 200 | 404) {
    const { body, encoding, etag } = pickEncoding(file, c.req.header("accept-encoding"));
    const headers: Record<string, string> = {
      ...(htmlHeaders.get(key) ?? common),
      "Content-Type": file.contentType,
      "Cache-Control": key.startsWith("/assets/")
        ? cacheControl.immutable
        : cacheControl.revalidate,
      ETag: etag,
      Vary: "Accept-Encoding",
    };
    const download = downloadFileName(key);
    if (download) headers["Content-Disposition"] = `attachment; filename="${download}"`;
    if (status === 200 && matchesIfNoneMatch(c.req.header("if-none-match"), etag)) {
      return c.body(null, 304, headers);
    }
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.byteLength);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    // A Buffer is a Uint8Array view on the cached bytes: sent as is, never copied.
    return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
  }

  /** The keep page with the link's token in its field (server/keep-link.ts); never cached. */
  function sendKeepPage(c: Context, html: string) {
    const body = Buffer.from(html, "utf8");
    const headers: Record<string, string> = {
      ...(htmlHeaders.get(KEEP_PAGE_KEY) ?? common),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": String(body.byteLength),
    };
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  }

  function notFound(c: Context, asset: boolean) {
    const page = files.get("/404.html");
    if (asset || !page) {
      return c.json({ error: "Not found", code: "not_found" }, 404, {
        ...common,
        "Cache-Control": cacheControl.revalidate,
      });
    }
    return send(c, "/404.html", page, 404);
  }

  // Each function answers as it would on Supabase, plus the site's own security headers.
  // A function's own routes (such as manage-subscription's /jobs) sit under its path.
  const mount = (name: FunctionName, handler: FunctionHandler) => {
    const serve = async (c: Context) => {
      const response = await handler(c.req.raw, { clientIp: options.clientIp?.(c) });
      for (const [header, value] of Object.entries(common)) {
        if (!response.headers.has(header)) response.headers.set(header, value);
      }
      return response;
    };
    app.all(functionPath(name), serve);
    app.all(`${functionPath(name)}/*`, serve);
  };
  mount(FUNCTION_NAMES.checkout, checkout);
  if (options.feedCadence) mount(FUNCTION_NAMES.feedCadence, options.feedCadence);
  if (options.manageSubscription) {
    mount(FUNCTION_NAMES.manageSubscription, options.manageSubscription);
  }
  if (options.stripeWebhook) mount(FUNCTION_NAMES.stripeWebhook, options.stripeWebhook);

  app.on(["GET", "HEAD"], "*", (c) => {
    const url = new URL(c.req.url);
    const resolved = resolvePath(files, url.pathname);
    switch (resolved.kind) {
      case "file": {
        if (LINK_PAGE_KEYS.has(resolved.key)) {
          const filled = keepPageWithToken(resolved.file.body.toString("utf8"), url.search);
          if (filled !== undefined) return sendKeepPage(c, filled);
        }
        return send(c, resolved.key, resolved.file, 200);
      }
      case "redirect": {
        // The URL parser has percent-encoded the query, so it is header-safe.
        const query = new URL(c.req.url).search;
        return c.body(null, 308, {
          ...common,
          "Cache-Control": cacheControl.redirect,
          Location: `${resolved.location}${query}`,
        });
      }
      case "bad-request":
        return c.json({ error: "Bad request", code: "bad_request" }, 400, common);
      case "not-found":
        return notFound(c, resolved.asset);
    }
  });

  app.all("*", (c) =>
    c.json({ error: "Method not allowed", code: "method_not_allowed" }, 405, {
      ...common,
      Allow: "GET, HEAD",
    }),
  );

  app.onError((error, c) => {
    console.error(JSON.stringify({ level: "error", msg: "unhandled", error: String(error) }));
    return c.json({ error: "Internal server error", code: "internal_error" }, 500, common);
  });

  return app;
}
