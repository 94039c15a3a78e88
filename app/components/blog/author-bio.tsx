import type { Author } from "~/content/authors";

/** The byline's long form, closing the article: who wrote it and from what standpoint. */
export function AuthorBio({ author }: { author: Pick<Author, "name" | "role" | "bio"> }) {
  return (
    <footer className="mx-auto max-w-3xl px-4 pb-14 sm:px-6">
      <div className="rounded-2xl border border-border bg-muted p-6">
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          About the author
        </h2>
        <p className="mt-3 text-lg font-semibold">
          {author.name}
          <span className="font-normal text-muted-foreground">, {author.role}</span>
        </p>
        <p className="mt-2 leading-7 text-muted-foreground">{author.bio}</p>
      </div>
    </footer>
  );
}
