import { BillingFaqSection } from "~/components/sections/billing-faq-section";
import { CtaSection } from "~/components/sections/cta-section";
import { PlanComparisonSection } from "~/components/sections/plan-comparison-section";
import { PlanFinderSection } from "~/components/sections/plan-finder-section";
import { PricingSection } from "~/components/sections/pricing-section";
import { billingFaqs } from "~/data/billing-faqs";
import { plans } from "~/data/plans";
import { formatPrice } from "~/lib/format";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { faqJsonLd, pricingJsonLd } from "~/lib/structured-data";

export const loader = () => ({
  meta: buildMeta({
    title: "Pricing",
    description: `Plans from ${formatPrice(plans[0].price)} a month for ${plans[0].episodesPerMonth} episodes to custom Agency workflows. Compare Starter, Pro, Expert and Agency, with a 14-day money-back guarantee.`,
    path: "/pricing",
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
