import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getAllPosts, parsePost, toSummary } from "~/content/blog.server";
import { blogCategories } from "~/content/collections.server";

const fixtureDir = "tests/fixtures/blog";
const fixture = (name: string) => {
  const file = `${fixtureDir}/${name}`;
  return { file, source: readFileSync(file, "utf8") };
};
const valid = fixture("valid-post.md");

/** The valid fixture with one frontmatter line removed or replaced. */
function withField(field: string, line: string | null): string {
  const pattern = new RegExp(`^${field}:.*\\n`, "m");
  expect(valid.source).toMatch(pattern);
  return valid.source.replace(pattern, line === null ? "" : `${line}\n`);
}

// The articles docs/product.md lists, newest first.
const specArticles = [
  [
    "content-repurposing",
    "7 Smart Ways to Repurpose Your Podcast Content",
    "2025-03-15",
    "Content Strategy",
  ],
  [
    "social-media-growth",
    "How to Grow Your Podcast Audience Through Social Media",
    "2025-03-08",
    "Growth",
  ],
  ["podcast-seo", "The Ultimate Guide to Podcast SEO", "2025-02-28", "SEO"],
  ["audiograms", "Creating Compelling Audiograms for Your Podcast", "2025-02-20", "Production"],
  ["podcast-analytics", "Podcast Analytics: What Metrics Really Matter", "2025-02-12", "Analytics"],
];

describe("parsePost", () => {
  it("accepts a valid post and derives its slug, path, body and reading time", () => {
    const post = parsePost(valid.source, valid.file);
    expect(post).toMatchObject({
      id: "valid-post",
      slug: "valid-post",
      path: "/blog/valid-post",
      title: "A Valid Fixture Post",
      date: "2025-01-31",
      category: "SEO",
      author: { id: "nora-whitfield", name: "Nora Whitfield", role: "Editorial Lead" },
      image: "/blog/podcast-seo/cover.svg",
      readingMinutes: 1,
    });
    expect(post.html).toContain("<h2>A heading</h2>");
    expect(post.html).toContain('width="1200" height="675" loading="lazy" decoding="async"');
    expect(post.wordCount).toBe(11);
  });

  it.each([
    ["missing-title.md", "title", /field "title" is missing/],
    ["invalid-date.md", "date", /field "date": .*date/i],
    ["bad-category.md", "category", /field "category": .*"Content Strategy"/],
    ["bad-image.md", "image", /field "image": must be a path like \/blog\/<slug>\/cover\.svg/],
  ])("rejects the fixture %s, naming the file and the field %s", (name, _field, message) => {
    const { file, source } = fixture(name);
    expect(() => parsePost(source, file)).toThrow(`${fixtureDir}/${name}: invalid frontmatter`);
    expect(() => parsePost(source, file)).toThrow(message);
  });

  const fields = ["title", "excerpt", "date", "category", "author", "image", "imageAlt"];

  it.each(fields)("fails when %s is missing", (field) => {
    expect(() => parsePost(withField(field, null), valid.file)).toThrow(
      new RegExp(`^${valid.file}: invalid frontmatter: field "${field}" is missing$`),
    );
  });

  it.each([
    ["title", 'title: ""'],
    ["title", "title: 42"],
    ["excerpt", 'excerpt: "Too short."'],
    ["date", "date: 2025-02-30"],
    ["date", "date: 2025-3-5"],
    ["date", 'date: "15 Mar 2025"'],
    ["category", "category: seo"],
    ["category", "category: Marketing"],
    ["author", 'author: "  "'],
    ["author", "author: Castloop Editorial Team"],
    ["image", "image: https://evil.test/cover.svg"],
    ["image", "image: /blog/nope/cover.svg"],
    ["image", "image: /blog/../../package.json"],
    ["imageAlt", 'imageAlt: ""'],
  ])("fails when %s is malformed (%s)", (field, line) => {
    expect(() => parsePost(withField(field, line), valid.file)).toThrow(
      new RegExp(`^${valid.file}: invalid frontmatter: field "${field}": `),
    );
  });

  it("takes an optional updated date, after the publication date", () => {
    expect(parsePost(valid.source, valid.file).updated).toBeUndefined();
    const withUpdate = valid.source.replace(/^date: .*$/m, "$&\nupdated: 2026-11-25");
    expect(parsePost(withUpdate, valid.file).updated).toBe("2026-11-25");
    for (const line of ["updated: 2025-01-31", "updated: 2024-12-01"]) {
      expect(() =>
        parsePost(valid.source.replace(/^date: .*$/m, `$&\n${line}`), valid.file),
      ).toThrow(`field "updated": must come after the publication date`);
    }
    expect(() =>
      parsePost(valid.source.replace(/^date: .*$/m, "$&\nupdated: 2026-02-30"), valid.file),
    ).toThrow(`field "updated": must be a real date written yyyy-mm-dd`);
  });

  it("accepts every category docs/product.md names and nothing else", () => {
    expect(blogCategories).toEqual([
      "Content Strategy",
      "Growth",
      "SEO",
      "Production",
      "Analytics",
    ]);
    for (const category of blogCategories) {
      const post = parsePost(withField("category", `category: ${category}`), valid.file);
      expect(post.category).toBe(category);
    }
  });

  it("rejects unknown fields, so a misspelt one cannot pass unnoticed", () => {
    const source = withField("author", "author: nora-whitfield\ndarft: true");
    expect(() => parsePost(source, valid.file)).toThrow(
      /valid-post\.md: invalid frontmatter: .*darft/,
    );
  });

  it("rejects a file without frontmatter, and frontmatter that is not YAML", () => {
    const { file, source } = fixture("no-frontmatter.md");
    expect(() => parsePost(source, file)).toThrow(`${file}: missing YAML frontmatter`);
    expect(() => parsePost("---\ntitle: [unclosed\n---\nBody", valid.file)).toThrow(
      `${valid.file}: frontmatter is not valid YAML`,
    );
  });

  it("fails on a body image missing from public/, naming the file and the image", () => {
    const { file, source } = fixture("missing-body-image.md");
    expect(() => parsePost(source, file)).toThrow(
      `${file}: Image /blog/podcast-seo/missing-figure.svg not found in public/`,
    );
  });

  it("needs a kebab-case file name, which becomes the slug", () => {
    expect(() => parsePost(valid.source, "content/blog/Bad Name.md")).toThrow(/kebab-case slug/);
  });
});

