import { BRAND_NAME } from "../../supabase/functions/_shared/contract.ts";

/**
 * The brand's identity, with no configuration in it: the build scripts run under plain Node
 * (tsx), where app/config/site.ts cannot load because it reads Vite's import.meta.env. The name
 * is the contract's, since the functions' e-mails sign with it too.
 */
export const brand = {
  name: BRAND_NAME,
  tagline: "Turn every podcast episode into a week of content",
  description: `${BRAND_NAME} turns your podcast episodes into transcripts, summaries, key points, X threads, LinkedIn posts, carousels and captions, drafted for you to review and publish.`,
  locale: "en_US",
  language: "en",
  themeColor: "#4c1d95",
  titleTemplate: `%s | ${BRAND_NAME}`,
} as const;
