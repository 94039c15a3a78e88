import { PostGrid } from "~/components/blog/post-grid";
import { PageHeader } from "~/components/layout/page-header";
import { fixedPages } from "~/site/pages";
import { getAllPosts, toSummary } from "~/content/blog.server";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import type { Route } from "./+types/blog-index";

// Runs at build time only: the listing is prerendered from content/blog/*.md.
export const loader = () => ({
  posts: getAllPosts().map(toSummary),
  title: fixedPages.blog.title,
  description: fixedPages.blog.description,
  meta: buildMeta(fixedPages.blog),
});

export const meta = metaFromLoader;

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.title}>{loaderData.description}</PageHeader>
      <PostGrid posts={loaderData.posts} />
    </>
  );
}
