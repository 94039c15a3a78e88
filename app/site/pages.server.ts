import { kitPath } from "~/examples/example-assets";
import { fixedPageList } from "~/site/pages";
import { getAllPosts, type Post } from "~/content/blog.server";
import { type ExampleKit } from "~/examples/kit";
import { getAllKits } from "~/examples/kit-loader.server";
import { listSlugs } from "~/content/collections.server";
import { getLegalFrontmatter, type LegalFrontmatter } from "~/content/legal.server";
import { definePage, type PageMeta } from "~/site/page-meta";

// Articles, legal pages and sample kits take their metadata from their own front matter or
// YAML, not a second copy.

export function postPage(post: Post): PageMeta {
  return definePage({
    path: post.path,
    title: post.title,
    description: post.excerpt,
    lastModified: post.updated ?? post.date,
  });
}

export function legalPage(page: LegalFrontmatter): PageMeta {
  return definePage({
    path: `/${page.slug}`,
    title: page.title,
    description: page.description,
    lastModified: page.revised,
  });
}

export function kitPage(kit: ExampleKit): PageMeta {
  const { show, number, title } = kit.episode;
  return definePage({
    path: kitPath(kit.slug),
    title: `${title}: everything one episode became`,
    description: `The transcript, summary, show notes, key points, X thread, LinkedIn post, captions, carousel and subtitles made from episode ${number} of ${show}, a sample kit.`,
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
    ...getAllKits().map(kitPage),
  ];
}