describe("the articles in content/blog", () => {
  const posts = getAllPosts();

  it("are docs/product.md's five, newest first, with its titles, dates and categories", () => {
    expect(posts.map((post) => [post.slug, post.title, post.date, post.category])).toEqual(
      specArticles,
    );
  });

  it.each(specArticles.map(([slug]) => slug!))("%s has a body of 900 to 1,600 words", (slug) => {
    const post = posts.find((candidate) => candidate.slug === slug)!;
    expect(post.wordCount).toBeGreaterThanOrEqual(900);
    expect(post.wordCount).toBeLessThanOrEqual(1600);
    expect(post.readingMinutes).toBe(Math.round(post.wordCount / 230));
  });

  it("use their own folder for the cover and body images, with sizes on body images", () => {
    for (const post of posts) {
      expect(post.image).toBe(`/blog/${post.slug}/cover.svg`);
      for (const image of post.html.match(/<img [^>]*>/g) ?? []) {
        expect(image).toMatch(/ src="\/blog\/[a-z-]+\/[\w.-]+" /);
        expect(image).toMatch(/ width="\d+" height="\d+" loading="lazy" decoding="async"/);
      }
    }
  });

  it("toSummary is the listing entity: id and path, no body", () => {
    const summary = toSummary(posts[0]!);
    expect(summary).toEqual({
      id: "content-repurposing",
      path: "/blog/content-repurposing",
      title: "7 Smart Ways to Repurpose Your Podcast Content",
      excerpt: posts[0]!.excerpt,
      date: "2025-03-15",
      category: "Content Strategy",
      image: "/blog/content-repurposing/cover.svg",
      imageAlt: posts[0]!.imageAlt,
    });
  });
});

