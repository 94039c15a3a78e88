import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

// Kept free of `~/` imports: app/routes.ts imports it, and route config loads without aliases.
// Builds run from the project root (npm scripts do); bundling moves this module.
const examplesDir = resolve(process.cwd(), "content/examples");

/** Slugs of content/examples: every `<slug>.yaml`, sorted. */
export function listKitSlugs(): string[] {
  return readdirSync(examplesDir)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => name.slice(0, -".yaml".length))
    .sort();
}

export function readKitFile(slug: string): { source: string; file: string } {
  return {
    source: readFileSync(resolve(examplesDir, `${slug}.yaml`), "utf8"),
    file: `content/examples/${slug}.yaml`,
  };
}
