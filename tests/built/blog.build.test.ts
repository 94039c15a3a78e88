import { describe, expect, it } from "vitest";
import { articles } from "../e2e/site-routes.ts";
import { builtPage, builtXml, serve, siteUrl, textOf } from "./built-site.ts";

/** What the prerendered HTML shows, which is what a visitor without JavaScript reads too. */
const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

const cards = () =>
  [...builtPage("/blog").querySelectorAll("main li")].filter((item) => item.querySelector("h2"));

describe("the blog listing", () => {
  it("shows the five articles newest first, each with cover, category, date, title, excerpt and Read More", () => {
    expect(textOf(builtPage("/blog"), "h1")).toBe("Podcast Growth Blog");
    expect(cards().map((card) => squash(card.querySelector("h2")?.textContent))).toEqual(
      articles.map((article) => article.title),
    );
    for (const [index, article] of articles.entries()) {
      const card = cards()[index]!;
      expect(card.querySelector("img")?.getAttribute("alt")).toMatch(/.{20,}/);
      const texts = [...card.querySelectorAll("*")].map((element) => squash(element.textContent));
      expect(texts).toContain(article.category);
      const time = card.querySelector("time");
      expect(squash(time?.textContent)).toBe(article.date);
      expect(time?.getAttribute("datetime")).toBe(article.iso);
      expect(squash(card.querySelector("h2 + p")?.textContent).length).toBeGreaterThan(80);
      // The link's name is its text, the title in a screen-reader-only span.
      const readMore = [...card.querySelectorAll("a")].filter(
        (link) => squash(link.textContent) === `Read More about ${article.title}`,
      );
      expect(readMore).toHaveLength(1);
      expect(readMore[0]!.getAttribute("href")).toBe(`/blog/${article.slug}`);
      expect(readMore[0]!.textContent).toContain("Read More");
    }
    const readMores = [...builtPage("/blog").querySelectorAll("main a")].filter((link) =>
      squash(link.textContent).startsWith("Read More"),
    );
    expect(readMores).toHaveLength(5);
    expect(
      [...builtPage("/blog").querySelectorAll("main time")].map((time) => squash(time.textContent)),
    ).toEqual(articles.map((article) => article.date));
  });

  it("gives its covers 16:9 dimensions, the first two eager and the rest lazy", () => {
    const images = cards().map((card) => card.querySelector("img")!);
    expect(images).toHaveLength(5);
    for (const [index, image] of images.entries()) {
      expect(image.getAttribute("width")).toBe("1600");
      expect(image.getAttribute("height")).toBe("900");
      expect(image.getAttribute("loading")).toBe(index < 2 ? "eager" : "lazy");
    }
  });

  it.each(articles)("Read More leads to a page headed $title", (article) => {
    expect(textOf(builtPage(`/blog/${article.slug}`), "h1")).toBe(article.title);
  });
});

describe("an article page", () => {
  it("shows category, date, title, excerpt, author, reading time, cover, body and other articles", () => {
    const [article, ...others] = articles;
    const page = builtPage(`/blog/${article.slug}`);
    expect(page.querySelectorAll("h1")).toHaveLength(1);
    expect(textOf(page, "h1")).toBe(article.title);
    const header = page.querySelector("article header")!;
    const texts = [...header.querySelectorAll("*")].map((element) => squash(element.textContent));
    expect(texts).toContain(article.category);
    expect(textOf(header, "time")).toBe(article.date);
    expect(header.querySelector("time")?.getAttribute("datetime")).toBe(article.iso);
    expect(texts.some((text) => text.startsWith("One recording can feed your channels"))).toBe(
      true,
    );
    expect(squash(header.textContent)).toContain("Nora Whitfield, Editorial Lead");
    expect(squash(header.textContent)).toMatch(/\b\d+ min read\b/);
    const bio = page.querySelector("article footer")!;
    expect(textOf(bio, "h2, h3")).toBe("About the author");
    expect(bio.textContent).toMatch(/editorial desk/);
    const cover = header.querySelector("img")!;
    expect(cover.getAttribute("src")).toBe(`/blog/${article.slug}/cover.svg`);
    expect(cover.getAttribute("loading")).toBe("eager");
    const prose = page.querySelector(".prose")!;
    expect(prose.querySelector("h2")).not.toBeNull();
    expect(squash(prose.textContent).split(" ").length).toBeGreaterThan(900);
    const more = [...page.querySelectorAll("aside[aria-labelledby]")].find(
      (aside) =>
        squash(page.getElementById(aside.getAttribute("aria-labelledby")!)?.textContent) ===
        "More from the blog",
    );
    expect([...more!.querySelectorAll("li a")].map((link) => squash(link.textContent))).toEqual(
      others.map((other) => other.title),
    );
  });

  // An article rewritten after publication says so, next to the date it keeps.
  it.each(articles)("$slug shows its publication date, then Updated Nov 28, 2026", (article) => {
    const header = builtPage(`/blog/${article.slug}`).querySelector("article header")!;
    const times = [...header.querySelectorAll("time")];
    expect(times.map((time) => [squash(time.textContent), time.getAttribute("datetime")])).toEqual([
      [article.date, article.iso],
      ["Nov 28, 2026", "2026-11-28"],
    ]);
    expect(squash(times[1]!.parentElement?.textContent)).toBe("Updated Nov 28, 2026");
  });

  it("reads whole without JavaScript: header, sections, figure and table", () => {
    const page = builtPage("/blog/podcast-analytics");
    expect(textOf(page, "h1")).toBe("Podcast Analytics: What Metrics Really Matter");
    expect(textOf(page, "article header time")).toBe("Feb 12, 2025");
    const headings = [...page.querySelectorAll("h2, h3")].map((h) => squash(h.textContent));
    expect(headings).toContain("Start with a question, not a dashboard");
    expect(page.querySelectorAll(".prose img")).toHaveLength(1);
    expect(page.querySelector(".prose table")).not.toBeNull();
  });
});

describe("the RSS feed", () => {
  it("answers 200 with the five articles, newest first, on absolute links", async () => {
    const response = await serve("/blog/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    expect(await response.text()).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/,
    );
    const feed = builtXml("blog/rss.xml");
    const items = [...feed.getElementsByTagName("item")];
    expect(items).toHaveLength(5);
    const child = (item: Element, name: string) => item.getElementsByTagName(name)[0];
    for (const [index, item] of items.entries()) {
      const article = articles[index]!;
      const url = `${siteUrl}/blog/${article.slug}`;
      expect(child(item, "title")?.textContent).toBe(article.title);
      expect(child(item, "link")?.textContent).toBe(url);
      expect(child(item, "guid")?.textContent).toBe(url);
      expect(child(item, "guid")?.getAttribute("isPermaLink")).toBe("true");
      expect(child(item, "category")?.textContent).toBe(article.category);
      expect(child(item, "pubDate")?.textContent).toMatch(/^\w{3}, \d{2} \w{3} 2025 00:00:00 GMT$/);
    }
    for (const link of feed.getElementsByTagName("link")) {
      expect(link.textContent).toMatch(/^https?:\/\//);
    }
  });
});
