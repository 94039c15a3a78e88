import { AuthorBio } from "~/components/blog/author-bio";
import { MorePosts } from "~/components/blog/more-posts";
import { PostHeader } from "~/components/blog/post-header";
import { Prose } from "~/components/blog/prose";
import { postPage } from "~/site/pages.server";
import { getAllPosts, toSummary } from "~/content/blog.server";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/blog-post";

// Runs at build time only: each article is prerendered from content/blog/<slug>.md.
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/blog\/|\/+$/g, "");
  const posts = getAllPosts();
  const post = posts.find((candidate) => candidate.slug === slug);
  if (!post) throw new Response("Not Found", { status: 404 });
  const page = postPage(post);
  const { title, excerpt, date, updated, category, author, image, imageAlt, readingMinutes } = post;
  return {
    post: { title, excerpt, date, updated, category, author, image, imageAlt, readingMinutes },
    html: post.html,
    others: posts.filter((other) => other !== post).map(toSummary),
    meta: buildMeta(page, {
      type: "article",
      extra: [
        { property: "article:published_time", content: post.date },
        { property: "article:modified_time", content: page.lastModified },
        { property: "article:section", content: post.category },
        { name: "author", content: post.author.name },
        ...blogPostingJsonLd(post),
        ...breadcrumbJsonLd([
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: post.title, path: post.path },
        ]),
      ],
    }),
  };
}

export const meta = metaFromLoader;

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, html, others } = loaderData;
  return (
    <>
      <article>
        <PostHeader post={post} />
        <Prose html={html} className="mx-auto max-w-3xl px-4 py-12 sm:px-6" />
        <AuthorBio author={post.author} />
      </article>
      <MorePosts posts={others} />
    </>
  );
}
