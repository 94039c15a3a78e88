import { CtaSection } from "~/components/sections/cta-section";
import { FeatureGridSection } from "~/components/sections/feature-grid-section";
import { HeroSection } from "~/components/sections/hero-section";
import { PricingSection } from "~/components/sections/pricing-section";
import { TestimonialsSection } from "~/components/sections/testimonials-section";
import { siteConfig } from "~/config/site";
import { features } from "~/data/features";
import { plans } from "~/data/plans";
import { testimonials } from "~/data/testimonials";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { homeJsonLd } from "~/lib/structured-data";

export const loader = () => ({
  meta: buildMeta({
    title: `${siteConfig.name}: ${siteConfig.tagline}`,
    fullTitle: true,
    description: siteConfig.description,
    path: "/",
    extra: homeJsonLd(),
  }),
});

export const meta = metaFromLoader;

export default function Home() {
  return (
    <>
      <HeroSection />
      <FeatureGridSection features={features} />
      <TestimonialsSection testimonials={testimonials} />
      <PricingSection plans={plans} />
      <CtaSection />
    </>
  );
}
