import { ResultPage } from "~/plans/manage/components/form-result";
import { KEEP_ANSWER } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.cancelKept) });

export const meta = metaFromLoader;

export default function CancelKept() {
  return (
    <ResultPage title="Subscription kept" answer={KEEP_ANSWER}>
      You can still cancel at any time from the link at the foot of every page.
    </ResultPage>
  );
}
