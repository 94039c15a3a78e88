import { describe, expect, it } from "vitest";
import { notFoundPage } from "~/site/not-found-page";
import { fixedPages } from "~/site/pages";
import { definePage } from "~/site/page-meta";
import { buildMeta } from "./seo";

type Descriptor = Record<string, unknown>;
const find = (meta: Descriptor[], key: string, value: string) =>
  meta.find((d) => d[key] === value) as Descriptor | undefined;

describe("buildMeta", () => {
  const pricing = definePage({
    title: "Pricing",
    description: "Plans and prices.",
    path: "/pricing",
  });
  const meta = buildMeta(pricing);

  it("applies the title template once", () => {
    expect(meta[0]).toEqual({ title: "Pricing | Castloop" });
    expect(
      buildMeta(
        definePage({ title: "Castloop: home", fullTitle: true, description: "d", path: "/" }),
      )[0],
    ).toEqual({ title: "Castloop: home" });
  });

  it("builds an absolute canonical URL and absolute share images from SITE_URL", () => {
    const canonical = find(meta, "rel", "canonical");
    expect(canonical?.href).toBe(`${import.meta.env.SITE_URL ?? "http://localhost:3000"}/pricing`);
    for (const image of [find(meta, "property", "og:image"), find(meta, "name", "twitter:image")]) {
      expect(String(image?.content)).toMatch(/^https?:\/\/[^/]+\/og\/pricing\.png$/);
    }
  });

  it("describes the page to Open Graph and Twitter", () => {
    expect(find(meta, "name", "description")?.content).toBe("Plans and prices.");
    expect(find(meta, "property", "og:title")?.content).toBe("Pricing | Castloop");
    expect(find(meta, "property", "og:url")?.content).toMatch(/\/pricing$/);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "name", "robots")).toBeUndefined();
  });

  it("gives the share image's title as its alt text", () => {
    expect(find(meta, "property", "og:image:alt")?.content).toBe("Pricing");
    const named = definePage({ ...pricing, shareImageTitle: "Plans for every show" });
    expect(find(buildMeta(named), "property", "og:image:alt")?.content).toBe(
      "Plans for every show",
    );
  });

  it("marks the pages the metadata keeps out of search results", () => {
    for (const page of [fixedPages.success, notFoundPage]) {
      expect(find(buildMeta(page), "name", "robots")?.content).toBe("noindex");
    }
  });

  it("adds the route's own descriptors and type", () => {
    const article = buildMeta(pricing, {
      type: "article",
      extra: [{ property: "article:section", content: "SEO" }],
    });
    expect(find(article, "property", "og:type")?.content).toBe("article");
    expect(article.at(-1)).toEqual({ property: "article:section", content: "SEO" });
  });
});
