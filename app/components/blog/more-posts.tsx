import { postHref } from "~/components/blog/post-card";
import { PostDate } from "~/components/blog/post-date";
import type { PostSummary } from "~/content/blog.server";

/** Links to the other articles, below the one being read. */
export function MorePosts({ posts }: { posts: readonly PostSummary[] }) {
  return (
    <aside aria-labelledby="more-posts-heading" className="border-t border-border bg-muted">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 id="more-posts-heading" className="text-2xl font-bold tracking-tight">
          More from the blog
        </h2>
        <ul className="mt-6 divide-y divide-border">
          {posts.map((post) => (
            <li key={post.id} className="py-4">
              <p className="text-sm text-muted-foreground">
                {post.category}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                <PostDate date={post.date} />
              </p>
              <a
                href={postHref(post)}
                className="mt-1 block text-lg font-semibold text-foreground hover:text-primary"
              >
                {post.title}
              </a>
            </li>
          ))}
        </ul>
        <a
          href="/blog"
          className="mt-6 inline-block font-semibold text-primary hover:text-primary-hover"
        >
          All articles
        </a>
      </div>
    </aside>
  );
}
