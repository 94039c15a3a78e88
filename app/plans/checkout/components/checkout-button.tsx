import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button, type ButtonProps } from "~/ui/button";
import type { PriceId } from "~/plans/plans";
import { checkoutFormAction } from "~/plans/checkout/checkout-form";
import { startCheckout, warmCheckout } from "~/plans/checkout/start-checkout";

type CheckoutButtonProps = Omit<ButtonProps, "onClick" | "children" | "type" | "form"> & {
  priceId: PriceId;
  children: ReactNode;
  /**
   * The id of a `CheckoutForm` rendered elsewhere, for a button inside another form (HTML has
   * no nested forms): the button submits that form instead of wrapping one of its own.
   */
  form?: string;
};

/**
 * A plan's checkout control: a form that posts the plan to the checkout function, which answers
 * with a 303 to Stripe Checkout, so it works on a page with no script and before hydration
 * (ADR 009). Once the page has hydrated, the same form starts the checkout with the toasts of docs/product.md
 * (app/plans/checkout/start-checkout.ts), and while a request is in flight it ignores further submits.
 * A failed post comes back to this page at the notice for its refusal (checkout-notices.ts).
 */
export function CheckoutButton({ priceId, children, form, ...props }: CheckoutButtonProps) {
  if (form !== undefined) {
    return (
      <Button type="submit" form={form} {...props} data-price-id={priceId}>
        {children}
      </Button>
    );
  }
  return (
    <CheckoutForm priceId={priceId}>
      {(pending) => (
        <Button
          type="submit"
          {...props}
          aria-busy={pending || undefined}
          aria-disabled={pending || undefined}
          data-price-id={priceId}
        >
          {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {children}
        </Button>
      )}
    </CheckoutForm>
  );
}

/** The form a checkout button submits; `children` renders its button, told when it is busy. */
export function CheckoutForm({
  priceId,
  id,
  children,
}: {
  priceId: PriceId;
  id?: string;
  children?: (pending: boolean) => ReactNode;
}) {
  const returnTo = useLocation().pathname;
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  useEffect(warmCheckout, []);

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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    if ((await startCheckout(priceId)) === "redirecting") return;
    inFlight.current = false;
    setPending(false);
  }

  return (
    // `contents`: the button lays out as if the form were not there.
    <form
      id={id}
      method="post"
      action={checkoutFormAction()}
      className="contents"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="priceId" value={priceId} />
      <input type="hidden" name="isGuest" value="true" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children?.(pending)}
    </form>
  );
}
