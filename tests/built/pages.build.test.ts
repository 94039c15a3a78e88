import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pngSize } from "../../app/content/png-size.ts";
import { filesUnder } from "../../server/files.ts";
import { runtimeStylesheets } from "../../server/runtime-styles.ts";
import { siteRoutes } from "../e2e/site-routes.ts";
import {
  builtPage,
  clientDir,
  expectedEverywhere,
  hostRules,
  metaContent,
  parseHtml,
  serve,
  siteUrl,
  textOf,
} from "./built-site.ts";

const socialTags = [
  ["property", "og:title"],
  ["property", "og:description"],
  ["property", "og:url"],
  ["property", "og:image"],
  ["property", "og:type"],
  ["name", "twitter:card"],
  ["name", "twitter:title"],
  ["name", "twitter:description"],
  ["name", "twitter:image"],
] as const;

/** The inline scripts a page's CSP must allow by hash: executable ones and speculation rules. */
function hashedInlineScripts(document: Document): string[] {
  const allowed = ["", "module", "text/javascript", "speculationrules"];
  return [...document.querySelectorAll("script:not([src])")]
    .filter((script) => allowed.includes(script.getAttribute("type") ?? ""))
    .map((script) => script.textContent ?? "");
}

// Once per route, from the built HTML and one in-process request: what every page must be.
describe.each(siteRoutes)("$path", (route) => {
  const document = () => builtPage(route.path);

  it("answers 200 with its one heading in the prerendered HTML", async () => {
    const response = await serve(route.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const h1s = document().querySelectorAll("h1");
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent?.replace(/\s+/g, " ").trim()).toBe(route.h1);
  });

  it("is fully described: title, description, canonical, Open Graph, Twitter, lang", () => {
    const page = document();
    const title = textOf(page, "head > title") ?? "";
    expect(title).not.toBe("");
    if (route.path !== "/") expect(title).toMatch(/ \| Castloop$/);
    expect(page.documentElement.getAttribute("lang")).toBe("en");
    expect((metaContent(page, "name", "description") ?? "").length).toBeGreaterThanOrEqual(50);
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${siteUrl}${route.path}`,
    );
    for (const [key, name] of socialTags) {
      expect.soft(metaContent(page, key, name), name).toBeTruthy();
    }
    expect(page.querySelector('link[rel="alternate"][type="application/rss+xml"]')).toHaveProperty(
      "href",
      "/blog/rss.xml",
    );
  });

  it("has a 1200 × 630 PNG share image at an absolute URL", async () => {
    const image = metaContent(document(), "property", "og:image") ?? "";
    expect(image).toMatch(/^https?:\/\//);
    expect(image.startsWith(`${siteUrl}/`)).toBe(true);
    expect(metaContent(document(), "name", "twitter:image")).toBe(image);
    const response = await serve(new URL(image).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
    });
  });

  it("carries the security headers and the static-host file's CSP, which allows its scripts", async () => {
    const headers = (await serve(route.path)).headers;
    for (const [name, value] of Object.entries(expectedEverywhere)) {
      expect.soft(headers.get(name), name).toBe(value);
    }
    expect(headers.get("set-cookie")).toBeNull();
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp).toBe(hostRules().get(route.path)?.["content-security-policy"]);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toMatch(/unsafe|data:|https:|\*/);
    // Hashed here from the parsed page, apart from the server's own hashing.
    for (const script of hashedInlineScripts(document())) {
      const hash = createHash("sha256").update(script, "utf8").digest("base64");
      expect.soft(scriptSrc, script.slice(0, 60)).toContain(`'sha256-${hash}'`);
    }
  });

  it("allows its stylesheets by hash, with no inline style attribute to need more", () => {
    const csp = hostRules().get(route.path)?.["content-security-policy"] ?? "";
    const styleSrc = /style-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(styleSrc).not.toMatch(/unsafe|data:|https:|\*/);
    expect(document().querySelectorAll("[style]")).toHaveLength(0);
    for (const style of document().querySelectorAll("style")) {
      const hash = createHash("sha256")
        .update(style.textContent ?? "", "utf8")
        .digest("base64");
      expect.soft(styleSrc).toContain(`'sha256-${hash}'`);
    }
    for (const sheet of runtimeStylesheets()) {
      const hash = createHash("sha256").update(sheet, "utf8").digest("base64");
      expect.soft(styleSrc, "the toaster's stylesheet").toContain(`'sha256-${hash}'`);
    }
  });
});

describe("every route together", () => {
  it("ships, byte for byte, the run-time stylesheets the CSP allows by hash", () => {
    const bundle = [...filesUnder(clientDir)]
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(file, "utf8"));
    for (const sheet of runtimeStylesheets()) {
      expect(bundle.some((script) => script.includes(sheet))).toBe(true);
    }
  });

  it("has a title of its own", () => {
    const titles = siteRoutes.map((route) => textOf(builtPage(route.path), "head > title"));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("an unknown path answers 404 with the not-found page", async () => {
    for (const path of ["/nope", "/blog/nope", "/pricing/extra"]) {
      const response = await serve(path);
      expect(response.status, path).toBe(404);
      const text = parseHtml(await response.text()).body.textContent;
      expect(text).toContain("Page not found");
      expect(text).toContain("It may have been moved or doesn't exist.");
    }
  });
});
