import { PageHeader } from "~/components/layout/page-header";
import type { RouteHandle } from "~/lib/hydration";
import { EndOlderForm } from "~/plans/manage/components/subscription-forms";
import { END_OLDER_REFUND, END_OLDER_RULE } from "~/plans/manage/manage-copy";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.changePlanEndOlder) });

export const meta = metaFromLoader;

export const handle: RouteHandle = {
  hydrate:
    "The form posts the token from the link's address, which on a static host only a script can copy into it (the Node server fills it in itself); opening the link ends nothing, as mail scanners open links too.",
};

export default function ChangePlanEndOlder() {
  return (
    <>
      <PageHeader title="End your older subscription">
        Your e-mail address has two live subscriptions. Press the button to end the older one, named
        in the e-mail that confirmed your new one; your new subscription is not affected.
      </PageHeader>
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <p className="mb-8 leading-7" data-end-older-effect="">
          {END_OLDER_REFUND}
        </p>
        <EndOlderForm />
        <p className="mt-10 leading-7 text-muted-foreground">{END_OLDER_RULE}</p>
      </section>
    </>
  );
}
