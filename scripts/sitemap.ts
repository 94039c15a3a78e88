import { escapeXml } from "./xml.ts";
export type SitemapPage = { urlPath: string; html: string };

/** Pages that ask search engines to stay away (not-found, success) are left out. */
export function isIndexable(html: string): boolean {
  return !/<meta[^>]+name="robots"[^>]+content="[^"]*noindex/i.test(html);
}

function lastModified(html: string): string | undefined {
  const tag =
    /<meta[^>]+property="article:(?:modified|published)_time"[^>]+content="([^"]+)"/i.exec(html);
  return tag?.[1]?.slice(0, 10);
}

export function buildSitemap(pages: SitemapPage[], siteUrl: string): string {
  const urls = pages
    .filter((page) => page.urlPath !== "/404.html" && isIndexable(page.html))
    .sort((a, b) => a.urlPath.localeCompare(b.urlPath))
    .map((page) => {
      const loc = new URL(page.urlPath, `${siteUrl}/`).toString();
      const lastmod = lastModified(page.html);
      return `  <url>\n    <loc>${escapeXml(loc)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
