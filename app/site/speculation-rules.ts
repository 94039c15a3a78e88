/**
 * Speculation Rules for the site's own pages: the browser prefetches a page when the visitor
 * hovers or starts to tap its link, so the document navigation that follows is usually served
 * from memory (ADR 009). Files (the feed, the kits' downloads) have a dot in their path and are
 * left alone, and so are links that open elsewhere. Browsers without the feature ignore it.
 */
export const speculationRules = {
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/*.*" } },
          { not: { selector_matches: "[download], [target=_blank]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
} as const;
