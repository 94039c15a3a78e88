import { PageHeader } from "~/components/layout/page-header";
import { FaqSection } from "~/components/sections/faq-section";
import { faqs } from "~/data/faqs";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";
import { faqJsonLd } from "~/lib/structured-data";

export const loader = () => ({
  meta: buildMeta({
    title: "Help Center",
    description:
      "Answers about audio formats, transcript accuracy, plans, the 14-day money-back guarantee and canceling, plus how to reach support.",
    path: "/help",
    extra: faqJsonLd(faqs),
  }),
});

export const meta = metaFromLoader;

export default function Help() {
  return (
    <>
      <PageHeader title="Help Center">
        Find answers to common questions, or write to our support team.
      </PageHeader>
      <FaqSection faqs={faqs} />
    </>
  );
}
