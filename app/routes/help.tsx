import { PageHeader } from "~/components/layout/page-header";
import { FaqSection } from "~/components/sections/faq-section";
import { billingFaqPointer } from "~/plans/billing/billing-faq-pointer";
import { faqs } from "~/plans/billing/faqs";
import { pricingPath } from "~/plans/plans";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import { faqJsonLd } from "~/site/structured-data";
import type { RouteHandle } from "~/lib/hydration";

export const loader = () => ({
  meta: buildMeta(fixedPages.help, { extra: faqJsonLd(faqs) }),
});

export const handle: RouteHandle = {
  hydrate: "The search box filters the questions as the visitor types.",
};

export const meta = metaFromLoader;

export default function Help() {
  return (
    <>
      <PageHeader title="Help Center">
        Find answers to common questions, or write to our support team.
      </PageHeader>
      <FaqSection faqs={faqs} />
      {/* Billing answers live on /pricing (app/plans/billing/billing-faqs.ts); this page points to them. */}
      <p className="mx-auto max-w-3xl px-4 pb-16 text-muted-foreground sm:px-6">
        {billingFaqPointer.lead}{" "}
        <a
          href={`${pricingPath}#${billingFaqPointer.anchor}`}
          className="font-semibold text-primary underline"
        >
          {billingFaqPointer.linkLabel}
        </a>
        .
      </p>
    </>
  );
}
