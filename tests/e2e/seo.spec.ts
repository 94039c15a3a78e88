import { expect, test } from "./test";
import { siteRoutes } from "./site-routes";

const decode = (value: string) =>
  value
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

function metaContent(html: string, key: "name" | "property", value: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]+${key}="${value}"[^>]*>`))?.[0];
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? undefined : decode(content);
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test.describe("SEO", () => {
  test("every route is fully described: title, description, canonical, Open Graph, Twitter, lang", async ({
    request,
    baseURL,
  }) => {
    const titles = new Set<string>();
    for (const route of siteRoutes) {
      const html = await (await request.get(route.path)).text();
      const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
      expect.soft(title, route.path).not.toBe("");
      if (route.path !== "/") expect.soft(title, route.path).toMatch(/ \| Castloop$/);
      expect.soft(titles.has(title), `duplicate title ${title}`).toBe(false);
      titles.add(title);

      expect.soft(html).toMatch(/<html lang="en"/);
      const description = metaContent(html, "name", "description") ?? "";
      expect.soft(description.length, `${route.path} description`).toBeGreaterThanOrEqual(50);
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect.soft(canonical, route.path).toBe(`${baseURL}${route.path === "/" ? "/" : route.path}`);

      for (const [key, name] of [
        ["property", "og:title"],
        ["property", "og:description"],
        ["property", "og:url"],
        ["property", "og:image"],
        ["property", "og:type"],
        ["name", "twitter:card"],
        ["name", "twitter:title"],
        ["name", "twitter:description"],
        ["name", "twitter:image"],
      ] as const) {
        expect.soft(metaContent(html, key, name), `${route.path} ${name}`).toBeTruthy();
      }
      const image = metaContent(html, "property", "og:image") ?? "";
      expect.soft(image, `${route.path} og:image must be absolute`).toMatch(/^https?:\/\//);
      expect.soft(metaContent(html, "name", "twitter:image")).toBe(image);
      const png = await request.get(new URL(image).pathname);
      expect.soft(png.status(), image).toBe(200);
      expect.soft(png.headers()["content-type"]).toBe("image/png");
      expect.soft(pngSize(await png.body())).toEqual({ width: 1200, height: 630 });
    }
  });

  test("sitemap lists every indexable route; not-found and success are noindex and left out", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = siteRoutes
      .filter((r) => r.path !== "/success")
      .map((r) => `${baseURL}${r.path}`);
    expect(locs.sort()).toEqual(expected.sort());
    for (const match of sitemap.matchAll(
      /<url>\s*<loc>[^<]+\/blog\/[^<]+<\/loc>\s*(<lastmod>[^<]+<\/lastmod>)?/g,
    )) {
      expect(match[1], match[0]).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    }
    for (const path of ["/success", "/no-such-page"]) {
      expect(metaContent(await (await request.get(path)).text(), "name", "robots")).toBe("noindex");
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("structured data: Organization and WebSite, the plans as Offers, the FAQ", async ({
    request,
  }) => {
    const home = jsonLdBlocks(await (await request.get("/")).text());
    expect(home.map((b) => b["@type"]).sort()).toEqual(["Organization", "WebSite"]);
    for (const block of home) {
      expect(block["@context"]).toBe("https://schema.org");
      expect(block.name).toBe("Castloop");
      expect(String(block.url)).toMatch(/^https?:\/\//);
    }

    const [product] = jsonLdBlocks(await (await request.get("/pricing")).text());
    const offers = product?.offers as Record<string, unknown>[];
    expect(product?.["@type"]).toBe("Product");
    expect(offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ["Starter", "79", "USD"],
      ["Pro", "149", "USD"],
      ["Expert", "299", "USD"],
      ["Agency", undefined, undefined],
    ]);

    const [faq] = jsonLdBlocks(await (await request.get("/help")).text());
    expect(faq?.["@type"]).toBe("FAQPage");
    const questions = faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions).toHaveLength(8);
    for (const q of questions) expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
  });

  test("structured data: every article is a BlogPosting with a breadcrumb", async ({ request }) => {
    for (const route of siteRoutes.filter((r) => r.path.startsWith("/blog/"))) {
      const blocks = jsonLdBlocks(await (await request.get(route.path)).text());
      const post = blocks.find((b) => b["@type"] === "BlogPosting");
      const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
      expect(post?.headline, route.path).toBe(route.h1);
      expect(String(post?.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(post?.author).toBeTruthy();
      expect(String(post?.image)).toMatch(/^https?:\/\//);
      expect((crumbs?.itemListElement as unknown[]).length).toBe(3);
    }
  });
});
