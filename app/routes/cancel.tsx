import { PageHeader } from "~/components/layout/page-header";
import { billingStatements } from "~/plans/billing/billing-rules";
import { CancelForm } from "~/plans/manage/components/subscription-forms";
import { cancelEmailNotes } from "~/plans/manage/manage-copy";
import {
  cancelEmailLabel,
  cancelMailto,
  withdrawLabel,
  withdrawPath,
} from "~/plans/billing/subscription-terms";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.cancel) });

export const meta = metaFromLoader;

// A plain form that posts to the function and gets a page back: no script, no sign-in.
export default function Cancel() {
  return (
    <>
      <PageHeader title="Cancel your subscription">
        Enter the e-mail address you used at checkout. No sign-in, no code, no second visit.
      </PageHeader>
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        {/* What the button does, read before it is pressed: at once in the first fortnight. */}
        <p className="mb-8 leading-7" data-cancel-rule="">
          {billingStatements.cancelWhen} {billingStatements.firstFortnightRefund}
        </p>
        <CancelForm />
        <div className="mt-10 space-y-4 leading-7 text-muted-foreground">
          <p>
            {cancelEmailNotes.before} To keep who subscribes private, the answer on the next page is
            the same whether or not an address has a subscription.
          </p>
          <p>
            Prefer e-mail? Send our{" "}
            <a
              href={cancelMailto}
              className="font-semibold text-primary underline"
              data-cancel-email=""
            >
              {cancelEmailLabel}
            </a>{" "}
            from the address you subscribed with. Not your first subscription, and subscribed in the
            EU or the UK in the last 14 days?{" "}
            <a href={withdrawPath} className="font-semibold text-primary underline">
              {withdrawLabel}
            </a>
            .
          </p>
        </div>
      </section>
    </>
  );
}
