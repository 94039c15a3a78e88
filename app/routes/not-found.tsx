import { buttonVariants } from "~/ui/button";
import { goBackId, goBackScript } from "~/site/go-back-script";
import { notFoundPage } from "~/site/not-found-page";
import { buildMeta } from "~/site/seo";

export const meta = () => buildMeta(notFoundPage);

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">
        <span className="sr-only">404: </span>Page not found
      </h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{notFoundPage.description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Without JavaScript, or with no page to go back to, Go Back leads home. */}
        <a id={goBackId} href="/" className={buttonVariants({ variant: "outline" })}>
          Go Back
        </a>
        <script dangerouslySetInnerHTML={{ __html: goBackScript }} />
        <a href="/" className={buttonVariants()}>
          Return Home
        </a>
      </div>
    </section>
  );
}
