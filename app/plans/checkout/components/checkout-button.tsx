import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, buttonVariants, type ButtonProps } from "~/ui/button";
import type { PriceId } from "~/plans/plans";
import { checkoutIntentHref } from "~/plans/checkout/checkout-intent";
import { cn } from "~/lib/cn";
import { usePageHydrates } from "~/lib/hydration";
import { startCheckout } from "~/plans/checkout/start-checkout";

type CheckoutButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  priceId: PriceId;
  children: ReactNode;
};

/**
 * A plan's checkout control. On a page that hydrates, a button that starts the checkout; on a
 * page that ships no JavaScript, a link to /pricing that starts it there (ADR 009).
 */
export function CheckoutButton(props: CheckoutButtonProps) {
  if (usePageHydrates()) return <ScriptedCheckoutButton {...props} />;
  const { priceId, variant, size, className, children } = props;
  return (
    <a
      href={checkoutIntentHref(priceId)}
      aria-describedby={props["aria-describedby"]}
      className={cn(buttonVariants({ variant, size }), className)}
      data-price-id={priceId}
    >
      {children}
    </a>
  );
}

/**
 * Starts a guest subscription checkout (app/plans/checkout/start-checkout.ts). While a request is in flight
 * the button is busy and ignores further clicks.
 */
function ScriptedCheckoutButton({ priceId, children, ...props }: CheckoutButtonProps) {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  // Coming back from Stripe with the browser's back button restores this page from the
  // back/forward cache with the button still busy; release it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        inFlight.current = false;
        setPending(false);
      }
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  async function onClick() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    if ((await startCheckout(priceId)) === "redirecting") return;
    inFlight.current = false;
    setPending(false);
  }

  return (
    <Button
      type="button"
      {...props}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      data-price-id={priceId}
      onClick={onClick}
    >
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
