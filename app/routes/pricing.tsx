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
      <PlanComparisonSection plans={plans} />
      <PlanFinderSection />
      <BillingFaqSection faqs={billingFaqs} />
      <CtaSection />
    </>
  );
}
