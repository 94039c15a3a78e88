import { PageHeader } from "~/components/layout/page-header";
import { TestimonialsSection } from "~/components/sections/testimonials-section";
import { fixedPages } from "~/site/pages";
import { testimonials } from "~/data/testimonial-quotes";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.testimonials) });

export const meta = metaFromLoader;

export default function Testimonials() {
  return (
    <>
      <PageHeader title="What Our Customers Say">
        Hosts, producers and marketers on getting more from every episode.
      </PageHeader>
      <TestimonialsSection testimonials={testimonials} showHeading={false} />
    </>
  );
}
