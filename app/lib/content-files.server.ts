import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const contentRoot = fileURLToPath(new URL("../../content/", import.meta.url));

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
