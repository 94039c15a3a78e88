import { useEffect } from "react";
import { plans, pricingPath, startsCheckout, type PriceId } from "~/plans/plans";
import { startCheckout } from "~/plans/checkout/start-checkout";

// A page that ships no JavaScript cannot start a checkout itself, so its plan buttons are links
// to /pricing that name the plan; /pricing hydrates and starts that checkout at once (ADR 009).
// Without JavaScript the link still shows the plans, prices and terms.
const param = "checkout";

/** Where a static page's "Subscribe" link goes: /pricing, starting the plan's checkout. */
export function checkoutIntentHref(priceId: PriceId): string {
  return `${pricingPath}?${param}=${encodeURIComponent(priceId)}`;
}

/** On /pricing: starts the checkout a static page's link asked for, once, and forgets it. */
export function useCheckoutIntent(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const asked = url.searchParams.get(param);
    if (asked === null) return;
    url.searchParams.delete(param);
    // Back from Stripe, or a reload, must not start it again.
    window.history.replaceState(window.history.state, "", url);
    const plan = plans.find((p) => startsCheckout(p) && p.priceId === asked);
    if (plan) void startCheckout(plan.priceId);
  }, []);
}
