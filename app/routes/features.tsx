import { CtaSection } from "~/components/sections/cta-section";
import { FeatureGridSection } from "~/components/sections/feature-grid-section";
import { features } from "~/data/features";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";

export const loader = () => ({
  meta: buildMeta({
    title: "Features",
    description:
      "Transcripts, summaries, key points, X threads, LinkedIn posts, carousels, templates and captions: eight formats from every podcast episode.",
    path: "/features",
  }),
});

export const meta = metaFromLoader;

export default function Features() {
  return (
    <>
      <FeatureGridSection features={features} headingLevel="h1" />
      <CtaSection />
    </>
  );
}
