import { BillingFaqSection } from "~/components/sections/billing-faq-section";
import { CtaSection } from "~/components/sections/cta-section";
import { PlanComparisonSection } from "~/components/sections/plan-comparison-section";
import { PlanFinderSection } from "~/components/sections/plan-finder-section";
import { PricingSection } from "~/components/sections/pricing-section";
import { billingFaqs } from "~/data/billing-faqs";
import { useCheckoutIntent } from "~/lib/checkout-intent";
import { fixedPages } from "~/data/pages";
import { plans } from "~/data/plans";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { faqJsonLd, pricingJsonLd } from "~/lib/structured-data";
import type { RouteHandle } from "~/lib/hydration";

export const loader = () => ({
  meta: buildMeta(fixedPages.pricing, {
    // The Help Center's FAQPage already carries the questions both pages show.
    extra: [...pricingJsonLd(), ...faqJsonLd(billingFaqs.filter((item) => !item.inHelpCenter))],
  }),
});

export const handle: RouteHandle = {
  hydrate:
    "The plan cards start a Stripe checkout, and the plan finder recommends as the visitor answers.",
};

export const meta = metaFromLoader;

export default function Pricing() {
  useCheckoutIntent();
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
