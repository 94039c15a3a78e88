import type { PageMeta } from "../app/site/page-meta.ts";
import { notFoundPrerenderPath } from "../react-router.config.ts";

/** Where postbuild leaves the not-found page; hosts serve it for every unknown path. */
export const notFoundPage = "/404.html";

/** A prerendered page as postbuild finds it in build/client. */
export type BuiltPage = { urlPath: string; html: string };

/** The URL path a built HTML file answers at, from its path relative to build/client. */
export function urlPathOf(file: string): string {
  if (file === "index.html") return "/";
  if (file === notFoundPage.slice(1)) return notFoundPage;
  return `/${file.replace(/\/index\.html$/, "")}`;
}

/**
 * Throws unless the build holds exactly the pages the metadata describes: the sitemap, the feed
 * and the share images come from the metadata, so a page missing from either would go unlisted
 * or be listed without existing.
 */
export function assertPagesMatch(built: readonly BuiltPage[], pages: readonly PageMeta[]): void {
  const builtPaths = new Set(
    built.map(({ urlPath }) => (urlPath === notFoundPage ? notFoundPrerenderPath : urlPath)),
  );
  const describedPaths = new Set(pages.map((page) => page.path));
  const unknown = [...builtPaths].filter((path) => !describedPaths.has(path));
  const missing = [...describedPaths].filter((path) => !builtPaths.has(path));
  if (unknown.length > 0 || missing.length > 0) {
    throw new Error(
      `pages and their metadata differ: built without metadata [${unknown.join(", ")}], ` +
        `described but not built [${missing.join(", ")}] (see app/site/pages.ts)`,
    );
  }
}
