// @vitest-environment jsdom
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedPages } from "../app/site/pages.ts";
import { getAllPosts } from "../app/content/blog.server.ts";
import {
  blogFeedChannel,
  buildRssFeed,
  rfc822Date,
  writeBlogFeed,
  type FeedChannel,
  type FeedPost,
} from "./rss.ts";

const site: FeedChannel = {
  url: "https://castloop.test/",
  title: "Podcast Growth Blog | Castloop",
  description: "Advice for podcasters.",
  language: "en",
};

const posts: FeedPost[] = [
  {
    title: "Older post",
    excerpt: "The older one.",
    date: "2025-02-12",
    category: "Analytics",
    path: "/blog/older",
  },
  {
    title: "Q&A: <Growth> & \"more\" for 'hosts'",
    excerpt: "Tips & tricks for <b>bold</b> hosts > everyone else.",
    date: "2025-03-15",
    category: "Content Strategy",
    path: "/blog/newer",
  },
];

/** Parses the feed as XML; a well-formedness error fails the test. */
function parseFeed(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
}

const text = (parent: Element | Document, tag: string) =>
  parent.getElementsByTagName(tag)[0]?.textContent ?? null;

describe("buildRssFeed", () => {
  const xml = buildRssFeed(posts, site);
  const document = parseFeed(xml);
  const items = [...document.getElementsByTagName("item")];

  it("is well-formed RSS 2.0 with the channel's details", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(document.documentElement.getAttribute("version")).toBe("2.0");
    const channel = document.getElementsByTagName("channel")[0]!;
    expect(text(channel, "title")).toBe("Podcast Growth Blog | Castloop");
    expect(text(channel, "link")).toBe("https://castloop.test/blog");
    expect(text(channel, "description")).toBe("Advice for podcasters.");
    expect(text(channel, "language")).toBe("en");
    expect(text(channel, "lastBuildDate")).toBe("Sat, 15 Mar 2025 00:00:00 GMT");
    const self = document.getElementsByTagName("atom:link")[0];
    expect(self?.getAttribute("href")).toBe("https://castloop.test/blog/rss.xml");
    expect(self?.getAttribute("rel")).toBe("self");
  });

  it("lists items newest first with every field", () => {
    expect(items.map((item) => text(item, "title"))).toEqual([
      "Q&A: <Growth> & \"more\" for 'hosts'",
      "Older post",
    ]);
    const [newest] = items;
    expect(text(newest!, "link")).toBe("https://castloop.test/blog/newer");
    expect(text(newest!, "guid")).toBe("https://castloop.test/blog/newer");
    expect(newest!.getElementsByTagName("guid")[0]?.getAttribute("isPermaLink")).toBe("true");
    expect(text(newest!, "pubDate")).toBe("Sat, 15 Mar 2025 00:00:00 GMT");
    expect(text(newest!, "description")).toBe(
      "Tips & tricks for <b>bold</b> hosts > everyone else.",
    );
    expect(text(newest!, "category")).toBe("Content Strategy");
  });

  it("escapes &, < and > in titles and descriptions", () => {
    expect(xml).toContain(
      "<title>Q&amp;A: &lt;Growth&gt; &amp; &quot;more&quot; for &apos;hosts&apos;</title>",
    );
    expect(xml).toContain(
      "Tips &amp; tricks for &lt;b&gt;bold&lt;/b&gt; hosts &gt; everyone else.",
    );
    expect(xml).not.toContain("<Growth>");
  });

  it("makes every link absolute on the site's URL, with or without a trailing slash", () => {
    for (const url of ["https://castloop.test", "https://castloop.test/"]) {
      const feed = parseFeed(buildRssFeed(posts, { ...site, url }));
      const links = [...feed.getElementsByTagName("link"), ...feed.getElementsByTagName("guid")];
      // The channel link, and each item's link and guid.
      expect(links).toHaveLength(1 + 2 * posts.length);
      for (const link of links)
        expect(link.textContent).toMatch(/^https:\/\/castloop\.test\/blog(\/|$)/);
    }
  });

  it("writes dates in RFC 822, whatever the time zone", () => {
    expect(rfc822Date("2025-03-08")).toBe("Sat, 08 Mar 2025 00:00:00 GMT");
    expect(rfc822Date("2025-02-28")).toBe("Fri, 28 Feb 2025 00:00:00 GMT");
  });

  it("carries the five real articles", () => {
    const feed = parseFeed(buildRssFeed(getAllPosts(), site));
    const titles = [...feed.getElementsByTagName("item")].map((item) => text(item, "title"));
    expect(titles).toEqual([
      "7 Smart Ways to Repurpose Your Podcast Content",
      "How to Grow Your Podcast Audience Through Social Media",
      "The Ultimate Guide to Podcast SEO",
      "Creating Compelling Audiograms for Your Podcast",
      "Podcast Analytics: What Metrics Really Matter",
    ]);
  });
});

describe("writeBlogFeed", () => {
  it("names the channel after the blog page's metadata, not its built HTML", () => {
    expect(blogFeedChannel("https://castloop.test")).toEqual({
      url: "https://castloop.test",
      title: `${fixedPages.blog.title} | Castloop`,
      description: fixedPages.blog.description,
      language: "en",
    });
  });

  it("writes every article into blog/rss.xml under the client directory, and nothing else", () => {
    // No built blog/index.html here: the feed must not need one.
    const dir = mkdtempSync(join(tmpdir(), "castloop-feed-"));
    try {
      mkdirSync(join(dir, "blog"));
      writeBlogFeed(dir, "https://castloop.test");
      const feed = parseFeed(readFileSync(join(dir, "blog/rss.xml"), "utf8"));
      expect(text(feed.getElementsByTagName("channel")[0]!, "title")).toBe(
        "Podcast Growth Blog | Castloop",
      );
      expect(feed.getElementsByTagName("item")).toHaveLength(getAllPosts().length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
