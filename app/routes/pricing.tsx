import { CtaSection } from "~/components/sections/cta-section";
import { PricingSection } from "~/components/sections/pricing-section";
import { plans } from "~/data/plans";
import { formatPrice } from "~/lib/format";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { pricingJsonLd } from "~/lib/structured-data";

export const loader = () => ({
  meta: buildMeta({
    title: "Pricing",
    description: `Plans from ${formatPrice(plans[0].price)} a month for ${plans[0].episodesPerMonth} episodes to custom Agency workflows. Compare Starter, Pro, Expert and Agency, with a 14-day money-back guarantee.`,
    path: "/pricing",
    extra: pricingJsonLd(),
  }),
});

export const meta = metaFromLoader;

export default function Pricing() {
  return (
    <>
      <PricingSection plans={plans} headingLevel="h1" />
      <CtaSection />
    </>
  );
}
