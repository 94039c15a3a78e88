import { describe, expect, it } from "vitest";
import { fixedPages } from "../app/site/pages.ts";
import { definePage } from "../app/site/page-meta.ts";
import { shareImagesFor, shareImageSvg, wrapTitle } from "./og-images.ts";

describe("shareImagesFor", () => {
  it("draws each page's share title from its metadata into the file its og:image names", () => {
    const named = definePage({
      path: "/blog/podcast-seo",
      title: "The Ultimate Guide to Podcast SEO",
      description: "d",
      shareImageTitle: "Podcast SEO, start to finish",
    });
    expect(
      shareImagesFor([fixedPages.pricing, named], "build/client", "https://castloop.example"),
    ).toEqual([
      {
        file: "build/client/og/pricing.png",
        title: "Pricing",
        brand: "Castloop",
        footer: "castloop.example",
      },
      {
        file: "build/client/og/blog-podcast-seo.png",
        title: "Podcast SEO, start to finish",
        brand: "Castloop",
        footer: "castloop.example",
      },
    ]);
  });
});

describe("shareImageSvg", () => {
  it("wraps a long title onto more lines before it shrinks it", () => {
    expect(wrapTitle("Pricing", 1040).lines).toEqual(["Pricing"]);
    const long = wrapTitle("How to Grow Your Podcast Audience Through Social Media", 1040);
    expect(long.lines.length).toBeGreaterThan(1);
    expect(long.lines.length).toBeLessThanOrEqual(3);
  });

  it("draws a different picture for a different title", () => {
    expect(shareImageSvg("Pricing", "Castloop", "castloop.example")).not.toBe(
      shareImageSvg("Features", "Castloop", "castloop.example"),
    );
  });
});
