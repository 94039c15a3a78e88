import { writeFileSync } from "node:fs";
import { brand } from "../app/config/brand.ts";
import { fixedPages } from "../app/site/pages.ts";
import { getAllPosts } from "../app/content/blog.server.ts";
import { documentTitle } from "../app/site/page-meta.ts";
import { escapeXml } from "./xml.ts";

/** Where the feed is written; the page head (app/root.tsx) links to it. */
export const feedPath = "/blog/rss.xml";

export type FeedPost = {
  title: string;
  excerpt: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  category: string;
  /** Site path of the article, e.g. `/blog/podcast-seo`. */
  path: string;
};

export type FeedChannel = {
  /** The site's origin, e.g. `https://castloop.app`; every link in the feed is built on it. */
  url: string;
  title: string;
  description: string;
  language: string;
};

/** RFC 822 date, as RSS 2.0 requires: "Sat, 15 Mar 2025 00:00:00 GMT". */
export const rfc822Date = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString();

/** An RSS 2.0 feed of the posts, newest first, with absolute links. */
export function buildRssFeed(posts: readonly FeedPost[], site: FeedChannel): string {
  const base = `${site.url.replace(/\/+$/, "")}/`;
  const absolute = (path: string) => new URL(path, base).toString();
  const sorted = [...posts].sort((a, b) => b.date.localeCompare(a.date));
  const items = sorted.map((post) => {
    const link = escapeXml(absolute(post.path));
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822Date(post.date)}</pubDate>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <category>${escapeXml(post.category)}</category>`,
      "    </item>",
    ].join("\n");
  });
  // The newest post's date, not the clock: the same content always builds the same file.
  const updated = sorted[0]
    ? [`    <lastBuildDate>${rfc822Date(sorted[0].date)}</lastBuildDate>`]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(site.title)}</title>`,
    `    <link>${escapeXml(absolute(fixedPages.blog.path))}</link>`,
    `    <description>${escapeXml(site.description)}</description>`,
    `    <language>${escapeXml(site.language)}</language>`,
    ...updated,
    `    <atom:link href="${escapeXml(absolute(feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The channel is the blog page: its title, description and language, from the page metadata. */
export function blogFeedChannel(siteUrl: string): FeedChannel {
  return {
    url: siteUrl,
    title: documentTitle(fixedPages.blog),
    description: fixedPages.blog.description,
    language: brand.language,
  };
}

/** Writes the RSS feed of every article into the client build (scripts/postbuild.ts). */
export function writeBlogFeed(clientDir: string, siteUrl: string): void {
  writeFileSync(`${clientDir}${feedPath}`, buildRssFeed(getAllPosts(), blogFeedChannel(siteUrl)));
}
