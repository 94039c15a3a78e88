import { ArrowRight } from "lucide-react";
import { buttonVariants } from "~/ui/button";
import { SlidePreview } from "~/examples/components/slide-preview";
import { examplesPath, kitFiles, kitPath } from "~/examples/example-assets";
import type { ExampleKit } from "~/examples/kit";
import { SectionHeading } from "~/ui/section-heading";

const link = "font-semibold text-primary underline underline-offset-4";

/**
 * "What one episode becomes": a few posts of a kit's thread and one carousel slide, linking to
 * the explorer. Rendered to static markup at build time (app/components/sections/home-sections.server.tsx),
 * so it adds no JavaScript to the home page; its links are therefore plain anchors.
 */
export function ExampleTeaserSection({ kit }: { kit: ExampleKit }) {
  const { show, number, title } = kit.episode;
  const posts = kit.xThread.slice(0, 3);
  const slide = kit.carousel[1] ?? kit.carousel[0]!;
  const slideFiles = kitFiles(kit.slug, kit.carousel.length).slides[kit.carousel.indexOf(slide)]!;
  return (
    <section aria-labelledby="examples-heading" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="examples-heading" eyebrow="Examples" title="What one episode becomes">
          {`Episode ${number} of ${show}, “${title}”, went in. Here is part of what came out.`}
        </SectionHeading>
        <div className="mt-14 grid items-start gap-10 lg:grid-cols-[1fr_20rem]">
          <div>
            <h3 className="text-lg font-semibold">
              The X thread, {posts.length} of its {kit.xThread.length} posts
            </h3>
            <ol className="mt-4 space-y-4">
              {posts.map((post) => (
                <li
                  key={post}
                  className="rounded-2xl border border-border bg-white p-5 leading-7 whitespace-pre-line shadow-sm"
                >
                  {post}
                </li>
              ))}
            </ol>
            <p className="mt-4">
              <a href={kitPath(kit.slug, "x-thread")} className={link}>
                Read the whole thread
              </a>
            </p>
          </div>
          <figure>
            <SlidePreview
              src={slideFiles.preview}
              slide={slide}
              className="h-auto w-full rounded-2xl border border-border shadow-sm"
            />
            <figcaption className="mt-3 text-sm text-muted-foreground">
              A slide of the carousel.{" "}
              <a href={kitPath(kit.slug, "carousel")} className={link}>
                See all {kit.carousel.length} slides
              </a>
            </figcaption>
          </figure>
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <a href={kitPath(kit.slug)} className={buttonVariants({ size: "lg" })}>
            Explore the full kit
            <ArrowRight aria-hidden="true" />
          </a>
          <a href={examplesPath} className={buttonVariants({ size: "lg", variant: "outline" })}>
            See both examples
          </a>
        </div>
      </div>
    </section>
  );
}
