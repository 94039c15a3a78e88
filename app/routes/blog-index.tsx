import { PageHeader } from "~/components/layout/page-header";
import { buildMeta } from "~/lib/seo";

export const meta = () =>
  buildMeta({
    title: "Podcast Growth Blog",
    description:
      "Practical advice on repurposing, social media, SEO, audiograms and analytics for podcast hosts, producers and marketers.",
    path: "/blog",
  });

export default function BlogIndex() {
  return <PageHeader title="Podcast Growth Blog" />;
}
