import { ResultPage } from "~/plans/manage/components/form-result";
import { WITHDRAW_ANSWER } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.withdrawReceived) });

export const meta = metaFromLoader;

export default function WithdrawReceived() {
  return (
    <ResultPage title="Withdrawal received" answer={WITHDRAW_ANSWER}>
      Keep the acknowledgment of receipt: it is your record of what you sent and when we received
      it.
    </ResultPage>
  );
}
