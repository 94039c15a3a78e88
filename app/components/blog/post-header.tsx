import { coverSize } from "~/components/blog/post-card";
import { PostDate } from "~/components/blog/post-date";
import { Badge } from "~/ui/badge";
import type { Post } from "~/content/blog.server";

type PostHeaderProps = Pick<
  Post,
  | "title"
  | "excerpt"
  | "date"
  | "updated"
  | "category"
  | "author"
  | "image"
  | "imageAlt"
  | "readingMinutes"
>;

/** The top of an article: category, date (and the last update), its single h1, excerpt, byline and cover. */
export function PostHeader({ post }: { post: PostHeaderProps }) {
  return (
    <header>
      <div className="bg-muted">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-40 sm:px-6 sm:pt-20 sm:pb-56">
          <div className="flex flex-wrap items-center gap-3 text-sm font-medium text-muted-foreground">
            <Badge variant="inverse">{post.category}</Badge>
            <PostDate date={post.date} />
            {post.updated && (
              <span>
                Updated <PostDate date={post.updated} />
              </span>
            )}
          </div>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {post.title}
          </h1>
          <p className="mt-5 text-xl leading-8 text-muted-foreground">{post.excerpt}</p>
          <p className="mt-6 text-sm text-muted-foreground">
            By <span className="font-semibold text-foreground">{post.author.name}</span>,{" "}
            {post.author.role}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {post.readingMinutes} min read
          </p>
        </div>
      </div>
      <div className="mx-auto -mt-32 max-w-4xl px-4 sm:-mt-48 sm:px-6">
        <img
          src={post.image}
          alt={post.imageAlt}
          width={coverSize.width}
          height={coverSize.height}
          loading="eager"
          fetchPriority="high"
          className="aspect-video w-full rounded-2xl border border-border object-cover shadow-sm"
        />
      </div>
    </header>
  );
}
