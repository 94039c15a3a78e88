import { cancelLabel, cancelPath, renewalDisclosure } from "~/plans/billing/subscription-terms";
import type { Plan } from "~/plans/plans";
import { cn } from "~/lib/cn";

/**
 * The renewal terms beside a checkout button: the amount, that it renews every month until
 * canceled, tax, price changes, and how and when canceling takes effect, linked to the Terms.
 * US auto-renewal laws want them clear and conspicuous before the click, so they are body-size
 * text at full contrast, never fine print. Words from subscription-terms.ts, price from plans.ts.
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
  const { price, priceChange, cancel, effect } = renewalDisclosure(plan);
  const link = cn("underline underline-offset-2", inverse ? "text-white" : "text-foreground");
  return (
    <p
      id={id}
      data-renewal-note=""
      data-price-block=""
      className={cn(
        "text-base leading-6 [overflow-wrap:anywhere]",
        inverse ? "text-white" : "text-foreground",
        className,
      )}
    >
      {price} {priceChange} {cancel}{" "}
      <a href={cancelPath} className={link} data-cancel-link="">
        {cancelLabel}
      </a>
      . {effect} See our{" "}
      <a href="/terms" className={link}>
        Terms of Service
      </a>
      .
    </p>
  );
}
