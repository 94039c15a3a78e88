import { describe, expect, it } from "vitest";
import { getAllPosts } from "~/content/blog.server";
import { getLegalFrontmatter } from "~/content/legal.server";
import { definePage, documentTitle, ogImagePath } from "~/site/page-meta";
import { sitePages } from "./pages.server";

describe("page metadata", () => {
  const pages = sitePages();

  it("describes every page once, with a description search engines show in full", () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of pages) {
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.description.length, page.path).toBeLessThanOrEqual(300);
    }
    expect(new Set(pages.map(documentTitle)).size).toBe(pages.length);
  });

  it("keeps the not-found, success and per-request result pages out of search results", () => {
    expect(pages.filter((page) => !page.indexable).map((page) => page.path)).toEqual([
      "/success",
      "/cancel/requested",
      "/cancel/keep",
      "/cancel/kept",
      "/change-plan/sent",
      "/change-plan/confirm",
      "/change-plan/end-older",
      "/change-plan/ended",
      "/withdraw/received",
      "/404",
    ]);
  });

  it("takes articles from their front matter: title, excerpt, last change", () => {
    for (const post of getAllPosts()) {
      expect(pages.find((page) => page.path === post.path)).toEqual({
        path: post.path,
        title: post.title,
        description: post.excerpt,
        indexable: true,
        lastModified: post.updated ?? post.date,
        shareImageTitle: post.title,
      });
    }
  });

  it("takes legal pages from their front matter, dated by their last update", () => {
    const terms = getLegalFrontmatter("terms");
    expect(pages.find((page) => page.path === "/terms")).toMatchObject({
      title: terms.title,
      description: terms.description,
      lastModified: terms.revised,
    });
  });

  it("defaults to indexable, with the title on the share image", () => {
    const page = definePage({ path: "/x", title: "X", description: "d" });
    expect(page).toEqual({
      path: "/x",
      title: "X",
      description: "d",
      indexable: true,
      shareImageTitle: "X",
    });
  });

  it("names one share image per path", () => {
    expect(ogImagePath("/")).toBe("/og/home.png");
    expect(ogImagePath("/blog/podcast-seo")).toBe("/og/blog-podcast-seo.png");
    const images = pages.map((page) => ogImagePath(page.path));
    expect(new Set(images).size).toBe(images.length);
  });
});
