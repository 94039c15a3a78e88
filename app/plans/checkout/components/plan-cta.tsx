import { useId } from "react";
import { CheckoutButton } from "~/plans/checkout/components/checkout-button";
import { RenewalNote } from "~/plans/billing/components/renewal-note";
import { SmartLink } from "~/ui/smart-link";
import { buttonVariants, type ButtonVariant } from "~/ui/button";
import { isExternalUrl, siteConfig } from "~/config/site";
import { startsCheckout, type Plan } from "~/plans/plans";
import { cn } from "~/lib/cn";

/** A plan's call to action: a self-serve plan starts its checkout, Agency opens the contact form. */
export function PlanCta({
  plan,
  size,
  className,
  checkoutForm,
}: {
  plan: Plan;
  size?: ButtonVariant["size"];
  className?: string;
  /** The id of the plan's `CheckoutForm`, when this sits inside another form. */
  checkoutForm?: string;
}) {
  const noteId = useId();
  if (startsCheckout(plan)) {
    return (
      <>
        <CheckoutButton
          priceId={plan.priceId}
          variant={plan.popular ? "primary" : "outline"}
          size={size}
          className={className}
          form={checkoutForm}
          aria-describedby={noteId}
        >
          {plan.ctaLabel}
        </CheckoutButton>
        <RenewalNote plan={plan} id={noteId} className="mt-2" />
      </>
    );
  }
  return (
    <SmartLink
      href={siteConfig.contactUrl}
      newTab={isExternalUrl(siteConfig.contactUrl)}
      className={cn(buttonVariants({ variant: "outline", size }), className)}
    >
      {plan.ctaLabel}
    </SmartLink>
  );
}
