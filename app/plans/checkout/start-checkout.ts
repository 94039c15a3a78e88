import type { PriceId } from "~/plans/plans";
import { checkoutMessages } from "~/plans/checkout/checkout-messages";

let warmed = false;

/**
 * Loads the checkout client and the toasts once the page is idle after hydration, so a tap then
 * waits only for the function, not for two chunks first; the first load still carries neither.
 */
export function warmCheckout(): void {
  if (warmed) return;
  warmed = true;
  const load = () => {
    void import("~/lib/notify").catch(() => {});
    void import("~/plans/checkout/checkout").catch(() => {});
  };
  if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 3_000 });
  else setTimeout(load, 1_000);
}

/**
 * Starts a guest subscription checkout for a plan: the "Preparing checkout..." toast, the call to
 * the function, then the redirect to Stripe, or the failure toast. The Supabase client and sonner
 * are imported here, on first use, so they add nothing to a page's first load. Resolves to
 * "redirecting" once the browser is leaving for Stripe, or "failed" once the failure is shown.
 */
export async function startCheckout(priceId: PriceId): Promise<"redirecting" | "failed"> {
  let message: string = checkoutMessages.tryAgain;
  try {
    const [{ notify }, checkout] = await Promise.all([
      import("~/lib/notify"),
      import("~/plans/checkout/checkout"),
    ]);
    // The toast is raised before the request starts, in docs/product.md's order; it shows as soon
    // as the toaster has mounted, and the request does not wait for that.
    void notify("info", checkoutMessages.preparing);
    const outcome = await checkout.requestCheckout(
      priceId,
      checkout.supabaseInvoke(window.location.origin),
    );
    if (outcome.ok) {
      window.location.assign(outcome.url);
      return "redirecting";
    }
    message = outcome.message;
    void notify("error", message);
  } catch {
    // The chunks themselves failed to load (offline, say).
    const { notify } = await import("~/lib/notify").catch(() => ({ notify: null }));
    if (notify) void notify("error", message);
  }
  return "failed";
}
