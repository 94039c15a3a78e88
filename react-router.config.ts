import type { Config } from "@react-router/dev/config";

/** The path prerendered for the not-found page; scripts/postbuild.ts turns it into /404.html. */
export const notFoundPrerenderPath = "/404";

export default {
  ssr: false,
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), notFoundPrerenderPath];
  },
} satisfies Config;
