import { CtaSection } from "~/components/sections/cta-section";
import { FeatureGridSection } from "~/components/sections/feature-grid-section";
import { features } from "~/data/feature-list";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.features) });

export const meta = metaFromLoader;

export default function Features() {
  return (
    <>
      <FeatureGridSection features={features} headingLevel="h1" />
      <CtaSection />
    </>
  );
}
