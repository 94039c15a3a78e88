import { ArrowRight } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { CtaSection } from "~/components/sections/cta-section";
import { exampleAssets, kitFiles, kitPath } from "~/examples/example-assets";
import { SlidePreview } from "~/examples/components/slide-preview";
import { formatDuration } from "~/examples/kit";
import { getAllKits } from "~/examples/kit-loader.server";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { fixedPages } from "~/site/pages";
import type { Route } from "./+types/examples";

export const loader = () => ({
  kits: getAllKits().map(({ slug, episode, carousel }) => ({ slug, episode, cover: carousel[0]! })),
  meta: buildMeta(fixedPages.examples),
});

export const meta = metaFromLoader;

export default function Examples({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Examples">
        Two episodes, two kinds of show, and every asset each one became. Open a kit to read, copy
        and download it.
      </PageHeader>
      <ul className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-2">
        {loaderData.kits.map(({ slug, episode, cover }) => (
          <li key={slug}>
            <article
              aria-labelledby={`kit-${slug}`}
              className="flex h-full flex-col gap-6 rounded-2xl border border-border bg-white p-6 shadow-sm sm:flex-row"
            >
              <div className="flex flex-1 flex-col">
                <p className="text-sm font-semibold tracking-wide text-primary uppercase">
                  {episode.show} · Episode {episode.number}
                </p>
                <h2 id={`kit-${slug}`} className="mt-2 text-2xl font-bold tracking-tight">
                  {episode.title}
                </h2>
                <p className="mt-3 leading-7 text-muted-foreground">{episode.premise}</p>
                <p className="mt-3 text-sm font-medium">
                  {episode.format} · {formatDuration(episode.duration)} ·{" "}
                  {episode.speakers.map((speaker) => speaker.name).join(" and ")}
                </p>
                <p className="mt-3 text-sm text-muted-foreground">
                  {exampleAssets.length} assets:{" "}
                  {exampleAssets.map((asset) => asset.label).join(", ")}.
                </p>
                {/* A label, not an sr-only span: the flex link's parts would join with a space
                    before the colon in its name. */}
                <a
                  href={kitPath(slug)}
                  aria-label={`Explore the kit: ${episode.title}`}
                  className="mt-auto inline-flex min-h-11 items-center gap-2 pt-4 font-semibold text-primary underline underline-offset-4"
                >
                  Explore the kit
                  <ArrowRight aria-hidden="true" className="size-4" />
                </a>
              </div>
              <SlidePreview
                src={kitFiles(slug, 1).slides[0]!.preview}
                slide={cover}
                lazy={false}
                className="h-auto w-40 self-start rounded-xl border border-border sm:w-44"
              />
            </article>
          </li>
        ))}
      </ul>
      <CtaSection />
    </>
  );
}
