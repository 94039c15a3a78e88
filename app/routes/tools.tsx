import { PageHeader } from "~/components/layout/page-header";
import { ToolsSection } from "~/components/sections/tools-section";
import { fixedPages } from "~/data/pages";
import { tools } from "~/data/tools";
import { metaFromLoader } from "~/lib/route-meta";
import { buildMeta } from "~/lib/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.tools) });

export const meta = metaFromLoader;

export default function Tools() {
  return (
    <>
      <PageHeader title="Our Content Tools">
        Six tools that take an episode from recording to everywhere your audience is.
      </PageHeader>
      <ToolsSection tools={tools} />
    </>
  );
}
