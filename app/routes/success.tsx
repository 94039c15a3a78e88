import { CheckCircle2 } from "lucide-react";
import { buttonVariants } from "~/ui/button";
import { siteConfig } from "~/config/site";
import { billingStatements } from "~/plans/billing/billing-rules";
import {
  cancelLabel,
  cancelPath,
  portalLabel,
  withdrawLabel,
  withdrawPath,
} from "~/plans/billing/subscription-terms";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.success) });

export const meta = metaFromLoader;

// This page only says thank you and reads nothing: anyone can open it. The confirmation e-mail
// comes from the stripe-webhook function on Stripe's signed word, never from a visit here.
export default function Success() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <CheckCircle2 aria-hidden="true" className="size-20 text-success" strokeWidth={1.75} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">Subscription Successful!</h1>
      <p className="mt-5 text-lg leading-8">
        Thank you for subscribing. We're excited to help you grow your podcast and get every episode
        in front of more listeners.
      </p>
      <p className="mt-4 leading-7 text-muted-foreground">
        {billingStatements.confirmation} {billingStatements.receipt} If you have any questions,
        please contact our support team.
      </p>
      <p className="mt-4 leading-7 text-muted-foreground">
        <a href={cancelPath} className="font-semibold text-primary underline underline-offset-4">
          {cancelLabel}
        </a>
        : {billingStatements.cancel} {billingStatements.cancelWhen}
      </p>
      <p className="mt-4 leading-7 text-muted-foreground">
        <a href={withdrawPath} className="font-semibold text-primary underline underline-offset-4">
          {withdrawLabel}
        </a>
        : {billingStatements.withdraw}
      </p>
      {siteConfig.billingPortalUrl ? (
        <p className="mt-4 leading-7 text-muted-foreground">
          <a
            href={siteConfig.billingPortalUrl}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {portalLabel}
          </a>
          : {billingStatements.portal}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonVariants()}>
          Return to Home
        </a>
        <a href="/help" className={buttonVariants({ variant: "outline" })}>
          Get Help
        </a>
      </div>
    </section>
  );
}
