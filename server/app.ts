import { Hono, type Context } from "hono";
import { extname } from "node:path";
import { baseSecurityHeaders, cacheControl, hstsHeader, pageHeaders } from "./security-headers.ts";
import type { StaticFile } from "./static-files.ts";

export type CheckoutHandler = (req: Request, info?: { clientIp?: string }) => Promise<Response>;

export type AppOptions = {
  files: Map<string, StaticFile>;
  checkout: CheckoutHandler;
  /** Origins besides 'self' that pages may fetch from (the Supabase functions origin). */
  connectOrigins: readonly string[];
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

/** Maps a request path to a build file. Only keys of `files` can ever be served. */
export function resolvePath(files: Map<string, StaticFile>, rawPath: string): Resolved {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { kind: "bad-request" };
  }
  if (path.includes("\0") || path.includes("\\")) return { kind: "bad-request" };
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) {
    return { kind: "not-found", asset: false };
  }
  if (path.length > 1 && path.endsWith("/")) {
    return { kind: "redirect", location: path.replace(/\/+$/, "") || "/" };
  }
  // The not-found page is only ever served with status 404.
  if (path === "/404.html" || path === "/404") return { kind: "not-found", asset: false };
  const candidates = path === "/" ? ["/index.html"] : [`${path}/index.html`, path];
  for (const key of candidates) {
    const file = files.get(key);
    if (file) return { kind: "file", key, file };
  }
  return { kind: "not-found", asset: extname(path) !== "" };
}

function pickEncoding(file: StaticFile, acceptEncoding: string) {
  if (file.br && /\bbr\b/.test(acceptEncoding)) return { body: file.br, encoding: "br" };
  if (file.gzip && /\bgzip\b/.test(acceptEncoding)) return { body: file.gzip, encoding: "gzip" };
  return { body: file.body, encoding: undefined };
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
        ...pageHeaders(file.body.toString("utf8"), connectOrigins),
      });
    }
  }

  function send(c: Context, key: string, file: StaticFile, status: 200 | 404) {
    const headers: Record<string, string> = {
      ...(htmlHeaders.get(key) ?? common),
      "Content-Type": file.contentType,
      "Cache-Control": key.startsWith("/assets/")
        ? cacheControl.immutable
        : cacheControl.revalidate,
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (status === 200 && c.req.header("if-none-match") === file.etag) {
      return c.body(null, 304, headers);
    }
    const { body, encoding } = pickEncoding(file, c.req.header("accept-encoding") ?? "");
    if (encoding) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.byteLength);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    // A Buffer is a Uint8Array view on the cached bytes: sent as is, never copied.
    return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
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

  app.all("/functions/v1/create-checkout", async (c) => {
    const response = await checkout(c.req.raw, { clientIp: options.clientIp?.(c) });
    for (const [name, value] of Object.entries(common)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    return response;
  });

  app.on(["GET", "HEAD"], "*", (c) => {
    const resolved = resolvePath(files, new URL(c.req.url).pathname);
    switch (resolved.kind) {
      case "file":
        return send(c, resolved.key, resolved.file, 200);
      case "redirect": {
        const query = new URL(c.req.url).search;
        return c.body(null, 308, { ...common, Location: `${resolved.location}${query}` });
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
