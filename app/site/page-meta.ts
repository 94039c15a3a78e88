import { brand } from "~/config/brand";

/**
 * What the site says about one page, wherever it says it: the route's meta tags, the sitemap,
 * the RSS channel and the share image all read this (listed in app/site/pages.server.ts), never
 * the built HTML.
 */
export type PageMeta = {
  /** The page's path, e.g. `/pricing`; the canonical URL and share image are built on it. */
  path: string;
  /** The page's own title; the brand's title template adds the brand unless `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** False keeps the page out of search results and the sitemap (not-found, success). */
  indexable: boolean;
  /** yyyy-mm-dd of the content's last change, where the content states one (articles, legal). */
  lastModified?: string;
  /** The words drawn on the page's share image and given as its alt text. */
  shareImageTitle: string;
};

export type PageInput = Omit<PageMeta, "indexable" | "shareImageTitle"> &
  Partial<Pick<PageMeta, "indexable" | "shareImageTitle">>;

/** A page's metadata; pages are indexable and their share image shows their title unless told. */
export function definePage({ indexable = true, ...page }: PageInput): PageMeta {
  return { ...page, indexable, shareImageTitle: page.shareImageTitle ?? page.title };
}

/** A page's document title: its own title in the brand's template, unless it is already full. */
export function documentTitle(page: Pick<PageMeta, "title" | "fullTitle">): string {
  return page.fullTitle ? page.title : brand.titleTemplate.replace("%s", page.title);
}

/** The share image generated at build time for a page (see scripts/og-images.ts). */
export function ogImagePath(path: string): string {
  const name = path === "/" ? "home" : path.replace(/^\/+|\/+$/g, "").replaceAll("/", "-");
  return `/og/${name}.png`;
}

export const ogImageSize = { width: 1200, height: 630 } as const;
