import { ResultPage } from "~/plans/manage/components/form-result";
import { keepLinkValidity } from "~/plans/billing/subscription-terms";
import { CANCEL_ANSWER } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.cancelRequested) });

export const meta = metaFromLoader;

export default function CancelRequested() {
  return (
    <ResultPage title="Cancellation received" answer={CANCEL_ANSWER}>
      The e-mail names the last day you have paid for and holds a link that undoes the cancellation{" "}
      {keepLinkValidity}. No e-mail within the hour? Check your spam folder, or make sure you used
      the address you subscribed with.
    </ResultPage>
  );
}
