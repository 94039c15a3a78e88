import { PostCard } from "~/components/blog/post-card";
import type { PostSummary } from "~/content/blog.server";

// Two cards share the first row on wide screens, so both covers are above the fold.
const eagerCovers = 2;

export function PostGrid({ posts }: { posts: readonly PostSummary[] }) {
  return (
    <section aria-label="Articles" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <ul className="grid gap-8 md:grid-cols-2">
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} eager={index < eagerCovers} />
          </li>
        ))}
      </ul>
    </section>
  );
}
