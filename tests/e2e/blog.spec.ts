import { articles } from "./site-routes";
import { expect, test, type Page } from "./test";

// What the built HTML shows (texts, dates, links, structured data, the feed) is checked once
// per page in tests/built/blog.build.test.ts; here only what needs a browser: layout, loading
// images and following links.

const cards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });

test(
  "the listing lays its 16:9 cards in two columns, one on phones, and leads through the articles",
  { tag: "@smoke" },
  async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated("/blog");
    await expect(cards(page)).toHaveCount(5);
    const [first, second] = [
      await cards(page).nth(0).boundingBox(),
      await cards(page).nth(1).boundingBox(),
    ];
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    const images = cards(page).getByRole("img");
    await expect(images).toHaveCount(5);
    for (const image of await images.all()) {
      const box = (await image.boundingBox())!;
      expect(Math.abs(box.width / box.height / (16 / 9) - 1)).toBeLessThan(0.01);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    const [narrowFirst, narrowSecond] = [
      await cards(page).nth(0).boundingBox(),
      await cards(page).nth(1).boundingBox(),
    ];
    expect(narrowSecond!.x).toBe(narrowFirst!.x);
    expect(narrowSecond!.y).toBeGreaterThan(narrowFirst!.y + narrowFirst!.height - 1);

    const [article, next] = articles;
    await page.getByRole("link", { name: `Read More about ${article.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${article.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    const more = page.getByRole("complementary", { name: "More from the blog" });
    await more.getByRole("link", { name: next.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${next.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(next.title);
  },
);

test.describe("an article at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const article of articles) {
    test(`${article.slug}: the cover loads, body images stay inside the column and nothing scrolls sideways`, async ({
      page,
      gotoHydrated,
    }) => {
      await gotoHydrated(`/blog/${article.slug}`);
      const cover = page.getByRole("article").locator("header").getByRole("img");
      expect(
        await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      ).toBeGreaterThan(0);
      const prose = page.locator(".prose");
      await expect(prose.getByRole("heading", { level: 2 }).first()).toBeVisible();
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

  test("an article shows its header and body", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/blog/podcast-analytics");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Podcast Analytics: What Metrics Really Matter",
    );
    await expect(page.locator("article header time")).toHaveText(["Feb 12, 2025", "Nov 28, 2026"]);
    await expect(page.locator("article header").getByText("Updated Nov 28, 2026")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Start with a question, not a dashboard" }),
    ).toBeVisible();
    await expect(page.locator(".prose img")).toHaveCount(1);
    await expect(page.locator(".prose table").first()).toBeVisible();
  });
});
