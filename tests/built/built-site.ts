import { JSDOM } from "jsdom";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createCheckoutHandlerFromEnv } from "../../supabase/functions/create-checkout/from-env.ts";
import { createApp } from "../../server/app.ts";
import { readBuiltPublicEnv } from "../../server/env.ts";
import { connectOrigins } from "../../server/security-headers.ts";
import { loadStaticFiles } from "../../server/static-files.ts";

/**
 * The tests' production build (made once by tests/built/global-setup.ts, or by `npm test`'s
 * build stage), read as files, parsed with jsdom (parse5 for HTML, a real XML parser for the
 * sitemap and the feed), and served in-process by the production server's own app.
 */
export const clientDir = "build/client";

/** The origin the build was made for: its canonical links, sitemap and share images name it. */
export const siteUrl = readBuiltPublicEnv().SITE_URL;

/** The build file a page path is prerendered into ("/" is index.html). */
export function pageFile(path: string): string {
  if (path.endsWith(".html")) return join(clientDir, path.slice(1));
  return join(clientDir, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
}

/** HTML text (a response's body) as the browser's parser reads it. */
export const parseHtml = (html: string): Document => new JSDOM(html).window.document;

const documents = new Map<string, Document>();

/** A built page as the browser's parser reads it, parsed once per test file. */
export function builtPage(path: string): Document {
  let document = documents.get(path);
  if (!document) {
    const file = pageFile(path);
    if (!existsSync(file)) throw new Error(`${path} was not built (${file} is missing)`);
    document = parseHtml(readFileSync(file, "utf8"));
    documents.set(path, document);
  }
  return document;
}

/** A built XML file (the sitemap, the feed) parsed as XML. */
export function builtXml(path: string): Document {
  const text = readFileSync(join(clientDir, path), "utf8");
  return new JSDOM(text, { contentType: "application/xml" }).window.document;
}

/** The text of the first element matching `selector` under `root`, whitespace collapsed. */
export function textOf(root: ParentNode, selector: string): string | undefined {
  return root.querySelector(selector)?.textContent?.replace(/\s+/g, " ").trim();
}

/** The content of `<meta name=…>` or `<meta property=…>`. */
export function metaContent(
  document: Document,
  key: "name" | "property",
  value: string,
): string | undefined {
  return (
    document.head.querySelector(`meta[${key}="${value}"]`)?.getAttribute("content") ?? undefined
  );
}

/** The page's JSON-LD blocks. */
export function jsonLdBlocks(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );
}

const app = createApp({
  files: loadStaticFiles(clientDir),
  // The tests' server has no Stripe configuration: the function answers 503 not_configured.
  checkout: createCheckoutHandlerFromEnv({}, { log: () => {} }),
  connectOrigins: connectOrigins(readBuiltPublicEnv().VITE_SUPABASE_URL),
});

/** One request to the production server's app, in-process (no socket, no browser). */
export function serve(path: string, init?: RequestInit): Promise<Response> {
  return Promise.resolve(app.request(path, init));
}

/** The headers every response carries (the Observatory's A+ set, docs/security.md). */
export const expectedEverywhere = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** The `_headers` file written for static hosts, parsed into path → headers (lower-case names). */
export function hostRules(): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of readFileSync(join(clientDir, "_headers"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    if (!line.startsWith(" ")) {
      current = {};
      rules.set(line.trim(), current);
    } else if (current && !line.trim().startsWith("!")) {
      const at = line.indexOf(":");
      current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}
