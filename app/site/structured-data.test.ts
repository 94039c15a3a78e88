import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/config/site";
import { getAuthor } from "~/content/authors";
import { blogPostingJsonLd } from "~/site/structured-data";

const ldOf = (descriptors: ReturnType<typeof blogPostingJsonLd>) =>
  descriptors.map((descriptor) => (descriptor as { "script:ld+json": unknown })["script:ld+json"]);

/** One article's fields, as the blog's loader passes them. */
const article = {
  title: "A title",
  excerpt: "An excerpt",
  date: "2025-02-28",
  author: getAuthor("nora-whitfield"),
  image: "/blog/podcast-seo/cover.svg",
  category: "SEO",
  path: "/blog/podcast-seo",
  wordCount: 1200,
};

describe("blogPostingJsonLd", () => {
  it("names the author as a Person with a role and bio, working for the publisher", () => {
    const [posting] = ldOf(blogPostingJsonLd(article));
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      author: {
        "@type": "Person",
        name: "Nora Whitfield",
        jobTitle: "Editorial Lead",
        description: getAuthor("nora-whitfield").bio,
        worksFor: { "@id": absoluteUrl("/#organization") },
      },
      publisher: { "@id": absoluteUrl("/#organization") },
    });
  });

  it("dates the article's last change as dateModified, the publication date when it has none", () => {
    expect(ldOf(blogPostingJsonLd(article))[0]).toMatchObject({
      datePublished: "2025-02-28",
      dateModified: "2025-02-28",
    });
    expect(ldOf(blogPostingJsonLd({ ...article, updated: "2026-11-25" }))[0]).toMatchObject({
      datePublished: "2025-02-28",
      dateModified: "2026-11-25",
    });
  });
});
