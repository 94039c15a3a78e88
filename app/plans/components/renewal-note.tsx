import { siteConfig } from "~/config/site";
import { manageLabel, renewalDisclosure } from "~/plans/subscription-terms";
import type { Plan } from "~/plans/plans";
import { cn } from "~/lib/cn";

/**
 * The small print beside a checkout button: the price, that it renews monthly until canceled
 * and how to cancel, linked to the Terms (US auto-renewal and EU consumer rules want it in text,
 * before the click). Words from subscription-terms.ts, price from plans.ts.
 */
export function RenewalNote({
  plan,
  id,
  inverse = false,
  className,
}: {
  plan: Plan;
  /** Referenced by the button's aria-describedby. */
  id: string;
  /** On the dark call-to-action band. */
  inverse?: boolean;
  className?: string;
}) {
  const { price, cancel } = renewalDisclosure(plan);
  const link = cn("underline underline-offset-2", inverse ? "text-white" : "text-foreground");
  return (
    <p
      id={id}
      data-renewal-note=""
      className={cn(
        "text-xs leading-5 [overflow-wrap:anywhere]",
        inverse ? "text-ink-muted" : "text-muted-foreground",
        className,
      )}
    >
      {price} {cancel}
      {siteConfig.billingPortalUrl ? (
        <>
          {" "}
          <a href={siteConfig.billingPortalUrl} className={link}>
            {manageLabel}
          </a>
          .
        </>
      ) : null}{" "}
      See our{" "}
      <a href="/terms" className={link}>
        Terms of Service
      </a>
      .
    </p>
  );
}
