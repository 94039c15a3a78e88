import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { authorIds, getAuthor } from "./authors";
import { readImageSize } from "./markdown.server";

// The content collections in one place: where each lives, its file type and the schema its
// documents keep. Relative imports only: app/routes.ts lists the slugs, and route config loads
// without the `~/` alias. Builds run from the project root (npm scripts do); bundling moves this
// module, so no import.meta.url.

export const blogCategories = [
  "Content Strategy",
  "Growth",
  "SEO",
  "Production",
  "Analytics",
] as const;

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

export const legalFrontmatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(50).max(170),
  updated: z.iso.date(),
});
/** Every collection under content/; a kit's schema checks it against the plans, so it lives with
 * the kits (app/examples/kit-schema.server.ts). */
export const collections = {
  blog: { folder: "content/blog", extension: ".md", schema: postFrontmatterSchema },
  legal: { folder: "content/legal", extension: ".md", schema: legalFrontmatterSchema },
  kits: { folder: "content/examples", extension: ".yaml" },
} as const;

export type Collection = keyof typeof collections;

/** A document's path from the project root, as build errors name it: `content/blog/<slug>.md`. */
export function contentFile(collection: Collection, slug: string): string {
  const { folder, extension } = collections[collection];
  return `${folder}/${slug}${extension}`;
}

/** Slugs of a collection: every `<slug>` file with its extension, sorted. */
export function listSlugs(collection: Collection): string[] {
  const { folder, extension } = collections[collection];
  return readdirSync(resolve(process.cwd(), folder))
    .filter((file) => file.endsWith(extension))
    .map((file) => file.slice(0, -extension.length))
    .sort();
}

export function readContentFile(collection: Collection, slug: string): string {
  return readFileSync(resolve(process.cwd(), contentFile(collection, slug)), "utf8");
}
