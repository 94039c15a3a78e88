import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

// Builds run from the project root (npm scripts do); bundling moves this module, so no import.meta.url.
const contentRoot = `${resolve(process.cwd(), "content")}/`;

export function contentPath(collection: "blog" | "legal", slug: string): string {
  return `${contentRoot}${collection}/${slug}.md`;
}

/** Slugs of a content folder: every `<slug>.md`, sorted. */
export function listSlugs(collection: "blog" | "legal"): string[] {
  return readdirSync(`${contentRoot}${collection}`)
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -".md".length))
    .sort();
}

export function readContentFile(collection: "blog" | "legal", slug: string): string {
  return readFileSync(contentPath(collection, slug), "utf8");
}
