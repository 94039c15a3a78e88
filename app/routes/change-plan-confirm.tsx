import { PageHeader } from "~/components/layout/page-header";
import type { RouteHandle } from "~/lib/hydration";
import { PortalForm } from "~/plans/manage/components/subscription-forms";
import { PLAN_CHANGE_RULE } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.changePlanConfirm) });

export const meta = metaFromLoader;

export const handle: RouteHandle = {
  hydrate:
    "The form posts the token from the link's address, which on a static host only a script can copy into it (the Node server fills it in itself); opening the link changes nothing, as mail scanners open links too.",
};

export default function ChangePlanConfirm() {
  return (
    <>
      <PageHeader title="Change your plan">
        Press the button to open your subscription at our payment provider, Stripe. You choose the
        new plan there and see the amount before you confirm.
      </PageHeader>
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <PortalForm />
        <p className="mt-10 leading-7 text-muted-foreground">{PLAN_CHANGE_RULE}</p>
      </section>
    </>
  );
}
