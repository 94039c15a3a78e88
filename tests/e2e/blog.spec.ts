import { expect, test, type Page } from "./test";

// The spec's articles, newest first, with the date as the listing shows it.
const articles = [
  {
    slug: "content-repurposing",
    title: "7 Smart Ways to Repurpose Your Podcast Content",
    category: "Content Strategy",
    date: "Mar 15, 2025",
    iso: "2025-03-15",
  },
  {
    slug: "social-media-growth",
    title: "How to Grow Your Podcast Audience Through Social Media",
    category: "Growth",
    date: "Mar 8, 2025",
    iso: "2025-03-08",
  },
  {
    slug: "podcast-seo",
    title: "The Ultimate Guide to Podcast SEO",
    category: "SEO",
    date: "Feb 28, 2025",
    iso: "2025-02-28",
  },
  {
    slug: "audiograms",
    title: "Creating Compelling Audiograms for Your Podcast",
    category: "Production",
    date: "Feb 20, 2025",
    iso: "2025-02-20",
  },
  {
    slug: "podcast-analytics",
    title: "Podcast Analytics: What Metrics Really Matter",
    category: "Analytics",
    date: "Feb 12, 2025",
    iso: "2025-02-12",
  },
];

const cards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });

test.describe("blog listing", () => {
  test("shows the five articles newest first, each with cover, category, date, title, excerpt and Read More", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Podcast Growth Blog");
    await expect(cards(page)).toHaveCount(5);
    await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(
      articles.map((article) => article.title),
    );
    for (const [index, article] of articles.entries()) {
      const card = cards(page).nth(index);
      await expect(card.getByRole("img")).toHaveAttribute("alt", /.{20,}/);
      await expect(card.getByText(article.category, { exact: true })).toBeVisible();
      const time = card.locator("time");
      await expect(time).toHaveText(article.date);
      await expect(time).toHaveAttribute("datetime", article.iso);
      expect((await card.locator("h2 + p").innerText()).length).toBeGreaterThan(80);
      const readMore = card.getByRole("link", {
        name: `Read More about ${article.title}`,
        exact: true,
      });
      await expect(readMore).toHaveAttribute("href", `/blog/${article.slug}`);
      await expect(readMore).toContainText("Read More");
    }
  });

  test("lays the cards out in two columns on wide screens and one on phones", async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated("/blog");
    const [first, second] = [
      await cards(page).nth(0).boundingBox(),
      await cards(page).nth(1).boundingBox(),
    ];
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    await page.setViewportSize({ width: 375, height: 740 });
    const [narrowFirst, narrowSecond] = [
      await cards(page).nth(0).boundingBox(),
      await cards(page).nth(1).boundingBox(),
    ];
    expect(narrowSecond!.x).toBe(narrowFirst!.x);
    expect(narrowSecond!.y).toBeGreaterThan(narrowFirst!.y + narrowFirst!.height - 1);
  });

  test("cover boxes are 16:9, the first two load eagerly and the rest lazily", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/blog");
    const images = cards(page).getByRole("img");
    await expect(images).toHaveCount(5);
    for (let index = 0; index < 5; index++) {
      const image = images.nth(index);
      const box = await image.boundingBox();
      expect(Math.abs(box!.width / box!.height / (16 / 9) - 1)).toBeLessThan(0.01);
      await expect(image).toHaveAttribute("width", "1600");
      await expect(image).toHaveAttribute("height", "900");
      await expect(image).toHaveAttribute("loading", index < 2 ? "eager" : "lazy");
    }
  });

  for (const article of articles) {
    test(`Read More reaches "${article.title}"`, async ({ page, gotoHydrated }) => {
      await gotoHydrated("/blog");
      await page.getByRole("link", { name: `Read More about ${article.title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${article.slug}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    });
  }
});

test.describe("article page", () => {
  test("shows category, date, title, excerpt, author, reading time, cover, body and other articles", async ({
    page,
    gotoHydrated,
  }) => {
    const [article, ...others] = articles;
    await gotoHydrated(`/blog/${article!.slug}`);
    const header = page.getByRole("article").locator("header");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article!.title);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(header.getByText(article!.category, { exact: true })).toBeVisible();
    await expect(header.locator("time")).toHaveText(article!.date);
    await expect(header.locator("time")).toHaveAttribute("datetime", article!.iso);
    await expect(header.getByText(/^One recording can feed your channels/)).toBeVisible();
    await expect(header.getByText("Nora Whitfield")).toBeVisible();
    await expect(header).toContainText("Nora Whitfield, Editorial Lead");
    const bio = page.getByRole("article").locator("footer");
    await expect(bio.getByRole("heading", { name: "About the author" })).toBeVisible();
    await expect(bio).toContainText(/editorial desk/);
    await expect(header).toContainText(/\b\d+ min read\b/);
    const cover = header.getByRole("img");
    await expect(cover).toHaveAttribute("src", `/blog/${article!.slug}/cover.svg`);
    await expect(cover).toHaveAttribute("loading", "eager");
    expect(
      await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    ).toBeGreaterThan(0);
    const prose = page.locator(".prose");
    await expect(prose.getByRole("heading", { level: 2 }).first()).toBeVisible();
    // The whole body is in the page; textContent, as blocks far down are rendered (and so in
    // innerText) only once they near the viewport.
    expect((await prose.textContent())!.split(/\s+/).length).toBeGreaterThan(900);

    const more = page.getByRole("complementary", { name: "More from the blog" });
    await expect(more.getByRole("listitem").getByRole("link")).toHaveText(
      others.map((other) => other.title),
    );
    await more.getByRole("link", { name: others[0]!.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(others[0]!.title);
  });

  test("describes itself to search engines as an article", async ({ request, baseURL }) => {
    const html = await (await request.get("/blog/podcast-seo")).text();
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="article:published_time" content="2025-02-28"/>');
    const blocks = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const posting = blocks.find((block) => block["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "The Ultimate Guide to Podcast SEO",
      datePublished: "2025-02-28",
      image: `${baseURL}/blog/podcast-seo/cover.svg`,
      mainEntityOfPage: { "@id": `${baseURL}/blog/podcast-seo` },
      author: {
        "@type": "Person",
        name: "Nora Whitfield",
        jobTitle: "Editorial Lead",
        worksFor: { "@id": `${baseURL}/#organization` },
      },
    });
    expect((posting?.author as { description: string }).description).toMatch(/editorial desk/);
    const breadcrumb = blocks.find((block) => block["@type"] === "BreadcrumbList");
    expect(breadcrumb?.itemListElement).toEqual([
      expect.objectContaining({ position: 1, name: "Home" }),
      expect.objectContaining({ position: 2, name: "Blog", item: `${baseURL}/blog` }),
      expect.objectContaining({ position: 3, name: "The Ultimate Guide to Podcast SEO" }),
    ]);
  });
});

