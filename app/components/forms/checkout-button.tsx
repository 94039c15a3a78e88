import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { PriceId } from "~/data/plans";
import { checkoutMessages } from "~/lib/checkout-messages";

type CheckoutButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  priceId: PriceId;
  children: ReactNode;
};

/**
 * Starts a guest subscription checkout. The Supabase client and sonner are imported on the
 * first click, so they add nothing to the page's first load. While a request is in flight the
 * button is busy and ignores further clicks.
 */
export function CheckoutButton({ priceId, children, ...props }: CheckoutButtonProps) {
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
    let message: string = checkoutMessages.tryAgain;
    try {
      const [{ notify }, checkout] = await Promise.all([
        import("~/lib/notify"),
        import("~/lib/checkout"),
      ]);
      // The toast is on its way before the request starts, as the spec orders them.
      await notify("info", checkoutMessages.preparing);
      const outcome = await checkout.requestCheckout(
        priceId,
        checkout.supabaseInvoke(window.location.origin),
      );
      if (outcome.ok) {
        window.location.assign(outcome.url);
        return;
      }
      message = outcome.message;
      void notify("error", message);
    } catch {
      // The chunks themselves failed to load (offline, say).
      const { notify } = await import("~/lib/notify").catch(() => ({ notify: null }));
      if (notify) void notify("error", message);
    }
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
