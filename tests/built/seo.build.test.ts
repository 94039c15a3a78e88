import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { articles, siteRoutes } from "../e2e/site-routes.ts";
import {
  builtPage,
  builtXml,
  clientDir,
  jsonLdBlocks,
  metaContent,
  parseHtml,
  serve,
  siteUrl,
} from "./built-site.ts";

/** Pages only a payment, a form or an e-mail leads to. */
const noindex = [
  "/success",
  "/cancel/requested",
  "/cancel/keep",
  "/cancel/kept",
  "/withdraw/received",
  "/change-plan/sent",
  "/change-plan/confirm",
  "/change-plan/end-older",
  "/change-plan/ended",
];

describe("the sitemap and robots.txt", () => {
  it("lists every indexable route; not-found, success and form results are noindex and left out", async () => {
    const sitemap = builtXml("sitemap.xml");
    const urls = [...sitemap.getElementsByTagName("url")];
    const locs = urls.map((url) => url.getElementsByTagName("loc")[0]?.textContent);
    const expected = siteRoutes
      .filter((r) => !noindex.includes(r.path))
      .map((r) => `${siteUrl}${r.path}`);
    expect(locs.sort()).toEqual(expected.sort());
    for (const url of urls) {
      const loc = url.getElementsByTagName("loc")[0]?.textContent ?? "";
      if (!loc.includes("/blog/")) continue;
      // The articles' last change, not their publication date.
      expect(url.getElementsByTagName("lastmod")[0]?.textContent, loc).toBe("2026-11-28");
    }
    for (const path of noindex)
      expect(metaContent(builtPage(path), "name", "robots"), path).toBe("noindex");
    // The not-found page as the server answers an unknown path.
    const notFound = parseHtml(await (await serve("/no-such-page")).text());
    expect(metaContent(notFound, "name", "robots")).toBe("noindex");
    const robots = readFileSync(join(clientDir, "robots.txt"), "utf8");
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });
});

describe("structured data", () => {
  it("the home page: Organization and WebSite", () => {
    const home = jsonLdBlocks(builtPage("/"));
    expect(home.map((b) => b["@type"]).sort()).toEqual(["Organization", "WebSite"]);
    for (const block of home) {
      expect(block["@context"]).toBe("https://schema.org");
      expect(block.name).toBe("Castloop");
      expect(String(block.url)).toMatch(/^https?:\/\//);
    }
  });

  it("the pricing page: the plans as Offers", () => {
    const [product] = jsonLdBlocks(builtPage("/pricing"));
    const offers = product?.offers as Record<string, unknown>[];
    expect(product?.["@type"]).toBe("Product");
    expect(offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ["Starter", "79", "USD"],
      ["Pro", "149", "USD"],
      ["Expert", "299", "USD"],
      ["Agency", undefined, undefined],
    ]);
  });

  const faqQuestions = (path: string) => {
    const faq = jsonLdBlocks(builtPage(path)).find((block) => block["@type"] === "FAQPage");
    return faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
  };

  it("the Help Center: its FAQ", () => {
    const [first] = jsonLdBlocks(builtPage("/help"));
    expect(first?.["@type"]).toBe("FAQPage");
    const questions = faqQuestions("/help");
    expect(questions).toHaveLength(8);
    for (const q of questions) expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
  });

  it("no question is in two pages' FAQPage structured data", () => {
    const pricing = faqQuestions("/pricing").map((q) => q.name);
    const help = faqQuestions("/help").map((q) => q.name);
    expect(pricing.length).toBeGreaterThanOrEqual(6);
    expect(pricing.filter((q) => help.includes(q))).toEqual([]);
    // The questions both pages show are in the Help Center's.
    expect(help).toContain("Is there a money-back guarantee?");
    expect(help).toContain("Can I cancel my subscription at any time?");
  });

  it.each(articles)("$slug is a BlogPosting with a breadcrumb", (article) => {
    const blocks = jsonLdBlocks(builtPage(`/blog/${article.slug}`));
    const post = blocks.find((b) => b["@type"] === "BlogPosting");
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
    expect(post?.headline).toBe(article.title);
    expect(post?.datePublished).toBe(article.iso);
    expect(post?.dateModified).toBe("2026-11-28");
    expect(post?.author).toBeTruthy();
    expect(String(post?.image)).toMatch(/^https?:\/\//);
    expect((crumbs?.itemListElement as unknown[]).length).toBe(3);
  });

  it("an article describes itself to search engines as an article, by its author", () => {
    const page = builtPage("/blog/podcast-seo");
    expect(metaContent(page, "property", "og:type")).toBe("article");
    expect(metaContent(page, "property", "article:published_time")).toBe("2025-02-28");
    expect(metaContent(page, "property", "article:modified_time")).toBe("2026-11-28");
    const blocks = jsonLdBlocks(page);
    const posting = blocks.find((block) => block["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "The Ultimate Guide to Podcast SEO",
      datePublished: "2025-02-28",
      image: `${siteUrl}/blog/podcast-seo/cover.svg`,
      mainEntityOfPage: { "@id": `${siteUrl}/blog/podcast-seo` },
      author: {
        "@type": "Person",
        name: "Nora Whitfield",
        jobTitle: "Editorial Lead",
        worksFor: { "@id": `${siteUrl}/#organization` },
      },
    });
    expect((posting?.author as { description: string }).description).toMatch(/editorial desk/);
    const breadcrumb = blocks.find((block) => block["@type"] === "BreadcrumbList");
    expect(breadcrumb?.itemListElement).toEqual([
      expect.objectContaining({ position: 1, name: "Home" }),
      expect.objectContaining({ position: 2, name: "Blog", item: `${siteUrl}/blog` }),
      expect.objectContaining({ position: 3, name: "The Ultimate Guide to Podcast SEO" }),
    ]);
  });
});
