import { PageHeader } from "~/components/layout/page-header";
import { FeedCheckTool } from "~/components/feed-check/feed-check-tool";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import type { RouteHandle } from "~/lib/hydration";

export const loader = () => ({ meta: buildMeta(fixedPages.feedCheck) });

export const handle: RouteHandle = {
  hydrate: "The feed field sends the address to the feed check-up function and draws its report.",
};

export const meta = metaFromLoader;

export default function FeedCheck() {
  return (
    <>
      <PageHeader title="Podcast Feed Check">
        Paste your RSS feed's address to see what Apple Podcasts, Spotify and YouTube would refuse
        or hide today, what listeners miss, and what to fix first.
      </PageHeader>
      <FeedCheckTool />
    </>
  );
}
