import { PageHeader } from "~/components/layout/page-header";
import { AboutPointsSection, AboutStatement } from "~/components/sections/about-sections";
import { CtaSection } from "~/components/sections/cta-section";
import { siteConfig } from "~/config/site";
import { about } from "~/data/about-page";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.about) });

export const meta = metaFromLoader;

export default function About() {
  return (
    <>
      <PageHeader title={`About ${siteConfig.name}`}>{about.intro}</PageHeader>
      <AboutStatement id="mission" title="Our Mission" text={about.mission} />
      <AboutStatement id="vision" title="Our Vision" text={about.vision} />
      <AboutPointsSection id="why-choose-us" title="Why Choose Us" points={about.whyChooseUs} />
      <AboutPointsSection id="values" title="Our Values" points={about.values} />
      <div className="pb-12" />
      <CtaSection />
    </>
  );
}
