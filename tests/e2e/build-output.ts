import { readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { filesUnder } from "../../server/files.ts";

/** Reads the production build that playwright.config.ts's web server made. */
export const clientDir = "build/client";

export const builtFiles = () =>
  [...filesUnder(clientDir)].filter((file) => !/\.(br|gz)$/.test(file));

export const htmlFiles = () => builtFiles().filter((file) => file.endsWith(".html"));

export const urlPathOf = (file: string) => `/${relative(clientDir, file).split(sep).join("/")}`;

export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;

export const fileSize = (file: string) => statSync(file).size;

/** The JavaScript a page loads before it is interactive: module scripts, preloads and their imports. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    urls.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(
    /import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g,
  )) {
    urls.add(match[1]!);
  }
  // Follow static imports between chunks.
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop()!;
    const code = readFileSync(join(clientDir, url), "utf8");
    for (const match of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      const next = `/assets/${match[1]}`;
      if (!urls.has(next)) {
        urls.add(next);
        queue.push(next);
      }
    }
  }
  return [...urls];
}
