import type { PageMeta } from "../app/site/page-meta.ts";
import { escapeXml } from "./xml.ts";

/** Every indexable page, with the date of its last change where its metadata states one. */
export function buildSitemap(pages: readonly PageMeta[], siteUrl: string): string {
  const urls = pages
    .filter((page) => page.indexable)
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((page) => {
      const loc = new URL(page.path, `${siteUrl}/`).toString();
      const lastmod = page.lastModified;
      return `  <url>\n    <loc>${escapeXml(loc)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
