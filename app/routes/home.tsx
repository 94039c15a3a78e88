import { CtaSection } from "~/components/sections/cta-section";
import { FeatureGridSection } from "~/components/sections/feature-grid-section";
import { HeroSection } from "~/components/sections/hero-section";
import { PricingSection } from "~/components/sections/pricing-section";
import { TestimonialsSection } from "~/components/sections/testimonials-section";
import { features } from "~/data/features";
import { fixedPages } from "~/data/pages";
import { plans } from "~/data/plans";
import { testimonials } from "~/data/testimonials";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { homeJsonLd } from "~/lib/structured-data";

export const loader = () => ({
  meta: buildMeta(fixedPages.home, { extra: homeJsonLd() }),
});

export const meta = metaFromLoader;

export default function Home() {
  return (
    <>
      <HeroSection />
      <FeatureGridSection features={features} />
      {/* Far below the first screen on every viewport: rendered when they near it (app.css). */}
      <TestimonialsSection testimonials={testimonials} className="render-near-viewport" />
      <PricingSection plans={plans} className="render-near-viewport" />
      <CtaSection />
    </>
  );
}
