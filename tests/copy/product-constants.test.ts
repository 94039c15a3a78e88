import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { faqs } from "~/plans/billing/faqs";
import { features } from "~/data/feature-list";
import { fixedPages } from "~/site/pages";
import { toolLines, tools } from "~/data/tool-list";
import { getAllPosts } from "~/content/blog.server";
import { stringsIn } from "./copy-sources.server";

// docs/product.md fixes some copy word for word. Each constant is listed with the sources
// that must state it, so a rewrite that drops one fails here.

type ProductConstant = {
  /** Where in docs/product.md the constant is fixed. */
  fixedIn: string;
  /** The words a reader must find; a pattern where the fixed words may take a qualifier. */
  text: string | RegExp;
  /** Every copy source that must state it. */
  in: readonly string[];
};

const article = (slug: string) => `content/blog/${slug}.md`;

const productConstants: readonly ProductConstant[] = [
  {
    fixedIn: "editorial ranges: clips",
    text: "15 to 30 seconds",
    in: [
      article("audiograms"),
      article("content-repurposing"),
      article("social-media-growth"),
      article("podcast-seo"),
    ],
  },
  {
    fixedIn: "editorial ranges: audiograms",
    text: "15 to 45 seconds",
    in: [article("audiograms"), article("content-repurposing"), article("social-media-growth")],
  },
  {
    fixedIn: "editorial ranges: show notes",
    text: "300 to 500 words",
    in: [article("content-repurposing"), article("podcast-seo")],
  },
  {
    fixedIn: "editorial ranges: X threads",
    text: "6 to 8 posts",
    in: [article("content-repurposing"), article("social-media-growth"), article("audiograms")],
  },
  {
    fixedIn: "editorial ranges: hashtags",
    text: /\b3 to 5 (?:\w+ )?(?:hashtags|tags)\b/,
    in: [article("content-repurposing"), article("social-media-growth"), article("audiograms")],
  },
  {
    fixedIn: "editorial ranges: completion rate",
    text: "above 70% is good, below 50% is poor",
    in: [article("podcast-analytics"), article("social-media-growth")],
  },
  ...["MP3", "WAV", "AAC", "M4A"].map((format) => ({
    fixedIn: "business constants, FAQ claims: audio formats",
    text: new RegExp(`\\b${format}\\b`),
    in: ["app/plans/billing/faqs.ts"],
  })),
  {
    fixedIn: "business constants, FAQ claims: accuracy",
    text: "95%+ for clear audio",
    in: ["app/plans/billing/faqs.ts"],
  },
  {
    fixedIn: "business constants, FAQ claims: guarantee",
    text: "14-day money-back guarantee",
    in: ["app/plans/billing/faqs.ts"],
  },
  { fixedIn: "business constants, marketing claims", text: "200+", in: ["app/config/site.ts"] },
  // Kept where docs/product.md puts them, on the tools cards, and qualified so they hold.
  { fixedIn: "pages: Tools", text: "Available on all pricing plans", in: ["tools cards"] },
  { fixedIn: "pages: Tools", text: "Unlimited use", in: ["tools cards"] },
  // docs/product.md's Core, Pro and Premium badges would be untrue (a "Pro" badge on a format
  // every plan includes, "Premium" with no such plan): the feature badges name plans, from
  // plans.ts (content-data.test.ts).
  { fixedIn: "routes: /testimonials", text: "What Our Customers Say", in: ["app/site/pages.ts"] },
];

/** The words a reader meets: tags removed, entities of the Markdown renderer decoded. */
function readerText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");
}

/** Each source the table names, as the text a visitor reads. */
function copySources(): Record<string, string> {
  return {
    ...Object.fromEntries(getAllPosts().map((post) => [article(post.slug), readerText(post.html)])),
    "app/plans/billing/faqs.ts": stringsIn(faqs).join("\n"),
    "app/config/site.ts": siteConfig.creatorsServed,
    "tools cards": tools.flatMap(toolLines).join("\n"),
    "app/site/pages.ts": fixedPages.testimonials.title,
  };
}

/** One line per constant missing from a source that must state it. */
function missingProductConstants(
  constants: readonly ProductConstant[],
  sources: Record<string, string>,
): string[] {
  return constants.flatMap((constant) =>
    constant.in
      .filter((name) => {
        const text = sources[name];
        if (text === undefined) return true;
        return typeof constant.text === "string"
          ? !text.includes(constant.text)
          : !constant.text.test(text);
      })
      .map((name) => `${name}: "${String(constant.text)}" (${constant.fixedIn}) is missing`),
  );
}

describe("the product's constants (docs/product.md)", () => {
  const sources = copySources();

  it("each appear in every source that must state them", () => {
    expect(missingProductConstants(productConstants, sources)).toEqual([]);
  });

  it("are each stated in docs/product.md", () => {
    const product = readFileSync("docs/product.md", "utf8").replace(/\s+/g, " ");
    const sources = { "docs/product.md": product };
    const inProduct = productConstants.map((constant) => ({
      ...constant,
      in: ["docs/product.md"],
    }));
    expect(missingProductConstants(inProduct, sources)).toEqual([]);
  });

  it("fail when a rewrite drops one", () => {
    const audiograms = article("audiograms");
    const reworded = {
      ...sources,
      [audiograms]: sources[audiograms]!.replaceAll("15 to 45 seconds", "up to about 45 seconds"),
    };
    expect(missingProductConstants(productConstants, reworded)).toEqual([
      `${audiograms}: "15 to 45 seconds" (editorial ranges: audiograms) is missing`,
    ]);
    const noFormats = { ...sources, "app/plans/billing/faqs.ts": "We accept audio files." };
    expect(missingProductConstants(productConstants, noFormats)).toHaveLength(6);
  });

  it("keep six tools and eight features", () => {
    expect(tools).toHaveLength(6);
    expect(features).toHaveLength(8);
  });
});
