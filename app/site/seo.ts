import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/config/site";
import { documentTitle, ogImagePath, ogImageSize, type PageMeta } from "~/site/page-meta";

export type MetaOptions = {
  type?: "website" | "article";
  /** Extra descriptors, e.g. article dates or JSON-LD. */
  extra?: MetaDescriptor[];
};

/** Every route's meta goes through here: title template, canonical URL, Open Graph and Twitter. */
export function buildMeta(page: PageMeta, options: MetaOptions = {}): MetaDescriptor[] {
  const title = documentTitle(page);
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(ogImagePath(page.path));
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.indexable ? [] : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:locale", content: siteConfig.locale },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(ogImageSize.width) },
    { property: "og:image:height", content: String(ogImageSize.height) },
    { property: "og:image:alt", content: page.shareImageTitle },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(options.extra ?? []),
  ];
}

/** A JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
