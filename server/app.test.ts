import { describe, expect, it, vi } from "vitest";
import { gzipSync } from "node:zlib";
import { createApp, resolvePath, type CheckoutHandler } from "./app.ts";
import type { StaticFile } from "./static-files.ts";
import { checkoutPageOrigins } from "../supabase/functions/create-checkout/schema.ts";
import { builtFile as page } from "../tests/fakes/test-files.ts";

const homeHtml = "<html><body><h1>Home</h1><script>window.x=1</script></body></html>";
const files = new Map<string, StaticFile>([
  ["/index.html", page(homeHtml, { gzip: gzipSync(homeHtml) })],
  ["/pricing/index.html", page("<h1>Pricing</h1>")],
  ["/404.html", page("<h1>Page not found</h1>")],
  [
    "/assets/app-abc123.js",
    {
      body: Buffer.from("console.log(1)"),
      contentType: "text/javascript; charset=utf-8",
      etag: '"js"',
    },
  ],
  ["/favicon.svg", { body: Buffer.from("<svg/>"), contentType: "image/svg+xml", etag: '"svg"' }],
]);

function makeApp(checkout: CheckoutHandler = async () => Response.json({ url: "https://x" })) {
  return createApp({ files, checkout, connectOrigins: ["https://ref.supabase.co"] });
}

const get = (path: string, init?: RequestInit) => makeApp().request(path, init);

describe("resolvePath", () => {
  it("serves pages, assets and files, and nothing else", () => {
    expect(resolvePath(files, "/")).toMatchObject({ kind: "file", key: "/index.html" });
    expect(resolvePath(files, "/pricing")).toMatchObject({
      kind: "file",
      key: "/pricing/index.html",
    });
    expect(resolvePath(files, "/favicon.svg")).toMatchObject({ kind: "file" });
    expect(resolvePath(files, "/nope")).toEqual({ kind: "not-found", asset: false });
    expect(resolvePath(files, "/assets/nope.js")).toEqual({ kind: "not-found", asset: true });
  });

  it("refuses traversal, NUL bytes and broken escapes", () => {
    expect(resolvePath(files, "/../package.json").kind).toBe("not-found");
    expect(resolvePath(files, "/%2e%2e/%2e%2e/etc/passwd").kind).toBe("not-found");
    expect(resolvePath(files, "/assets/%00.js").kind).toBe("bad-request");
    expect(resolvePath(files, "/%E0%A4%A").kind).toBe("bad-request");
    expect(resolvePath(files, "/..%5c..%5cpackage.json").kind).toBe("bad-request");
  });

  it("redirects trailing slashes to the canonical path", () => {
    expect(resolvePath(files, "/pricing/")).toEqual({ kind: "redirect", location: "/pricing" });
    expect(resolvePath(files, "/pricing//")).toEqual({ kind: "redirect", location: "/pricing" });
  });

  it("redirects a trailing slash only to a page that exists", () => {
    for (const path of ["/nope/", "/assets/app-abc123.js/", "/favicon.svg/", "/404/"]) {
      expect(resolvePath(files, path)).toEqual({ kind: "not-found", asset: false });
    }
  });

  it("never serves host configuration or dotfiles", () => {
    const withConfig = new Map(files);
    for (const key of ["/_headers", "/vercel.json", "/_redirects", "/.env", "/.well-known/x"]) {
      withConfig.set(key, page("secret"));
    }
    for (const path of ["/_headers", "/vercel.json", "/_redirects", "/.env", "/.well-known/x"]) {
      expect(resolvePath(withConfig, path)).toEqual({ kind: "not-found", asset: false });
    }
  });
});

