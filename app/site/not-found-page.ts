import { definePage } from "~/site/page-meta";

// Apart from app/site/pages.ts: the not-found route has no loader (a client-side visit to an
// unknown path has no prerendered data to fetch), so this reaches the browser, alone.

/** Rendered at this path at build time, served as /404.html for every unknown path. */
export const notFoundPage = definePage({
  path: "/404",
  title: "Page not found",
  description:
    "We're sorry, the page you requested could not be found. It may have been moved or doesn't exist.",
  indexable: false,
});
