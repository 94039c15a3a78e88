import { readdirSync, readFileSync } from "node:fs";

// What the copy checks (plan claims, billing statements) read: the words a visitor sees, by file.

/** Every string inside a value, depth first (functions skipped). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return [];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The Markdown files of a folder, keyed by their path. */
export function markdownFiles(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith(".md"))
      .map((file) => [`${folder}/${file}`, readFileSync(`${folder}/${file}`, "utf8")]),
  );
}
