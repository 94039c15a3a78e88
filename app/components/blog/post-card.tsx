import { ArrowRight } from "lucide-react";
import { PostDate } from "~/components/blog/post-date";
import { Badge } from "~/ui/badge";
import type { PostSummary } from "~/content/blog.server";

/** Covers are drawn at 1600×900; the box keeps that 16:9 shape before the image loads. */
export const coverSize = { width: 1600, height: 900 } as const;

/** A post's link: its path, or `/blog/{id}` when it has none (docs/product.md's fallback). */
export function postHref(post: Pick<PostSummary, "id" | "path">): string {
  return post.path ?? `/blog/${post.id}`;
}

export function PostCard({ post, eager = false }: { post: PostSummary; eager?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-sm">
      <div className="aspect-video overflow-hidden bg-muted" data-testid="post-cover">
        <img
          src={post.image}
          alt={post.imageAlt}
          width={coverSize.width}
          height={coverSize.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Badge>{post.category}</Badge>
          <PostDate date={post.date} />
        </div>
        <h2 className="mt-4 text-2xl font-bold tracking-tight text-balance">{post.title}</h2>
        <p className="mt-3 flex-1 leading-7 text-muted-foreground">{post.excerpt}</p>
        <a
          href={postHref(post)}
          className="mt-6 inline-flex items-center gap-1.5 self-start font-semibold text-primary hover:text-primary-hover"
        >
          Read More<span className="sr-only"> about {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </article>
  );
}
