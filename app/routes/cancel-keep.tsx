import { PageHeader } from "~/components/layout/page-header";
import type { RouteHandle } from "~/lib/hydration";
import { KeepForm } from "~/plans/manage/components/subscription-forms";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.cancelKeep) });

export const meta = metaFromLoader;

export const handle: RouteHandle = {
  hydrate:
    "The undo form posts the token from the link's address, which on a static host only a script can copy into it (the Node server fills it in itself); opening the link changes nothing, as mail scanners open links too.",
};

export default function CancelKeep() {
  return (
    <>
      <PageHeader title="Keep your subscription">
        Changed your mind, or did not ask for this? Press the button to undo the cancellation or
        stop the withdrawal: your subscription then renews as before.
      </PageHeader>
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <KeepForm />
      </section>
    </>
  );
}
