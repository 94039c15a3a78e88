/**
 * The brand's identity, with no configuration in it: the build scripts run under plain Node
 * (tsx), where app/config/site.ts cannot load because it reads Vite's import.meta.env.
 */
export const brand = {
  name: "Castloop",
  tagline: "Turn every podcast episode into a week of content",
  description:
    "Castloop turns your podcast episodes into transcripts, summaries, key points, X threads, LinkedIn posts, carousels and captions, drafted for you to review and publish.",
  locale: "en_US",
  language: "en",
  themeColor: "#4c1d95",
  titleTemplate: "%s | Castloop",
} as const;
