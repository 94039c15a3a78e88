import { PostGrid } from "~/components/blog/post-grid";
import { PageHeader } from "~/components/layout/page-header";
import { getAllPosts, toSummary } from "~/lib/blog.server";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-index";

const description =
  "Practical advice on repurposing, social media, SEO, audiograms and analytics for podcast hosts, producers and marketers.";

// Runs at build time only: the listing is prerendered from content/blog/*.md.
export const loader = () => ({
  posts: getAllPosts().map(toSummary),
  meta: buildMeta({ title: "Podcast Growth Blog", description, path: "/blog" }),
});

export const meta = metaFromLoader;

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Podcast Growth Blog">{description}</PageHeader>
      <PostGrid posts={loaderData.posts} />
    </>
  );
}
