import { CtaSection } from "~/components/sections/cta-section";
import { HeroSection } from "~/components/sections/hero-section";
import { PricingSection } from "~/plans/components/pricing-section";
import { TestimonialsSection } from "~/components/sections/testimonials-section";
import { fixedPages } from "~/site/pages";
import { plans } from "~/plans/plans";
import { testimonials } from "~/data/testimonial-quotes";
import { exampleTeaserHtml, featureGridHtml } from "~/components/sections/home-sections.server";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { homeJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/home";

export const loader = () => ({
  featureGrid: featureGridHtml(),
  exampleTeaser: exampleTeaserHtml(),
  meta: buildMeta(fixedPages.home, { extra: homeJsonLd() }),
});

export const meta = metaFromLoader;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroSection />
      {/* Static markup made at build time: these sections add no JavaScript to this page. */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.featureGrid }} />
      <div dangerouslySetInnerHTML={{ __html: loaderData.exampleTeaser }} />
      <TestimonialsSection testimonials={testimonials} />
      <PricingSection plans={plans} />
      <CtaSection />
    </>
  );
}
