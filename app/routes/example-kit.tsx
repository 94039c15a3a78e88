import { EpisodeCard } from "~/examples/components/episode-card";
import { CtaSection } from "~/components/sections/cta-section";
import { KitExplorer } from "~/examples/components/kit-explorer";
import { examplesPath, kitPath } from "~/examples/example-assets";
import { getAllKits } from "~/examples/kit-loader.server";
import { kitMeasures } from "~/examples/kit-measures.server";
import { kitPage } from "~/site/pages.server";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { breadcrumbJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/example-kit";
import type { RouteHandle } from "~/lib/hydration";

// Runs at build time only: each kit is prerendered from content/examples/<slug>.yaml.
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/examples\/|\/+$/g, "");
  const kits = getAllKits();
  const kit = kits.find((candidate) => candidate.slug === slug);
  if (!kit) throw new Response("Not Found", { status: 404 });
  const { title } = kit.episode;
  const other = kits.find((candidate) => candidate !== kit);
  return {
    kit,
    measures: kitMeasures(kit),
    other: other
      ? { slug: other.slug, show: other.episode.show, title: other.episode.title }
      : null,
    meta: buildMeta(kitPage(kit), {
      extra: breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Examples", path: examplesPath },
        { name: title, path: kitPath(kit.slug) },
      ]),
    }),
  };
}

export const handle: RouteHandle = {
  hydrate: "The copy buttons write to the clipboard, and the tabs switch between the kit's assets.",
};

export const meta = metaFromLoader;

export default function ExampleKitPage({ loaderData }: Route.ComponentProps) {
  const { kit, measures, other } = loaderData;
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">
          <a href={examplesPath} className="underline underline-offset-4">
            Examples
          </a>{" "}
          · Sample kit
        </p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {kit.episode.title}
        </h1>
        <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">
          Everything one episode of {kit.episode.show} became from a single upload on the {kit.plan}{" "}
          plan. The show and its people are invented for this example; the formats are exactly what
          you receive.
        </p>
        <div className="mt-8">
          <EpisodeCard episode={kit.episode} />
        </div>
        <div className="mt-12">
          <KitExplorer kit={kit} measures={measures} />
        </div>
        {other ? (
          <p className="mt-16 border-t border-border pt-8 text-lg">
            Next, a different kind of show:{" "}
            <a
              href={kitPath(other.slug)}
              className="font-semibold text-primary underline underline-offset-4"
            >
              {other.show}, “{other.title}”
            </a>
          </p>
        ) : null}
      </div>
      <CtaSection />
    </>
  );
}
