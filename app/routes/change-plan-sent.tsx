import { ResultPage } from "~/plans/manage/components/form-result";
import { CHANGE_PLAN_ANSWER, changePlanEmailNote } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.changePlanSent) });

export const meta = metaFromLoader;

export default function ChangePlanSent() {
  return (
    <ResultPage title="Check your e-mail" answer={CHANGE_PLAN_ANSWER}>
      {changePlanEmailNote} No e-mail within the hour? Check your spam folder, or make sure you used
      the address you subscribed with.
    </ResultPage>
  );
}