test.describe("article body images at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const article of articles) {
    test(`${article.slug}: body images stay inside the column and nothing scrolls sideways`, async ({
      page,
      gotoHydrated,
    }) => {
      await gotoHydrated(`/blog/${article.slug}`);
      const prose = page.locator(".prose");
      const images = prose.locator("img");
      expect(await images.count()).toBeGreaterThan(0);
      const column = await prose.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return { right: box.right - Number.parseFloat(style.paddingRight), left: box.left };
      });
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveJSProperty("complete", true);
        const box = (await image.boundingBox())!;
        expect(box.width).toBeGreaterThan(100);
        expect(box.x).toBeGreaterThanOrEqual(column.left);
        expect(box.x + box.width).toBeLessThanOrEqual(column.right + 0.5);
        // Width and height come from the file, so the box had its final shape before loading.
        const [width, height] = [
          await image.getAttribute("width"),
          await image.getAttribute("height"),
        ];
        expect(Math.abs(box.width / box.height - Number(width) / Number(height))).toBeLessThan(
          0.02,
        );
      }
      // Wide tables scroll inside their own box rather than widening the page.
      for (const table of await prose.locator(".table-scroll").all()) {
        const box = (await table.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(column.right + 0.5);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the listing renders its five cards", async ({ page, gotoHydrated }) => {
    // The blog ships no script at all (ADR 009; budgets.spec.ts); this is the page as a browser
    // with JavaScript turned off, or a crawler, reads it.
    await gotoHydrated("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Podcast Growth Blog");
    await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(
      articles.map((article) => article.title),
    );
    await expect(page.getByRole("link", { name: /^Read More/ })).toHaveCount(5);
    await expect(page.locator("main time")).toHaveText(articles.map((article) => article.date));
  });

  test("an article renders its header and body", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/blog/podcast-analytics");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Podcast Analytics: What Metrics Really Matter",
    );
    await expect(page.locator("article header time")).toHaveText("Feb 12, 2025");
    await expect(
      page.getByRole("heading", { name: "Start with a question, not a dashboard" }),
    ).toBeVisible();
    await expect(page.locator(".prose img")).toHaveCount(1);
    await expect(page.locator(".prose table").first()).toBeVisible();
  });
});

test.describe("RSS feed", () => {
  test("answers 200 with the five articles, newest first, on absolute links", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);
    expect(items).toHaveLength(5);
    for (const [index, item] of items.entries()) {
      const article = articles[index]!;
      const url = `${baseURL}/blog/${article.slug}`;
      expect(item).toContain(`<title>${article.title}</title>`);
      expect(item).toContain(`<link>${url}</link>`);
      expect(item).toContain(`<guid isPermaLink="true">${url}</guid>`);
      expect(item).toContain(`<category>${article.category}</category>`);
      expect(item).toMatch(/<pubDate>\w{3}, \d{2} \w{3} 2025 00:00:00 GMT<\/pubDate>/);
    }
    for (const [, link] of xml.matchAll(/<link>([^<]*)<\/link>/g))
      expect(link).toMatch(/^https?:\/\//);
  });

  test("is advertised by every page", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/blog/audiograms");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/blog/rss.xml",
    );
  });
});
