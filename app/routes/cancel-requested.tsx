import { ResultPage } from "~/plans/manage/components/form-result";
import { CANCEL_ANSWER, cancelEmailNotes } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.cancelRequested) });

export const meta = metaFromLoader;

export default function CancelRequested() {
  return (
    <ResultPage title="Cancellation received" answer={CANCEL_ANSWER}>
      {cancelEmailNotes.after} No e-mail within the hour? Check your spam folder, or make sure you
      used the address you subscribed with.
    </ResultPage>
  );
}