describe("trailing-slash redirects never open-redirect", () => {
  it("never points off the origin, whatever the path", async () => {
    for (const path of [
      "//evil.example/",
      "/%2Fevil.example/",
      "/%09/evil.example/",
      "/%5Cevil.example/",
      "/%2F%2Fevil.example/",
      "/\\evil.example/",
    ]) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
      expect(response.headers.get("location"), path).toBeNull();
    }
  });

  it("answers paths a header cannot hold with 404, not 500", async () => {
    for (const path of ["/%E2%98%83/", "/%0d%0a/", "/%F0%9F%8E%99%EF%B8%8F/", "/caf%C3%A9/"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("sends a same-origin Location built from the page, the query kept, and Cache-Control", async () => {
    const response = await get("/pricing/?plan=pro&x=%0d%0a");
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/pricing?plan=pro&x=%0d%0a");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const encoded = await get("/%70ricing/");
    expect(encoded.headers.get("location")).toBe("/pricing");
  });
});

describe("content negotiation", () => {
  const both = new Map<string, StaticFile>([
    ["/index.html", page(homeHtml, { gzip: gzipSync(homeHtml), br: Buffer.from("brotli") })],
  ]);
  const app = createApp({ files: both, checkout: vi.fn(), connectOrigins: [] });
  const encodingFor = async (accept: string | undefined) =>
    (
      await app.request("/", accept === undefined ? {} : { headers: { "accept-encoding": accept } })
    ).headers.get("content-encoding");

  it("honours q-values, including q=0 refusals", async () => {
    expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(await encodingFor("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(await encodingFor("gzip, br")).toBe("br");
    expect(await encodingFor("*")).toBe("br");
    expect(await encodingFor("br;q=0, gzip;q=0")).toBeNull();
    expect(await encodingFor("deflate")).toBeNull();
    expect(await encodingFor(undefined)).toBeNull();
    expect(await encodingFor("xbr, gzipped")).toBeNull();
  });

  it("gives each encoding its own ETag and matches If-None-Match against it", async () => {
    const tags = new Set<string | null>();
    for (const accept of ["br", "gzip", "identity"]) {
      tags.add(
        (await app.request("/", { headers: { "accept-encoding": accept } })).headers.get("etag"),
      );
    }
    expect(tags.size).toBe(3);
    const gzipTag = (
      await app.request("/", { headers: { "accept-encoding": "gzip" } })
    ).headers.get("etag");
    const conditional = (accept: string, tag: string) =>
      app.request("/", { headers: { "accept-encoding": accept, "if-none-match": tag } });
    expect((await conditional("gzip", `W/${gzipTag}`)).status).toBe(304);
    expect((await conditional("gzip", `"x", ${gzipTag}`)).status).toBe(304);
    const other = await conditional("br", gzipTag ?? "");
    expect(other.status).toBe(200);
    expect(other.headers.get("content-encoding")).toBe("br");
  });
});

describe("production server", () => {
  it("serves HTML with no-cache, security headers and a CSP that hashes its inline scripts", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("connect-src 'self' https://ref.supabase.co");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // Checkout forms post to the function, which redirects to Stripe Checkout.
    expect(csp).toContain(
      "form-action 'self' https://ref.supabase.co/functions/v1/create-checkout https://ref.supabase.co/functions/v1/manage-subscription https://checkout.stripe.com;",
    );
  });

  it("names a local stand-in of Stripe in form-action, and Stripe Checkout still", async () => {
    // A stand-in (stripe-mock among them) may answer with session URLs on either origin.
    const app = createApp({
      files,
      checkout: vi.fn(),
      connectOrigins: [],
      checkoutOrigins: checkoutPageOrigins({ STRIPE_API_BASE: "http://127.0.0.1:41234" }),
    });
    const csp = (await app.request("/")).headers.get("content-security-policy") ?? "";
    expect(/form-action ([^;]+)/.exec(csp)?.[1]).toBe(
      "'self' http://127.0.0.1:41234 https://checkout.stripe.com",
    );
  });

  it("fills the keep page's field with the token from the e-mail's link, for a visitor with no script", async () => {
    const keepHtml =
      '<form><input type="text" required="" data-keep-link="" name="token"/><button>Keep my subscription</button></form>';
    const keepHtmlBytes = Buffer.from(keepHtml);
    const app = createApp({
      files: new Map([
        ...files,
        ["/cancel/keep/index.html", page(keepHtml, { gzip: gzipSync(keepHtmlBytes) })],
      ]),
      checkout: vi.fn(),
      connectOrigins: [],
    });
    const opened = await app.request("/cancel/keep?token=v2.sub_1.r.1797013264.Sig", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-encoding")).toBeNull();
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(opened.headers.get("content-security-policy")).toContain("form-action");
    expect(await opened.text()).toContain(
      'data-keep-link="" value="v2.sub_1.r.1797013264.Sig" name="token"/>',
    );
    // Without a token the prerendered page is served as built.
    const plain = await app.request("/cancel/keep");
    expect(await plain.text()).toBe(keepHtml);
  });

  it("answers HEAD like GET without a body", async () => {
    const response = await get("/pricing", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String("<h1>Pricing</h1>".length));
    expect(await response.text()).toBe("");
  });

  it("serves hashed assets as immutable and honours ETags", async () => {
    const response = await get("/assets/app-abc123.js");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const again = await get("/assets/app-abc123.js", { headers: { "if-none-match": '"js"' } });
    expect(again.status).toBe(304);
  });

  it("serves the precompressed variant the client accepts", async () => {
    const response = await get("/", { headers: { "accept-encoding": "gzip, deflate" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("answers unknown pages with the not-found page and status 404", async () => {
    for (const path of ["/nope", "/blog/nope", "/404.html", "/404"]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Page not found");
    }
  });

  it("answers unknown assets with a JSON 404, never the HTML page", async () => {
    const response = await get("/assets/nope.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("never serves anything outside the build for traversal attempts", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/..%2f..%2fpackage.json",
    ]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/"name"|root:/);
    }
    expect((await get("/assets/%00.js")).status).toBe(400);
  });

  it("rejects other methods on static paths with 405 and Allow", async () => {
    const response = await get("/pricing", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({
      error: "Method not allowed",
      code: "method_not_allowed",
    });
  });

  it("mounts the checkout handler with the client's address", async () => {
    const checkout = vi.fn<CheckoutHandler>(async () => Response.json({ url: "https://pay" }));
    const app = createApp({ files, checkout, connectOrigins: [], clientIp: () => "203.0.113.9" });
    const response = await app.request("/functions/v1/create-checkout", {
      method: "POST",
      body: "{}",
    });
    expect(await response.json()).toEqual({ url: "https://pay" });
    expect(checkout).toHaveBeenCalledWith(expect.any(Request), { clientIp: "203.0.113.9" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("mounts the stripe-webhook handler where Stripe delivers, with the raw body", async () => {
    const stripeWebhook = vi.fn(async (req: Request) => Response.json({ body: await req.text() }));
    const app = createApp({ files, checkout: vi.fn(), connectOrigins: [], stripeWebhook });
    const response = await app.request("/functions/v1/stripe-webhook", {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=abc" },
      body: '{"id": "evt_1"}',
    });
    expect(await response.json()).toEqual({ body: '{"id": "evt_1"}' });
    expect(stripeWebhook).toHaveBeenCalledTimes(1);
  });

  it("sends HSTS only when the site is served over HTTPS", async () => {
    expect((await get("/")).headers.get("strict-transport-security")).toBeNull();
    const secure = createApp({ files, checkout: vi.fn(), connectOrigins: [], https: true });
    expect((await secure.request("/")).headers.get("strict-transport-security")).toMatch(
      /max-age=\d{8}/,
    );
  });
});
