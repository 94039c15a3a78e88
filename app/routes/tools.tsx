import { PageHeader } from "~/components/layout/page-header";
import { ToolsSection } from "~/components/sections/tools-section";
import { fixedPages } from "~/site/pages";
import { isIncluded, tools } from "~/data/tool-list";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { feedCheckPath } from "~/plans/finder/feed-finder";

export const loader = () => ({ meta: buildMeta(fixedPages.tools) });

export const meta = metaFromLoader;

const counts = ["No", "One", "Two", "Three", "Four", "Five", "Six"];
const included = tools.filter(isIncluded).length;
const toolsIntro = `${counts[included] ?? included} tools in the plans today take an episode from recording to everywhere your audience is, and each card names the plans that include it. ${counts[tools.length - included] ?? tools.length - included} more are coming later.`;

export default function Tools() {
  return (
    <>
      <PageHeader title="Our Content Tools">{toolsIntro}</PageHeader>
      <ToolsSection tools={tools} />
      <p className="mx-auto max-w-6xl px-4 pb-16 text-lg sm:px-6">
        See what they make:{" "}
        <a href="/examples" className="font-semibold text-primary underline underline-offset-4">
          explore two sample kits
        </a>
        , from transcript to carousel.
      </p>
      <p className="mx-auto max-w-6xl px-4 pb-16 text-lg sm:px-6">
        Free, no sign-up:{" "}
        <a href={feedCheckPath} className="font-semibold text-primary underline underline-offset-4">
          check your podcast feed
        </a>{" "}
        against Apple Podcasts, Spotify and YouTube's rules.
      </p>
    </>
  );
}
