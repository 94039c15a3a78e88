import { fixedPageList } from "~/data/pages";
import { getAllPosts, type Post } from "~/lib/blog.server";
import { listSlugs } from "~/lib/content-files.server";
import { getLegalFrontmatter, type LegalFrontmatter } from "~/lib/legal.server";
import { definePage, type PageMeta } from "~/lib/page-meta";

// Articles and legal pages take their metadata from their own front matter, not a second copy.

export function postPage(post: Post): PageMeta {
  return definePage({
    path: post.path,
    title: post.title,
    description: post.excerpt,
    lastModified: post.date,
  });
}

export function legalPage(page: LegalFrontmatter): PageMeta {
  return definePage({
    path: `/${page.slug}`,
    title: page.title,
    description: page.description,
    lastModified: page.updated,
  });
}

/**
 * Every page the site builds, with its metadata. Free of import.meta.env, so the build scripts
 * read it under plain Node: the sitemap and the share images come from here.
 */
export function sitePages(): PageMeta[] {
  return [
    ...fixedPageList,
    ...getAllPosts().map(postPage),
    ...listSlugs("legal").map((slug) => legalPage(getLegalFrontmatter(slug))),
  ];
}