// Articles a producer bookmarks. Each cites the rule it states, says what the platforms
// do today, and writes in its own voice.
describe("the articles' facts and sources", () => {
  const posts = getAllPosts();
  const html = (slug: string) => posts.find((post) => post.slug === slug)!.html;
  const source = (url: string) => `<a href="${url}" rel="noopener">`;

  it("link their sources as plain outbound links", () => {
    const shorts = "https://support.google.com/youtube/answer/15424877";
    expect(html("podcast-seo")).toContain(
      source("https://podcasters.apple.com/support/823-podcast-requirements"),
    );
    expect(html("podcast-seo")).toContain(
      source("https://podcasters.apple.com/support/896-artwork-requirements"),
    );
    expect(html("podcast-seo")).toContain(source("https://search.google.com/search-console/about"));
    expect(html("podcast-seo")).toContain(source(shorts));
    expect(html("audiograms")).toContain(source(shorts));
    expect(html("podcast-analytics")).toContain(
      source("https://iabtechlab.com/standards/podcast-measurement-guidelines/"),
    );
    expect(html("podcast-seo")).toContain(
      source("https://support.google.com/webmasters/answer/7576553"),
    );
    expect(html("audiograms")).toContain(
      source("https://www.linkedin.com/help/linkedin/answer/a516971"),
    );
    expect(html("content-repurposing")).toContain(
      source("https://help.x.com/en/using-x/create-a-thread"),
    );
    for (const page of ["840-check-your-podcast-performance", "5392-listener-analytics"]) {
      expect(html("podcast-analytics")).toContain(
        source(`https://podcasters.apple.com/support/${page}`),
      );
    }
    for (const post of posts) expect(post.html).not.toMatch(/target="_blank"/);
  });

  // A fact links the page that states it, never a troubleshooting page, and every
  // article cites at least two outside primary sources.
  it("cite the page that states each fact, at least two outside sources each", () => {
    const all = posts.map((post) => post.html).join("\n");
    expect(all).not.toContain("844-troubleshooting-data-issues");
    for (const url of [
      "https://support.spotify.com/us/creators/article/audience-retention/",
      "https://support.google.com/youtube/answer/9314415",
    ]) {
      expect(html("podcast-analytics")).toContain(source(url));
    }
    expect(html("audiograms")).toContain(
      source("https://podcasters.apple.com/support/893-audio-requirements"),
    );
    expect(html("podcast-seo")).toContain(
      source("https://developers.google.com/search/docs/appearance/structured-data/search-gallery"),
    );
    for (const post of posts) {
      const outside = new Set(
        [...post.html.matchAll(/<a href="(https:\/\/[^"]+)" rel="noopener">/g)].map(
          ([, url]) => new URL(url!).hostname,
        ),
      );
      expect(outside.size, post.slug).toBeGreaterThanOrEqual(2);
    }
  });

  // A platform fact is dated, and one the platform's own help page does not state is cut.
  it("state what the platforms do now, dated", () => {
    const all = posts.map((post) => post.html).join("\n");
    expect(all).not.toMatch(/YouTube community posts?, website/);
    expect(all).not.toMatch(/Carousels on X|X has no carousel|up to four images/);
    expect(all).not.toContain("answer/10059070");
    expect(all).toMatch(/up to three minutes/);
    for (const slug of ["audiograms", "podcast-seo", "content-repurposing", "podcast-analytics"]) {
      expect(html(slug)).toMatch(/[Aa]s of November 2026/);
    }
    expect(all).not.toMatch(/Spotify's creator dashboard/);
    expect(html("podcast-analytics")).toContain("Spotify for Creators");
    expect(html("podcast-analytics")).toContain("version 2.2");
    expect(html("podcast-seo")).toContain("podcast:transcript");
    expect(html("podcast-seo")).toMatch(/Apple Podcasts .*generates a transcript automatically/);
    expect(html("podcast-analytics")).toMatch(/at least 20 minutes or 40% of an episode/);
  });

  it("each speak in their own voice, about shows that do not share names", () => {
    const all = posts.map((post) => post.html).join("\n");
    expect(all.match(/rule of thumb/gi) ?? []).toEqual([]);
    expect(all).not.toMatch(/Open Kitchen(?! Hours)/);
    expect(all).not.toContain("Second Act");
  });
});

// An invented example's figures add up, agree with its own figure, and say they are
// invented where they stand.
describe("the articles' worked examples", () => {
  const source = (slug: string) => readFileSync(`content/blog/${slug}.md`, "utf8");

  /** The cells of each Markdown table row whose first cell matches. */
  const rows = (markdown: string, header: string) => {
    const table = markdown.slice(markdown.indexOf(header)).split("\n\n")[0]!;
    return table
      .split("\n")
      .slice(2)
      .map((row) =>
        row
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim().replaceAll("**", "")),
      );
  };

  it("count every listener answer in the social table once, to the stated total", () => {
    const table = rows(source("social-media-growth"), "| Platform | Clicks to episodes");
    const total = table.find(([label]) => label === "Total")!;
    const body = table.filter(([label]) => label !== "Total");
    for (const column of [1, 2, 3]) {
      const sum = body.reduce((acc, row) => acc + (Number(row[column]) || 0), 0);
      expect(sum, `column ${column}`).toBe(Number(total[column]));
    }
    expect(total[3]).toBe("22");
  });

  it("release Late Bloomers on the day its release-week figure starts", () => {
    const markdown = source("social-media-growth");
    expect(markdown).toContain("on the first and third Monday");
    expect(markdown).toContain("release post on Monday");
    expect(markdown).not.toMatch(/missed Tuesday|third Tuesday/);
  });

  it("label the repurposing time log as an illustration where it stands", () => {
    const markdown = source("content-repurposing");
    const lead = markdown.slice(0, markdown.indexOf("| Asset | Minutes |"));
    const lastParagraph = lead.trim().split("\n\n").at(-1)!;
    expect(lastParagraph).toMatch(/illustrate the method; they are not a measurement/);
    expect(markdown).not.toContain("Sam logged how long each piece took");
  });

  it("review March's 30-day downloads only once the last March episode has 30 days", () => {
    const markdown = source("podcast-analytics");
    expect(markdown).toContain("the last on March 28");
    expect(markdown).toContain("held the March review on April 28");
    expect(markdown).not.toMatch(/one change for April/);
  });
});
