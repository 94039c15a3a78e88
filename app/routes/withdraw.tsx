import { PageHeader } from "~/components/layout/page-header";
import { billingStatements } from "~/plans/billing/billing-rules";
import { WithdrawForm } from "~/plans/manage/components/subscription-forms";
import { strangerWithdrawalRule } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.withdraw) });

export const meta = metaFromLoader;

// The EU/UK withdrawal function: a plain form, one button, no sign-in, and a page back.
export default function Withdraw() {
  return (
    <>
      <PageHeader title="Withdraw from your contract">
        For consumers in the EU and the UK, within 14 days of the day you subscribe, with no
        sign-in.
      </PageHeader>
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <WithdrawForm />
        <div className="mt-10 space-y-4 leading-7 text-muted-foreground">
          <p>{billingStatements.withdraw}</p>
          <p>{strangerWithdrawalRule}</p>
          <p>
            You can also send us the model withdrawal form in our{" "}
            <a href="/terms" className="font-semibold text-primary underline">
              Terms of Service
            </a>
            , or any other clear statement, by e-mail or by post.
          </p>
        </div>
      </section>
    </>
  );
}
