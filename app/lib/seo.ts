import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/config/site";

export type PageMeta = {
  /** The page's own title; the site's title template adds the brand. */
  title: string;
  description: string;
  /** The page's path, e.g. `/pricing`; the canonical URL is built from SITE_URL. */
  path: string;
  /** Use the title as is, without the template (the home page). */
  fullTitle?: boolean;
  type?: "website" | "article";
  /** Pages that must stay out of search results (not-found, success). */
  noindex?: boolean;
  /** Extra descriptors, e.g. article dates or JSON-LD. */
  extra?: MetaDescriptor[];
};

/** The share image generated at build time for a page (see scripts/og-images.ts). */
export function ogImagePath(path: string): string {
  const name = path === "/" ? "home" : path.replace(/^\/+|\/+$/g, "").replaceAll("/", "-");
  return `/og/${name}.png`;
}

export const ogImageSize = { width: 1200, height: 630 } as const;

/** Every route's meta goes through here: title template, canonical URL, Open Graph and Twitter. */
export function buildMeta(page: PageMeta): MetaDescriptor[] {
  const title = page.fullTitle ? page.title : siteConfig.titleTemplate.replace("%s", page.title);
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(ogImagePath(page.path));
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:locale", content: siteConfig.locale },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(ogImageSize.width) },
    { property: "og:image:height", content: String(ogImageSize.height) },
    { property: "og:image:alt", content: page.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.extra ?? []),
  ];
}

/** A JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
