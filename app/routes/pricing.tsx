import { BillingFaqSection } from "~/plans/billing/components/billing-faq-section";
import { CtaSection } from "~/components/sections/cta-section";
import { PlanComparisonSection } from "~/plans/components/plan-comparison-section";
import { PlanFinderSection } from "~/plans/finder/components/plan-finder-section";
import { PricingSection } from "~/plans/components/pricing-section";
import { repurposingTimeLog } from "~/content/time-log.server";
import { startingTaskHours } from "~/plans/finder/time-saved";
import { billingFaqs } from "~/plans/billing/billing-faqs";
import { useCheckoutIntent } from "~/plans/checkout/checkout-intent";
import { fixedPages } from "~/site/pages";
import { plans } from "~/plans/plans";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { faqJsonLd, pricingJsonLd } from "~/site/structured-data";
import type { RouteHandle } from "~/lib/hydration";
import type { Route } from "./+types/pricing";

export const loader = () => ({
  startingHours: startingTaskHours(repurposingTimeLog()),
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

export default function Pricing({ loaderData }: Route.ComponentProps) {
  useCheckoutIntent();
  return (
    <>
      <PricingSection plans={plans} headingLevel="h1" />
      <PlanComparisonSection plans={plans} />
      <PlanFinderSection startingHours={loaderData.startingHours} />
      <BillingFaqSection faqs={billingFaqs} />
      <CtaSection />
    </>
  );
}
