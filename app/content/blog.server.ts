import type { z } from "zod";
import { basename } from "node:path";
import {
  contentFile,
  listSlugs,
  postFrontmatterSchema,
  readContentFile,
} from "~/content/collections.server";
import { parseFrontmatter, renderMarkdown } from "~/content/markdown.server";
import { describeIssue } from "~/lib/schema-issues";
import { countWords, htmlText } from "~/lib/words";

// No import of app/config/site.ts here: the build scripts read posts under tsx (the feed, page
// metadata), where Vite's import.meta.env does not exist.

const wordsPerMinute = 230;

export type PostFrontmatter = z.infer<typeof postFrontmatterSchema>;

/** The listing entity of docs/product.md. A post without `path` is linked as `/blog/{id}`. */
export type PostSummary = Pick<
  PostFrontmatter,
  "title" | "excerpt" | "date" | "category" | "image" | "imageAlt"
> & { id: string; path?: string };

export type Post = PostFrontmatter & {
  id: string;
  slug: string;
  path: string;
  html: string;
  wordCount: number;
  readingMinutes: number;
};

/**
 * One post from its Markdown source. `file` (e.g. `content/blog/podcast-seo.md`) names the
 * source in errors and gives the slug. Throws on any invalid frontmatter field, which fails the
 * build because every prerendered blog page and the feed go through here.
 */
export function parsePost(source: string, file: string): Post {
  const slug = basename(file, ".md");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
    throw new Error(`${file}: the file name must be a kebab-case slug`);
  }
  const { data, body } = parseFrontmatter(source, file);
  const result = postFrontmatterSchema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => describeIssue(issue, data));
    throw new Error(`${file}: invalid frontmatter: ${issues.join("; ")}`);
  }
  let html: string;
  try {
    html = renderMarkdown(body);
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const wordCount = countWords(htmlText(html));
  return {
    ...result.data,
    id: slug,
    slug,
    path: `/blog/${slug}`,
    html,
    wordCount,
    readingMinutes: Math.max(1, Math.round(wordCount / wordsPerMinute)),
  };
}

/** Every post in content/blog, validated, newest first. */
export function getAllPosts(): Post[] {
  return listSlugs("blog")
    .map((slug) => parsePost(readContentFile("blog", slug), contentFile("blog", slug)))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export function toSummary(post: Post): PostSummary {
  const { id, title, excerpt, date, category, image, imageAlt, path } = post;
  return { id, title, excerpt, date, category, image, imageAlt, path };
}
