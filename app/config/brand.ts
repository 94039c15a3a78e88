/**
 * The brand's identity, with no configuration in it: the build scripts run under plain Node
 * (tsx), where app/config/site.ts cannot load because it reads Vite's import.meta.env.
 */
const name = "Castloop";

export const brand = {
  name,
  tagline: "Turn every podcast episode into a week of content",
  description: `${name} turns your podcast episodes into transcripts, summaries, key points, X threads, LinkedIn posts, carousels and captions, ready to publish.`,
  locale: "en_US",
  language: "en",
  themeColor: "#4c1d95",
  titleTemplate: `%s | ${name}`,
} as const;

/** The blog's RSS feed: linked from every page's head, written by scripts/rss.ts. */
export const feedPath = "/blog/rss.xml";
