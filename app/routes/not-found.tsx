import { useEffect } from "react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { notFoundPage } from "~/site/not-found-page";
import { buildMeta } from "~/site/seo";
import type { RouteHandle } from "~/lib/hydration";

export const handle: RouteHandle = {
  hydrate: "Go Back steps back in the browser's history, which only a script can do.",
};

export const meta = () => buildMeta(notFoundPage);

export default function NotFound() {
  const { pathname } = useLocation();

  useEffect(() => {
    // The spec asks for the attempted path in the console; a warning keeps error logs for real errors.
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

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
        <button
          type="button"
          className={buttonVariants({ variant: "outline" })}
          onClick={() => window.history.back()}
        >
          Go Back
        </button>
        <a href="/" className={buttonVariants()}>
          Return Home
        </a>
      </div>
    </section>
  );
}
