import { Prose } from "~/components/blog/prose";
import { PageHeader } from "~/components/layout/page-header";
import { siteLegalTokens } from "~/data/legal-tokens";
import { legalPage } from "~/site/pages.server";
import { formatLongDate } from "~/lib/dates";
import { getLegalPage } from "~/content/legal.server";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import type { Route } from "./+types/legal";

// Runs at build time only: every legal page is prerendered from content/legal/<slug>.md.
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const page = getLegalPage(slug, siteLegalTokens());
  return {
    html: page.html,
    title: page.title,
    updated: page.updated,
    revised: page.revised,
    meta: buildMeta(legalPage(page)),
  };
}

export const meta = metaFromLoader;

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { title, updated, revised, html } = loaderData;
  return (
    <article>
      <PageHeader title={title}>
        Last updated <time dateTime={updated}>{formatLongDate(updated)}</time>
        {revised > updated ? (
          <>
            {" · "}Revised <time dateTime={revised}>{formatLongDate(revised)}</time>
          </>
        ) : null}
      </PageHeader>
      <Prose html={html} className="mx-auto max-w-3xl px-4 py-12 sm:px-6" />
    </article>
  );
}
