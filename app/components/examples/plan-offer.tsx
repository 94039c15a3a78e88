import { CheckoutButton } from "~/components/forms/checkout-button";
import type { PlanOffer as Offer } from "~/data/example-assets";

/**
 * Which plans include an asset, and a button that starts checkout for the cheapest of them.
 * The loader works both out from app/data/plans.ts (see planOffer), so no plan logic ships.
 */
export function PlanOffer({ offer }: { offer: Offer }) {
  return (
    <div className="mt-8 flex max-w-3xl flex-col gap-3 rounded-xl bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm leading-6">
        <span className="font-semibold">{offer.included}.</span>{" "}
        <a href="/pricing" className="font-medium text-primary underline underline-offset-4">
          Compare plans
        </a>
      </p>
      {offer.cheapest ? (
        <CheckoutButton priceId={offer.cheapest.priceId} size="sm" className="shrink-0">
          {offer.cheapest.label}
        </CheckoutButton>
      ) : null}
    </div>
  );
}
