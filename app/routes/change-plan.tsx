import { PageHeader } from "~/components/layout/page-header";
import { ChangePlanForm } from "~/plans/manage/components/subscription-forms";
import { changePlanEmailNote, PLAN_CHANGE_RULE } from "~/plans/manage/manage-copy";
import { cancelPath } from "~/plans/billing/subscription-terms";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.changePlan) });

export const meta = metaFromLoader;

// A plain form that posts to the function and gets a page back: no script, no sign-in.
export default function ChangePlan() {
  return (
    <>
      <PageHeader title="Change your plan">
        Enter the e-mail address you used at checkout. The change is made on the subscription you
        have, so you never pay for two.
      </PageHeader>
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <ChangePlanForm />
        <div className="mt-10 space-y-4 leading-7 text-muted-foreground">
          <p>{PLAN_CHANGE_RULE}</p>
          <p>
            {changePlanEmailNote} To keep who subscribes private, the answer on the next page is the
            same whether or not an address has a subscription.
          </p>
          <p>
            Want to stop instead?{" "}
            <a href={cancelPath} className="font-semibold text-primary underline">
              Cancel your subscription
            </a>
            .
          </p>
        </div>
      </section>
    </>
  );
}
