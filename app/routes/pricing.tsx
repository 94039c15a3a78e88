import { BillingFaqSection } from "~/components/sections/billing-faq-section";
import { CtaSection } from "~/components/sections/cta-section";
import { PlanComparisonSection } from "~/components/sections/plan-comparison-section";
import { PlanFinderSection } from "~/components/sections/plan-finder-section";
import { PricingSection } from "~/components/sections/pricing-section";
import { billingFaqs } from "~/data/billing-faqs";
import { fixedPages } from "~/data/pages";
import { plans } from "~/data/plans";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { faqJsonLd, pricingJsonLd } from "~/lib/structured-data";

export const loader = () => ({
  meta: buildMeta(fixedPages.pricing, {
    // The Help Center's FAQPage already carries the questions both pages show.
    extra: [...pricingJsonLd(), ...faqJsonLd(billingFaqs.filter((item) => !item.inHelpCenter))],
  }),
});

export const meta = metaFromLoader;

export default function Pricing() {
  return (
    <>
      <PricingSection plans={plans} headingLevel="h1" />
      {/* Below the cards on every viewport: laid out when they near it (app.css). */}
      <PlanComparisonSection
        plans={plans}
        className="render-near-viewport [--near-viewport-height:1500px]"
      />
      <PlanFinderSection className="render-near-viewport [--near-viewport-height:1300px]" />
      <BillingFaqSection faqs={billingFaqs} />
      <CtaSection />
    </>
  );
}
