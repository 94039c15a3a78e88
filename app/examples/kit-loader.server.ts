import { basename } from "node:path";
import { parse as parseYaml } from "yaml";
import type { ExampleKit } from "~/examples/kit";
import { contentFile, listSlugs, readContentFile } from "~/content/collections.server";
import { exampleKitSchema } from "~/examples/kit-schema.server";
import { describeIssue } from "~/lib/schema-issues";

/**
 * One kit from its YAML source. `file` (e.g. `content/examples/open-kitchen-hours.yaml`) names
 * the source in errors and gives the slug. Throws on any broken limit, which fails the build:
 * every example page and every download file goes through here.
 */
export function parseKit(source: string, file: string): ExampleKit {
  const slug = basename(file).replace(/\.ya?ml$/, "");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
    throw new Error(`${file}: the file name must be a kebab-case slug`);
  }
  let data: unknown;
  try {
    data = parseYaml(source);
  } catch (error) {
    throw new Error(`${file}: not valid YAML: ${error instanceof Error ? error.message : error}`);
  }
  const result = exampleKitSchema.safeParse(data);
  if (!result.success) {
    throw new Error(
      `${file}: ${result.error.issues.map((issue) => describeIssue(issue)).join("; ")}`,
    );
  }
  return { slug, ...result.data };
}

/** Slugs of content/examples: every `<slug>.yaml`, sorted. */
export const listKitSlugs = (): string[] => listSlugs("kits");

export function getKit(slug: string): ExampleKit {
  return parseKit(readContentFile("kits", slug), contentFile("kits", slug));
}

export function getAllKits(): ExampleKit[] {
  return listKitSlugs().map(getKit);
}
