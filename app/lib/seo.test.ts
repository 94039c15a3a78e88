import { describe, expect, it } from "vitest";
import { buildMeta, ogImagePath } from "./seo";

type Descriptor = Record<string, unknown>;
const find = (meta: Descriptor[], key: string, value: string) =>
  meta.find((d) => d[key] === value) as Descriptor | undefined;

describe("buildMeta", () => {
  const meta = buildMeta({ title: "Pricing", description: "Plans and prices.", path: "/pricing" });

  it("applies the title template once", () => {
    expect(meta[0]).toEqual({ title: "Pricing | Castloop" });
    expect(
      buildMeta({ title: "Castloop: home", fullTitle: true, description: "d", path: "/" })[0],
    ).toEqual({
      title: "Castloop: home",
    });
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

  it("marks pages that must stay out of search results", () => {
    const hidden = buildMeta({ title: "x", description: "y", path: "/success", noindex: true });
    expect(find(hidden, "name", "robots")?.content).toBe("noindex");
  });

  it("names one share image per path", () => {
    expect(ogImagePath("/")).toBe("/og/home.png");
    expect(ogImagePath("/blog/podcast-seo")).toBe("/og/blog-podcast-seo.png");
  });
});
