import { basename } from "node:path";
import { z } from "zod";
import { authorIds, getAuthor } from "~/content/authors";
import { listSlugs, readContentFile } from "~/content/content-files.server";
import { parseFrontmatter, readImageSize, renderMarkdown } from "~/content/markdown.server";
import { describeIssue } from "~/lib/schema-issues";
import { countWords, htmlText } from "~/lib/words";

// No import of app/config/site.ts here: the build scripts read posts under tsx (the feed, page
// metadata), where Vite's import.meta.env does not exist.

export const blogCategories = [
  "Content Strategy",
  "Growth",
  "SEO",
  "Production",
  "Analytics",
] as const;

const wordsPerMinute = 230;

/** Covers fill a 16:9 box on the listing, so any other shape would be cropped. */
function isWideCover(image: string): boolean {
  try {
    const { width, height } = readImageSize(image);
    return Math.abs(width / height - 16 / 9) < 0.01;
  } catch {
    return false;
  }
}

export const postFrontmatterSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(100),
    excerpt: z.string().trim().min(50).max(300),
    date: z.iso.date({ error: "must be a real date written yyyy-mm-dd" }),
    /** The day the article last changed in substance; shown as "Updated" and as dateModified. */
    updated: z.iso.date({ error: "must be a real date written yyyy-mm-dd" }).optional(),
    category: z.enum(blogCategories),
    author: z
      .enum(authorIds, {
        error: `must be one of the authors in app/content/authors.ts: ${authorIds.join(", ")}`,
      })
      .transform(getAuthor),
    image: z
      .string()
      .regex(/^\/blog\/[a-z0-9-]+\/[\w.-]+\.(?:svg|png)$/, {
        error: "must be a path like /blog/<slug>/cover.svg",
        abort: true,
      })
      .refine(isWideCover, "must name a 16:9 image in public/"),
    imageAlt: z.string().trim().min(1),
  })
  .refine((post) => post.updated === undefined || post.updated > post.date, {
    path: ["updated"],
    error: "must come after the publication date",
  });

export type PostFrontmatter = z.infer<typeof postFrontmatterSchema>;

/** The spec's listing entity. A post without `path` is linked as `/blog/{id}`. */
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
    .map((slug) => parsePost(readContentFile("blog", slug), `content/blog/${slug}.md`))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export function toSummary(post: Post): PostSummary {
  const { id, title, excerpt, date, category, image, imageAlt, path } = post;
  return { id, title, excerpt, date, category, image, imageAlt, path };
}
