import { describe, expect, it } from "vitest";
import { definePage } from "../app/site/page-meta.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";

const pages = [
  definePage({ path: "/pricing", title: "Pricing", description: "Plans." }),
  definePage({ path: "/", title: "Home", description: "Home." }),
  definePage({ path: "/success", title: "Thanks", description: "Paid.", indexable: false }),
  definePage({
    path: "/blog/q&a",
    title: "Q&A",
    description: "An article.",
    lastModified: "2025-03-15",
  }),
];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("buildSitemap", () => {
  const xml = buildSitemap(pages, "https://castloop.example");

  it("lists the indexable pages of the metadata, sorted, on the site's URL", () => {
    expect(locs(xml)).toEqual([
      "https://castloop.example/",
      "https://castloop.example/blog/q&amp;a",
      "https://castloop.example/pricing",
    ]);
  });

  it("leaves out a page whose metadata says it is not indexable", () => {
    expect(xml).not.toContain("/success");
  });

  it("carries the metadata's last-modified date, and none where it states none", () => {
    expect(xml).toContain(
      "<loc>https://castloop.example/blog/q&amp;a</loc>\n    <lastmod>2025-03-15</lastmod>",
    );
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
  });
});

describe("buildRobots", () => {
  it("allows everything and names the sitemap", () => {
    expect(buildRobots("https://castloop.example")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://castloop.example/sitemap.xml\n",
    );
  });
});
