import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { faqs } from "~/plans/billing/faqs";
import { features } from "~/data/feature-list";
import { fixedPages } from "~/site/pages";
import { toolLines, tools } from "~/data/tool-list";
import { getAllPosts } from "~/content/blog.server";
import { stringsIn } from "./copy-sources.server";

// The product spec fixes some copy word for word. Each constant is listed with
// the sources the spec puts it in, so a rewrite that drops one fails here.

type SpecConstant = {
  /** Where in SPEC.md the constant is fixed. */
  spec: string;
  /** The words a reader must find; a pattern where the spec's words may take a qualifier. */
  text: string | RegExp;
  /** Every copy source that must state it. */
  in: readonly string[];
};

const article = (slug: string) => `content/blog/${slug}.md`;

const specConstants: readonly SpecConstant[] = [
  {
    spec: "editorial guidance: clips",
    text: "15 to 30 seconds",
    in: [
      article("audiograms"),
      article("content-repurposing"),
      article("social-media-growth"),
      article("podcast-seo"),
    ],
  },
  {
    spec: "editorial guidance: audiograms",
    text: "15 to 45 seconds",
    in: [article("audiograms"), article("content-repurposing"), article("social-media-growth")],
  },
  {
    spec: "editorial guidance: show notes",
    text: "300 to 500 words",
    in: [article("content-repurposing"), article("podcast-seo")],
  },
  {
    spec: "editorial guidance: X threads",
    text: "6 to 8 posts",
    in: [article("content-repurposing"), article("social-media-growth"), article("audiograms")],
  },
  {
    spec: "editorial guidance: hashtags",
    text: /\b3 to 5 (?:\w+ )?(?:hashtags|tags)\b/,
    in: [article("content-repurposing"), article("social-media-growth"), article("audiograms")],
  },
  {
    spec: "editorial guidance: completion rate",
    text: "above 70% is good, below 50% is poor",
    in: [article("podcast-analytics"), article("social-media-growth")],
  },
  ...["MP3", "WAV", "AAC", "M4A"].map((format) => ({
    spec: "FAQ claims: audio formats",
    text: new RegExp(`\\b${format}\\b`),
    in: ["app/plans/billing/faqs.ts"],
  })),
  {
    spec: "FAQ claims: accuracy",
    text: "95%+ for clear audio",
    in: ["app/plans/billing/faqs.ts"],
  },
  {
    spec: "FAQ claims: guarantee",
    text: "14-day money-back guarantee",
    in: ["app/plans/billing/faqs.ts"],
  },
  { spec: "marketing claims", text: "200+", in: ["app/config/site.ts"] },
  // Kept where the spec puts them, on the tools cards, and qualified so they hold.
  { spec: "Tools", text: "Available on all pricing plans", in: ["tools cards"] },
  { spec: "Tools", text: "Unlimited use", in: ["tools cards"] },
  // The spec's Core, Pro and Premium badges are overridden by the issue that found a "Pro"
  // badge on a format every plan includes and "Premium" with no such plan: the feature badges
  // now name plans, from plans.ts (content-data.test.ts).
  { spec: "Testimonials", text: "What Our Customers Say", in: ["app/site/pages.ts"] },
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
function missingSpecConstants(
  constants: readonly SpecConstant[],
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
      .map((name) => `${name}: "${String(constant.text)}" (${constant.spec}) is missing`),
  );
}

describe("the spec's constants", () => {
  const sources = copySources();

  it("each appear in every source the spec puts them in", () => {
    expect(missingSpecConstants(specConstants, sources)).toEqual([]);
  });

  it("fail when a rewrite drops one", () => {
    const audiograms = article("audiograms");
    const reworded = {
      ...sources,
      [audiograms]: sources[audiograms]!.replaceAll("15 to 45 seconds", "up to about 45 seconds"),
    };
    expect(missingSpecConstants(specConstants, reworded)).toEqual([
      `${audiograms}: "15 to 45 seconds" (editorial guidance: audiograms) is missing`,
    ]);
    const noFormats = { ...sources, "app/plans/billing/faqs.ts": "We accept audio files." };
    expect(missingSpecConstants(specConstants, noFormats)).toHaveLength(6);
  });

  it("keep six tools and eight features", () => {
    expect(tools).toHaveLength(6);
    expect(features).toHaveLength(8);
  });
});
